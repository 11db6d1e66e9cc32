import { Inflate, strFromU8 } from "fflate";

/**
 * A ZIP read in the browser an entry at a time (loop-zip.ts, loaded with it only when a ZIP is chosen): its
 * files listed from its central directory, as fflate's unzipSync finds them, with the sizes it declares; and
 * one of them unpacked in pieces, what it unpacks to counted as it comes, so a ZIP that declares small sizes
 * and unpacks to GBs is stopped as soon as it passes what it declared.
 */

/** A file of a ZIP, as its central directory lists it. */
export interface ZipEntry {
  /** Its path in the ZIP, folders joined by "/". */
  name: string;
  /** 0 stored, 8 deflated: the two a ZIP reader must know (and unzipSync knows); another cannot be unpacked. */
  method: number;
  /** Its bytes in the ZIP. */
  packed: number;
  /** What it unpacks to, as the ZIP declares it: a ZIP made to harm may declare less, so unpackEntry counts. */
  declared: number;
  /** Where its local header starts. */
  header: number;
}

const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A 32-bit size or offset of this value is in the entry's ZIP64 extra field instead. */
const IN_ZIP64 = 0xffffffff;

/**
 * The files a ZIP's central directory lists, in its order, or null when it is no ZIP (no end record, a
 * record out of the file's bounds). A folder is listed too, its name ending with "/".
 */
export function zipEntries(zip: Uint8Array): ZipEntry[] | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  try {
    // The end record is in the last 22 bytes, or before a comment of at most 65,535.
    let end = zip.length - 22;
    while (u32(end) !== END) {
      end -= 1;
      if (end < 0 || zip.length - end > 22 + 0xffff) return null;
    }
    let count = u16(end + 10);
    let at = u32(end + 16);
    if (end >= 20 && u32(end - 20) === END64_LOCATOR) {
      const end64 = u64(end - 12);
      if (u32(end64) === END64) {
        count = u64(end64 + 32);
        at = u64(end64 + 48);
      }
    }
    // Each entry is at least 46 bytes: a count beyond the file's room is no ZIP's.
    if (count > zip.length / 46) return null;
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i += 1) {
      if (u32(at) !== CENTRAL) return null;
      const nameLength = u16(at + 28);
      const extraLength = u16(at + 30);
      const nameAt = at + 46;
      let packed = u32(at + 20);
      let declared = u32(at + 24);
      let header = u32(at + 42);
      // ZIP64: the fields that did not fit, in this order, each only when its 32-bit field says so.
      if (packed === IN_ZIP64 || declared === IN_ZIP64 || header === IN_ZIP64) {
        const extraEnd = nameAt + nameLength + extraLength;
        for (let x = nameAt + nameLength; x + 4 <= extraEnd; x += 4 + u16(x + 2)) {
          if (u16(x) !== 1) continue;
          let field = x + 4;
          const next = () => {
            const value = u64(field);
            field += 8;
            return value;
          };
          if (declared === IN_ZIP64) declared = next();
          if (packed === IN_ZIP64) packed = next();
          if (header === IN_ZIP64) header = next();
          break;
        }
      }
      const name = strFromU8(zip.subarray(nameAt, nameAt + nameLength), !(u16(at + 8) & 0x800));
      entries.push({ name, method: u16(at + 10), packed, declared, header });
      at = nameAt + nameLength + extraLength + u16(at + 32);
    }
    return entries;
  } catch {
    // A read past the file's end (DataView's RangeError): a record that points outside it.
    return null;
  }
}

/** The entry's packed bytes, found through its local header, or null when they are not within the file. */
function packedBytes(zip: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  try {
    if (view.getUint32(entry.header, true) !== LOCAL) return null;
    const start = entry.header + 30 + view.getUint16(entry.header + 26, true) + view.getUint16(entry.header + 28, true);
    return start + entry.packed <= zip.length ? zip.subarray(start, start + entry.packed) : null;
  } catch {
    return null;
  }
}

/**
 * The packed bytes given to the inflater at a time: one piece unpacks to at most about 1032 times itself
 * (deflate's longest match, 258 bytes, in 2 bits), 4 MB: an entry unpacking to more than it declares is
 * stopped within that. Larger pieces (16, 64 KB) read a 95 MB Checkmarks.csv no faster: 1.2 to 2.3 s in Node
 * for each size, in runs on a shared machine.
 */
const PIECE = 4 * 1024;
/**
 * Packed bytes that may pass without a byte coming out while the stream goes on: a stored block (at most
 * 65,535 bytes, given out whole) and a block's header. Past them the stream has ended, and what follows in
 * the entry is not its data (unzipSync ignores it too): it is not fed on, a piece at a time, for nothing.
 */
const SILENT_MAX = 128 * 1024;

/**
 * Unpacks an entry, handing what comes out to `take` piece by piece; false when it cannot: its bytes are not
 * within the file, its deflate stream breaks, it is packed by a method other than store and deflate, or it
 * unpacks to more than the ZIP declares — counted as it comes, the inflating stopped as soon as the count
 * passes (Java's ZipInputStream refuses such an entry too: "invalid entry size").
 */
export function unpackEntry(zip: Uint8Array, entry: ZipEntry, take: (bytes: Uint8Array) => void): boolean {
  const packed = packedBytes(zip, entry);
  if (!packed) return false;
  if (entry.method === 0) {
    if (packed.length > entry.declared) return false;
    take(packed);
    return true;
  }
  if (entry.method !== 8) return false;
  let size = 0;
  const inflater = new Inflate((bytes) => {
    size += bytes.length;
    if (size <= entry.declared && bytes.length > 0) take(bytes);
  });
  try {
    let silent = 0;
    for (let at = 0; at < packed.length; at += PIECE) {
      const before = size;
      const end = Math.min(at + PIECE, packed.length);
      inflater.push(packed.subarray(at, end), end === packed.length);
      if (size > entry.declared) return false;
      silent = size === before ? silent + (end - at) : 0;
      if (silent > SILENT_MAX) break;
    }
  } catch {
    return false;
  }
  return true;
}
