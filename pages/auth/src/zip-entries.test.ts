import { deflateSync, Inflate, strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unpackEntry, type ZipEntry, zipEntries } from "./zip-entries.ts";
import { centralRecords, declaring, joined } from "./zip-fixtures.ts";

/** The ZIP with each entry's method (both headers) set to `method`, as a ZIP made by hand may say. */
function withMethod(zip: Uint8Array, method: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (const at of centralRecords(copy)) {
    view.setUint16(at + 10, method, true);
    view.setUint16(view.getUint32(at + 42, true) + 8, method, true);
  }
  return copy;
}

/** Everything an entry unpacks to, or null when it cannot be unpacked. */
function unpackAll(zip: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const parts: Uint8Array[] = [];
  if (!unpackEntry(zip, entry, (bytes) => parts.push(bytes.slice()))) return null;
  return joined(parts);
}

/**
 * A ZIP of one stored file written as ZIP64 (APPNOTE 4.3.14, 4.5.3): its sizes and offset 0xFFFFFFFF in the
 * central record, the true ones in its ZIP64 extra field; the count and offset in the ZIP64 end record.
 */
function zip64Of(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = strToU8(name);
  const out = new Uint8Array(30 + nameBytes.length + data.length + 46 + nameBytes.length + 28 + 56 + 20 + 22);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(26, nameBytes.length, true);
  out.set(nameBytes, 30);
  out.set(data, 30 + nameBytes.length);
  const central = 30 + nameBytes.length + data.length;
  v.setUint32(central, 0x02014b50, true);
  v.setUint32(central + 20, 0xffffffff, true);
  v.setUint32(central + 24, 0xffffffff, true);
  v.setUint16(central + 28, nameBytes.length, true);
  v.setUint16(central + 30, 28, true);
  v.setUint32(central + 42, 0xffffffff, true);
  out.set(nameBytes, central + 46);
  const extra = central + 46 + nameBytes.length;
  v.setUint16(extra, 1, true);
  v.setUint16(extra + 2, 24, true);
  v.setUint32(extra + 4, data.length, true); // unpacked
  v.setUint32(extra + 12, data.length, true); // packed
  v.setUint32(extra + 20, 0, true); // the local header's offset
  const end64 = extra + 28;
  v.setUint32(end64, 0x06064b50, true);
  v.setUint32(end64 + 32, 1, true); // entries
  v.setUint32(end64 + 40, end64 - central, true); // the directory's size
  v.setUint32(end64 + 48, central, true); // its offset
  const locator = end64 + 56;
  v.setUint32(locator, 0x07064b50, true);
  v.setUint32(locator + 8, end64, true);
  const end = locator + 20;
  v.setUint32(end, 0x06054b50, true);
  v.setUint16(end + 8, 0xffff, true);
  v.setUint16(end + 10, 0xffff, true);
  v.setUint32(end + 16, 0xffffffff, true);
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a ZIP's entries, from its central directory", () => {
  it("lists each file with its method, sizes and place, as written", () => {
    const zip = zipSync({
      "Loop/Checkmarks.csv": strToU8("Date,Read,\n".repeat(100)),
      "Loop/Habits.csv": [strToU8("Position,Name\n"), { level: 0 }],
    });
    const entries = zipEntries(zip);
    expect(entries?.map(({ name, method, declared }) => [name, method, declared])).toEqual([
      ["Loop/Checkmarks.csv", 8, 1100],
      ["Loop/Habits.csv", 0, 14],
    ]);
    expect(entries?.[1]?.packed).toBe(14);
    expect(entries?.[0]?.header).toBe(0);
    expect(unpackAll(zip, entries?.[1] as ZipEntry)).toEqual(strToU8("Position,Name\n"));
  });

  it("reads a ZIP64's sizes and offsets from its extra field and end record", () => {
    const zip = zip64Of("Checkmarks.csv", strToU8("Date,Read,\n2025-03-02,YES_MANUAL,\n"));
    const entries = zipEntries(zip);
    expect(entries).toEqual([{ name: "Checkmarks.csv", method: 0, packed: 34, declared: 34, header: 0 }]);
    expect(new TextDecoder().decode(unpackAll(zip, entries?.[0] as ZipEntry) ?? undefined)).toBe(
      "Date,Read,\n2025-03-02,YES_MANUAL,\n",
    );
  });

  it("is no ZIP without an end record, or with a record that points outside the file", () => {
    expect(zipEntries(strToU8("Date,Read,\n2025-03-02,YES_MANUAL,\n"))).toBeNull();
    expect(zipEntries(new Uint8Array(0))).toBeNull();
    const zip = zipSync({ "Checkmarks.csv": strToU8("Date,Read,\n") });
    const moved = zip.slice();
    new DataView(moved.buffer).setUint32(moved.length - 22 + 16, moved.length, true);
    expect(zipEntries(moved)).toBeNull();
    // An entry whose bytes would end past the file: listed, and broken when unpacked.
    const [record] = centralRecords(zip);
    const long = zip.slice();
    new DataView(long.buffer).setUint32((record as number) + 20, 1_000_000, true);
    const [entry] = zipEntries(long) as ZipEntry[];
    expect(unpackEntry(long, entry as ZipEntry, () => {})).toBe(false);
  });
});

describe("an entry unpacked, counted as it comes", () => {
  it("stops as soon as it unpacks to more than the ZIP declares, a piece past it", () => {
    // 16 MB of zeros pack to 16 KB; the ZIP says they unpack to 5 MB.
    const zip = declaring(zipSync({ "Checkmarks.csv": new Uint8Array(16 * 1024 * 1024) }), 5 * 1024 * 1024);
    const [entry] = zipEntries(zip) as ZipEntry[];
    expect([entry?.declared, entry?.packed]).toEqual([5 * 1024 * 1024, 16_384]);
    const pushed: number[] = [];
    const push = Inflate.prototype.push;
    vi.spyOn(Inflate.prototype, "push").mockImplementation(function (this: Inflate, chunk, final) {
      pushed.push(chunk.length);
      push.call(this, chunk, final);
    });
    let taken = 0;
    expect(unpackEntry(zip, entry as ZipEntry, (b) => (taken += b.length))).toBe(false);
    // Each 4 KB piece unpacks to about 4 MB: the first is handed on, the second passes 5 MB and stops it. Of
    // the 16 KB packed, those two pieces were inflated.
    expect(taken).toBe(4_187_857);
    expect(pushed).toEqual([4096, 4096]);
    // Declared as it is, it unpacks whole.
    const honest = zipEntries(declaring(zip, 16 * 1024 * 1024)) as ZipEntry[];
    expect(unpackAll(declaring(zip, 16 * 1024 * 1024), honest[0] as ZipEntry)?.length).toBe(16 * 1024 * 1024);
  });

  it("gives a stored entry whole, or refuses it when it holds more than it declares", () => {
    const zip = zipSync({ "Habits.csv": [new Uint8Array(5000).fill(0x41), { level: 0 }] });
    const [entry] = zipEntries(zip) as ZipEntry[];
    expect(unpackAll(zip, entry as ZipEntry)).toEqual(new Uint8Array(5000).fill(0x41));
    const lying = declaring(zip, 4999);
    expect(unpackAll(lying, (zipEntries(lying) as ZipEntry[])[0] as ZipEntry)).toBeNull();
  });

  it("ends with the deflate stream: bytes after it in the entry are not fed on for nothing", () => {
    const text = "Date,Read,\n2025-03-02,YES_MANUAL,\n";
    // The stream, then 1 MB of bytes that are none of it, stored as the entry's, which is then said deflated.
    const stream = deflateSync(strToU8(text));
    const data = new Uint8Array(stream.length + 1024 * 1024).fill(0x5a);
    data.set(stream);
    const zip = declaring(withMethod(zipSync({ "Checkmarks.csv": [data, { level: 0 }] }), 8), text.length);
    const [entry] = zipEntries(zip) as ZipEntry[];
    let pushes = 0;
    const push = Inflate.prototype.push;
    vi.spyOn(Inflate.prototype, "push").mockImplementation(function (this: Inflate, chunk, final) {
      pushes += 1;
      push.call(this, chunk, final);
    });
    expect(new TextDecoder().decode(unpackAll(zip, entry as ZipEntry) ?? undefined)).toBe(text);
    // The first piece holds the stream; after 33 more (132 KB) without a byte out the feeding stops: 34 pieces
    // of the entry's 257.
    expect(pushes).toBe(34);
  });

  it("cannot be unpacked when its stream breaks or ends early, or its method is neither store nor deflate", () => {
    const whole = deflateSync(strToU8("Date,Read,\n2025-03-02,YES_MANUAL,\n".repeat(1000)));
    const cut = declaring(withMethod(zipSync({ "Checkmarks.csv": [whole.subarray(0, 40), { level: 0 }] }), 8), 34_000);
    expect(unpackAll(cut, (zipEntries(cut) as ZipEntry[])[0] as ZipEntry)).toBeNull();
    const garbage = withMethod(zipSync({ "Checkmarks.csv": [new Uint8Array(64).fill(0xff), { level: 0 }] }), 8);
    expect(unpackAll(garbage, (zipEntries(garbage) as ZipEntry[])[0] as ZipEntry)).toBeNull();
    const bzip2 = withMethod(zipSync({ "Checkmarks.csv": strToU8("Date,Read,\n") }), 12);
    expect(unpackAll(bzip2, (zipEntries(bzip2) as ZipEntry[])[0] as ZipEntry)).toBeNull();
  });
});
