import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { message } from "../common/messages.ts";
import {
  type Chunked,
  csvChunks,
  type ImportChunk,
  mergeResults,
  NOOK_KINDS,
  nookChunks,
  utf8Length,
} from "./chunks.ts";
import type { ImportedDonatePage, ImportResult, ImportSkippedRow } from "./schemas.ts";

const encoder = new TextEncoder();
/** The bytes of a text in UTF-8, as the browser sends it. */
const bytes = (text: string) => encoder.encode(text).length;

/** The chunks of an answer that cut the file (the test fails if it did not). */
function chunksOf(cut: Chunked): ImportChunk[] {
  if (!cut.ok) throw new Error(`not cut: ${JSON.stringify(cut)}`);
  return cut.chunks;
}

/** One character of any width in UTF-8: 1 to 4 bytes, the edges of each, and any code point. */
const anyChar = fc.oneof(
  fc.constantFrom("a", " ", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "€", "\ufffd", "\uffff", "😀", "\u{10ffff}"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
/** Whether a text holds a high half of a pair followed by neither its low half nor ASCII. */
const misreadHalf = (s: string) =>
  Array.from({ length: s.length }, (_, i) => i).some((i) => {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    return c >= 0xd800 && c <= 0xdbff && d >= 0x80 && !(d >= 0xdc00 && d <= 0xdfff);
  });
/** Half of a surrogate pair, alone. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

describe("utf8Length", () => {
  it("counts the bytes of each width of character", () => {
    expect(utf8Length("")).toBe(0);
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("\u007f\u0080")).toBe(3);
    expect(utf8Length("é\u07ff")).toBe(4);
    expect(utf8Length("\u0800€\uffff")).toBe(9);
    expect(utf8Length("😀\u{10ffff}")).toBe(8);
    expect(utf8Length("a😀é€")).toBe(10);
  });

  it("equals TextEncoder's count for any well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: anyChar, maxLength: 40 }), (text) => {
        expect(utf8Length(text)).toBe(bytes(text));
      }),
      { numRuns: 500 },
    );
  });

  it("counts a half of a pair as TextEncoder does (3 bytes, U+FFFD) at the end, as a low half, or before ASCII", () => {
    expect(utf8Length("\ud800")).toBe(3);
    expect(utf8Length("a\ud83d")).toBe(4);
    expect(utf8Length("\ude00")).toBe(3);
    expect(utf8Length("\ude00\ud83d")).toBe(6);
    expect(utf8Length("\ud800a")).toBe(4);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(fc.constantFrom("a", "~", "é", "😀"), loneSurrogate), maxLength: 20 }),
        (s) => {
          // A high half followed by anything but ASCII or a low half is read as a pair (see the report):
          // TextEncoder's count is only checked where no such high half is.
          fc.pre(!misreadHalf(s));
          expect(utf8Length(s)).toBe(bytes(s));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("csvChunks", () => {
  const DAYS = "date,mood\n2024-01-01,good\n2024-01-02,bad\n2024-01-03,meh\n";

  it("sends a file that fits whole, as one chunk from line 2", () => {
    expect(csvChunks(DAYS, 100)).toEqual({ ok: true, chunks: [{ body: DAYS, offset: 0, line: 2 }] });
    expect(csvChunks(DAYS)).toEqual({ ok: true, chunks: [{ body: DAYS, offset: 0, line: 2 }] });
  });

  it("fills each chunk to the byte, each led by the header, with the line of its first row", () => {
    // The header is 10 bytes with its line break; the rows 16, 15 and 15.
    expect(csvChunks(DAYS, 41)).toEqual({
      ok: true,
      chunks: [
        { body: "date,mood\n2024-01-01,good\n2024-01-02,bad\n", offset: 0, line: 2 },
        { body: "date,mood\n2024-01-03,meh\n", offset: 0, line: 4 },
      ],
    });
    expect(csvChunks(DAYS, 40)).toEqual({
      ok: true,
      chunks: [
        { body: "date,mood\n2024-01-01,good\n", offset: 0, line: 2 },
        { body: "date,mood\n2024-01-02,bad\n2024-01-03,meh\n", offset: 0, line: 3 },
      ],
    });
    expect(chunksOf(csvChunks(DAYS, 26)).map((c) => [c.body, c.line])).toEqual([
      ["date,mood\n2024-01-01,good\n", 2],
      ["date,mood\n2024-01-02,bad\n", 3],
      ["date,mood\n2024-01-03,meh\n", 4],
    ]);
  });

  it("refuses a row longer than a chunk, by its line", () => {
    expect(csvChunks(DAYS, 25)).toEqual({ ok: false, problem: "rowTooLong", row: "2" });
    expect(csvChunks(`h\nshort\n${"x".repeat(20)}\nlast\n`, 10)).toEqual({
      ok: false,
      problem: "rowTooLong",
      row: "3",
    });
    // The header too, on its own line after blank ones.
    expect(csvChunks("\n\nheader\na\n", 6)).toEqual({ ok: false, problem: "rowTooLong", row: "3" });
    expect(chunksOf(csvChunks("\n\nheader\na\n", 9))).toEqual([{ body: "header\na\n", offset: 0, line: 4 }]);
  });

  it("counts bytes, not characters", () => {
    // "é😀" is 2 characters, 6 bytes: with the header's 2 and its line break, 9.
    expect(chunksOf(csvChunks("h\né😀\n", 9))).toEqual([{ body: "h\né😀\n", offset: 0, line: 2 }]);
    expect(csvChunks("h\né😀\n", 8)).toEqual({ ok: false, problem: "rowTooLong", row: "2" });
    // 8 characters, 11 bytes.
    expect(chunksOf(csvChunks("h\nééé\nx\n", 10))).toEqual([
      { body: "h\nééé\n", offset: 0, line: 2 },
      { body: "h\nx\n", offset: 0, line: 3 },
    ]);
  });

  it("keeps a quoted field's commas, quotes and line breaks in its row, and counts its lines (CRLF)", () => {
    const file = 'date,note\r\n"2024-01-01","a, ""b""\r\nc"\r\n2024-01-02,plain\r\n';
    expect(chunksOf(csvChunks(file, 100))).toEqual([
      { body: 'date,note\n"2024-01-01","a, ""b""\r\nc"\n2024-01-02,plain\n', offset: 0, line: 2 },
    ]);
    // Header 10, the quoted row 27, the last 17: the last row, on line 4, starts the second chunk.
    expect(chunksOf(csvChunks(file, 40))).toEqual([
      { body: 'date,note\n"2024-01-01","a, ""b""\r\nc"\n', offset: 0, line: 2 },
      { body: "date,note\n2024-01-02,plain\n", offset: 0, line: 4 },
    ]);
  });

  it("counts the lines of a quoted field (LF), for a chunk's line and a refused row's", () => {
    const file = 'h\n"one\ntwo\nthree"\nx\n"a,b"\n';
    expect(chunksOf(csvChunks(file, 18))).toEqual([
      { body: 'h\n"one\ntwo\nthree"\n', offset: 0, line: 2 },
      { body: 'h\nx\n"a,b"\n', offset: 0, line: 5 },
    ]);
    expect(csvChunks(`h\n"one\ntwo"\nx\n${"y".repeat(10)}\n`, 12)).toEqual({
      ok: false,
      problem: "rowTooLong",
      row: "5",
    });
  });

  it("drops a byte-order mark and the blank lines before the header", () => {
    const file = "\uFEFF\n\r\n \nh\na\nb\n";
    expect(chunksOf(csvChunks(file, 100))).toEqual([{ body: "h\na\nb\n", offset: 0, line: 5 }]);
    expect(chunksOf(csvChunks(file, 4))).toEqual([
      { body: "h\na\n", offset: 0, line: 5 },
      { body: "h\nb\n", offset: 0, line: 6 },
    ]);
  });

  it("ends the last row without a line break, and keeps a blank row between rows", () => {
    expect(chunksOf(csvChunks("h\na\nb", 100))).toEqual([{ body: "h\na\nb\n", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("h\na\n\nb\n", 100))).toEqual([{ body: "h\na\n\nb\n", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("h\na\n\nb\n", 4))).toEqual([
      { body: "h\na\n", offset: 0, line: 2 },
      { body: "h\n\n", offset: 0, line: 3 },
      { body: "h\nb\n", offset: 0, line: 4 },
    ]);
  });

  it("sends a header alone, or nothing, as one chunk for the API to name", () => {
    expect(chunksOf(csvChunks("h\n", 100))).toEqual([{ body: "h\n", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("h", 100))).toEqual([{ body: "h\n", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("\uFEFFh\r\n", 100))).toEqual([{ body: "h\n", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("", 100))).toEqual([{ body: "", offset: 0, line: 2 }]);
    expect(chunksOf(csvChunks("\uFEFF", 100))).toEqual([{ body: "", offset: 0, line: 2 }]);
  });

  describe("for any CSV file", () => {
    // A character no CSV syntax reads: not a quote, comma, line break or byte-order mark.
    const cellChar = anyChar.map((c) => (/[",\r\n\uFEFF]/.test(c) ? "_" : c));
    const plain = fc.string({ unit: cellChar, minLength: 1, maxLength: 6 });
    const quoted = fc
      .array(fc.oneof(cellChar, fc.constantFrom(",", '""', "\n", "\r\n", "\r")), { maxLength: 6 })
      .map((parts) => `"${parts.join("")}"`);
    const row = fc.array(fc.oneof(plain, quoted), { minLength: 1, maxLength: 4 }).map((cells) => cells.join(","));
    const csvFile = fc.record({
      bom: fc.boolean(),
      blanks: fc.array(fc.constantFrom("", " ", "\t"), { maxLength: 2 }),
      header: fc.array(plain, { minLength: 1, maxLength: 3 }).map((cells) => cells.join(",")),
      rows: fc.array(row, { minLength: 1, maxLength: 12 }),
      eol: fc.constantFrom("\n", "\r\n"),
      trailing: fc.boolean(),
      max: fc.oneof(fc.integer({ min: 4, max: 40 }), fc.integer({ min: 40, max: 300 })),
    });

    it("sends every row once, in order, whole, each chunk within its bytes, from its first row's line", () => {
      fc.assert(
        fc.property(csvFile, ({ bom, blanks, header, rows, eol, trailing, max }) => {
          fc.pre(header.trim() !== "");
          const text = `${bom ? "\uFEFF" : ""}${blanks.map((b) => b + eol).join("")}${header}${eol}${rows.join(eol)}${trailing ? eol : ""}`;
          // Each row's line in the file: every line break counts, a quoted field's too.
          const headerLine = blanks.length + 1;
          const lines: number[] = [];
          let line = headerLine + 1;
          for (const r of rows) {
            lines.push(line);
            line += 1 + (r.match(/\n/g)?.length ?? 0);
          }
          const headerBytes = bytes(header) + 1;
          const cut = csvChunks(text, max);
          const tooLong =
            headerBytes > max ? headerLine : lines[rows.findIndex((r) => headerBytes + bytes(r) + 1 > max)];
          if (tooLong !== undefined) {
            expect(cut).toEqual({ ok: false, problem: "rowTooLong", row: String(tooLong) });
            return;
          }
          const chunks = chunksOf(cut);
          let next = 0;
          for (const [i, chunk] of chunks.entries()) {
            expect(chunk.body.startsWith(`${header}\n`)).toBe(true);
            expect(chunk.offset).toBe(0);
            expect(chunk.line).toBe(lines[next]);
            expect(bytes(chunk.body)).toBeLessThanOrEqual(max);
            expect(utf8Length(chunk.body)).toBe(bytes(chunk.body));
            // The chunk's rows are the file's next rows, whole.
            const rest = chunk.body.slice(header.length + 1);
            let sent = "";
            const first = next;
            while (sent.length < rest.length && next < rows.length) sent += `${rows[next++]}\n`;
            expect(next).toBeGreaterThan(first);
            expect(rest).toBe(sent);
            // Full: the next row did not fit.
            if (i < chunks.length - 1) expect(bytes(chunk.body) + bytes(rows[next] ?? "") + 1).toBeGreaterThan(max);
          }
          expect(next).toBe(rows.length);
        }),
        { numRuns: 300 },
      );
    });
  });
});

describe("nookChunks", () => {
  const PROFILE = {
    email: "ann@example.com",
    name: "Ann Lee",
    username: "ann",
    dateOfBirth: null,
    accentColor: "blue",
    timeZone: "Europe/Paris",
    createdAt: "2024-01-01T00:00:00.000Z",
  };
  const DONATE = {
    title: "Coffee",
    ethAddress: "",
    btcAddress: "",
    paypalDonateButtonId: "ABC",
    updatedAt: "2024-02-01T00:00:00.000Z",
  };
  /** A Nook export with every list empty, in the export's key order. */
  const EMPTY = {
    format: "nook",
    version: 1,
    exportedAt: "2024-05-01T00:00:00.000Z",
    profile: PROFILE,
    tags: [] as unknown[],
    metrics: [] as unknown[],
    stacks: [] as unknown[],
    timers: [] as unknown[],
    people: [] as unknown[],
    checklists: [] as unknown[],
    events: [] as unknown[],
    donateInfo: null as typeof DONATE | null,
    donations: [] as unknown[],
    entries: [] as unknown[],
  };
  const KEYS = [
    "format",
    "version",
    "exportedAt",
    "profile",
    "tags",
    "metrics",
    "stacks",
    "timers",
    "people",
    "checklists",
    "events",
    "donateInfo",
    "donations",
    "entries",
  ];
  const PERSON = {
    name: "Bo",
    email: "",
    birthDate: "1990-05-17",
    tags: ["friend"],
    createdAt: "2024-01-02T00:00:00.000Z",
    modifiedAt: "2024-01-02T00:00:00.000Z",
  };
  const EVENT = {
    title: "Dentist",
    note: "",
    date: "2024-03-19",
    start: "09:00",
    end: "09:45",
    repeat: "weekly",
    createdAt: "2024-01-02T00:00:00.000Z",
    modifiedAt: "2024-01-02T00:00:00.000Z",
  };
  const entry = (day: number, text = "n") => ({
    date: `2024-03-0${day}T08:00:00.000Z`,
    modifiedAt: "2024-03-09T08:00:00.000Z",
    text,
    tags: [],
    metrics: [],
  });
  const read = (c: ImportChunk) => ({ offset: c.offset, line: c.line, doc: JSON.parse(c.body) as unknown });
  /** The bytes of a chunk of `rows` of one kind: the empty document's, the rows' and the commas between them. */
  const chunkBytes = (rows: unknown[]) => bytes(JSON.stringify(EMPTY)) + bytes(JSON.stringify(rows)) - 2;

  it("sends the document first with its donation page and no rows, then each kind's rows in the file's order", () => {
    const file = {
      ...EMPTY,
      tags: ["work", "home"],
      metrics: ["steps"],
      people: [PERSON],
      events: [EVENT],
      donateInfo: DONATE,
      entries: [entry(1), entry(2)],
    };
    const chunks = chunksOf(nookChunks(JSON.stringify(file, null, 2), 10_000));
    expect(chunks.map(read)).toEqual([
      { offset: 0, line: 2, doc: { ...EMPTY, donateInfo: DONATE } },
      { offset: 0, line: 2, doc: { ...EMPTY, tags: ["work", "home"] } },
      { offset: 0, line: 2, doc: { ...EMPTY, metrics: ["steps"] } },
      { offset: 0, line: 2, doc: { ...EMPTY, people: [PERSON] } },
      { offset: 0, line: 2, doc: { ...EMPTY, events: [EVENT] } },
      { offset: 0, line: 2, doc: { ...EMPTY, entries: [entry(1), entry(2)] } },
    ]);
    // The keys in the file's order, entries last.
    for (const chunk of chunks) expect(Object.keys(JSON.parse(chunk.body))).toEqual(KEYS);
  });

  it("cuts a file written before events had a list as it is, without one", () => {
    const { events: _, ...before } = { ...EMPTY, people: [PERSON] };
    const chunks = chunksOf(nookChunks(JSON.stringify(before), 10_000));
    expect(chunks.map(read)).toEqual([
      { offset: 0, line: 2, doc: { ...before, people: [] } },
      { offset: 0, line: 2, doc: before },
    ]);
  });

  it("sends a document with no rows (or no lists) as its first chunk alone", () => {
    expect(chunksOf(nookChunks(JSON.stringify(EMPTY), 10_000)).map(read)).toEqual([{ offset: 0, line: 2, doc: EMPTY }]);
    expect(chunksOf(nookChunks('{"format":"nook"}', 100))).toEqual([
      { body: '{"format":"nook","donateInfo":null}', offset: 0, line: 2 },
    ]);
  });

  it("fills each chunk of a kind to the byte, and names the place of its first row", () => {
    const file = { ...EMPTY, tags: ["aa", "bb", "cc", "dd", "ee"] };
    // Each tag is 4 bytes, and a comma between two.
    const max = chunkBytes(["aa", "bb"]);
    const chunks = chunksOf(nookChunks(JSON.stringify(file), max));
    expect(chunks.map(read)).toEqual([
      { offset: 0, line: 2, doc: EMPTY },
      { offset: 0, line: 2, doc: { ...EMPTY, tags: ["aa", "bb"] } },
      { offset: 2, line: 2, doc: { ...EMPTY, tags: ["cc", "dd"] } },
      { offset: 4, line: 2, doc: { ...EMPTY, tags: ["ee"] } },
    ]);
    expect(bytes(chunks[1]?.body ?? "")).toBe(max);
    expect(chunksOf(nookChunks(JSON.stringify(file), max - 1)).map((c) => [c.offset, JSON.parse(c.body).tags])).toEqual(
      [
        [0, []],
        [0, ["aa"]],
        [1, ["bb"]],
        [2, ["cc"]],
        [3, ["dd"]],
        [4, ["ee"]],
      ],
    );
  });

  it("never cuts between two entries of one instant, unless they alone are more than a chunk", () => {
    // Every entry is as long as any other: a chunk of three.
    const max = chunkBytes([entry(1), entry(1), entry(1)]);
    const cut = (days: number[]) =>
      chunksOf(nookChunks(JSON.stringify({ ...EMPTY, entries: days.map((d) => entry(d)) }), max))
        .slice(1)
        .map((c) => [c.offset, (JSON.parse(c.body).entries as { date: string }[]).map((e) => Number(e.date[9]))]);
    expect(cut([1, 1, 2, 2, 2, 3])).toEqual([
      [0, [1, 1]],
      [2, [2, 2, 2]],
      [5, [3]],
    ]);
    expect(cut([1, 2, 2, 2, 2])).toEqual([
      [0, [1]],
      [1, [2, 2, 2]],
      [4, [2]],
    ]);
    expect(cut([1, 1, 1, 1, 2])).toEqual([
      [0, [1, 1, 1]],
      [3, [1, 2]],
    ]);
    // Only neighbours: the same instant apart is cut like any.
    expect(cut([1, 2, 1, 2, 1])).toEqual([
      [0, [1, 2, 1]],
      [3, [2, 1]],
    ]);
  });

  it("refuses a row larger than a chunk, by its kind and place", () => {
    const one = chunkBytes([entry(1)]);
    expect(chunksOf(nookChunks(JSON.stringify({ ...EMPTY, entries: [entry(1)] }), one))[1]?.body).toBe(
      JSON.stringify({ ...EMPTY, entries: [entry(1)] }),
    );
    expect(nookChunks(JSON.stringify({ ...EMPTY, entries: [entry(1)] }), one - 1)).toEqual({
      ok: false,
      problem: "rowTooLong",
      row: "entries[0]",
    });
    const big = {
      ...EMPTY,
      tags: ["a"],
      entries: [entry(1), entry(2), entry(3), entry(4, "x".repeat(2_000)), entry(5)],
    };
    expect(nookChunks(JSON.stringify(big), 1_000)).toEqual({ ok: false, problem: "rowTooLong", row: "entries[3]" });
    expect(nookChunks(JSON.stringify({ ...EMPTY, tags: ["a", "b".repeat(2_000)] }), 1_000)).toEqual({
      ok: false,
      problem: "rowTooLong",
      row: "tags[1]",
    });
  });

  it("refuses a document whose rest is larger than a chunk", () => {
    const file = { ...EMPTY, profile: { ...PROFILE, name: "n".repeat(2_000) } };
    expect(nookChunks(JSON.stringify(file), 1_000)).toEqual({ ok: false, problem: "notNook" });
  });

  it("names the line where a text stops being JSON", () => {
    expect(nookChunks('{\n  "format": "nook",\n  "tags": [1,\n 2\n 3]\n}')).toEqual({
      ok: false,
      problem: "notJson",
      line: 5,
    });
    expect(nookChunks('{\n"a": 1,\n}')).toEqual({ ok: false, problem: "notJson", line: 3 });
    expect(nookChunks('{"a":1}\n\nx')).toEqual({ ok: false, problem: "notJson", line: 3 });
    expect(nookChunks("")).toEqual({ ok: false, problem: "notJson", line: 1 });
  });

  it("sends JSON that is no object whole if it fits, for the API to name, and refuses it otherwise", () => {
    for (const text of ["[1,2,3]", "42", "null", ' "nook" '])
      expect(nookChunks(text, 100)).toEqual({ ok: true, chunks: [{ body: text, offset: 0, line: 2 }] });
    expect(nookChunks(`"${"x".repeat(20)}"`, 10)).toEqual({ ok: false, problem: "notNook" });
    expect(nookChunks(`[${"1,".repeat(10)}1]`, 10)).toEqual({ ok: false, problem: "notNook" });
  });

  describe("for any export", () => {
    const str = fc.string({ unit: fc.oneof(anyChar, loneSurrogate, fc.constantFrom('"', "\\", "\n")), maxLength: 10 });
    const DATES = ["2024-03-01T08:00:00.000Z", "2024-03-02T08:00:00.000Z", "2024-03-03T08:00:00.000Z"];
    const exportFile = fc.record({
      tags: fc.array(str, { maxLength: 8 }),
      metrics: fc.array(str, { maxLength: 4 }),
      stacks: fc.array(
        fc.record({ name: str, items: fc.array(fc.record({ title: str, position: fc.integer() }), { maxLength: 3 }) }),
        { maxLength: 3 },
      ),
      timers: fc.array(fc.record({ text: str, complete: fc.boolean() }), { maxLength: 3 }),
      people: fc.array(fc.record({ name: str, tags: fc.array(str, { maxLength: 2 }) }), { maxLength: 3 }),
      checklists: fc.array(fc.record({ name: str, content: str }), { maxLength: 3 }),
      events: fc.array(fc.record({ title: str, note: str }), { maxLength: 3 }),
      donateInfo: fc.option(fc.record({ title: str, paypalDonateButtonId: str })),
      donations: fc.array(fc.record({ txId: str, amount: fc.bigInt({ min: 0n }).map(String) }), { maxLength: 3 }),
      entries: fc.array(
        fc.record({ date: fc.constantFrom(...DATES), text: str, tags: fc.array(str, { maxLength: 2 }) }),
        { maxLength: 16 },
      ),
    });
    const setting = fc.record({
      file: exportFile,
      sorted: fc.boolean(),
      pretty: fc.boolean(),
      max: fc.integer({ min: 300, max: 1_200 }),
    });

    it("sends each kind's rows once, in order, each chunk one kind's within its bytes, and an instant's entries together", () => {
      fc.assert(
        fc.property(setting, ({ file, sorted, pretty, max }) => {
          const entries = sorted ? [...file.entries].sort((a, b) => a.date.localeCompare(b.date)) : file.entries;
          const made = { ...EMPTY, ...file, entries };
          const text = JSON.stringify(made, null, pretty ? 2 : undefined);
          // The file as JSON reads it.
          const doc = JSON.parse(text) as Record<string, unknown>;
          const lists = Object.fromEntries(NOOK_KINDS.map((k) => [k, doc[k] as unknown[]]));
          const bare = { ...doc, ...Object.fromEntries(NOOK_KINDS.map((k) => [k, []])), donateInfo: null };
          const fits = (kind: string, rows: unknown[]) => bytes(JSON.stringify({ ...bare, [kind]: rows })) <= max;
          const cut = nookChunks(text, max);
          if (bytes(JSON.stringify({ ...bare, donateInfo: doc.donateInfo })) > max) {
            expect(cut).toEqual({ ok: false, problem: "notNook" });
            return;
          }
          // A stack too long is cut into parts, unless one of its items alone is too long for a part.
          const splits = (kind: string, row: unknown) => {
            if (kind !== "stacks") return false;
            const stack = row as { items: unknown[] };
            return stack.items.every((item) => fits(kind, [{ ...stack, items: [item] }]));
          };
          const tooLong = NOOK_KINDS.flatMap((kind) => lists[kind]?.map((row, i) => ({ kind, row, i })) ?? []).find(
            ({ kind, row }) => !fits(kind, [row]) && !splits(kind, row),
          );
          if (tooLong) {
            expect(cut).toEqual({ ok: false, problem: "rowTooLong", row: `${tooLong.kind}[${tooLong.i}]` });
            return;
          }
          const [head, ...rest] = chunksOf(cut);
          expect(head && JSON.parse(head.body)).toEqual({ ...bare, donateInfo: doc.donateInfo });
          expect(head && [head.offset, head.line]).toEqual([0, 2]);
          const sent: Record<string, unknown[]> = Object.fromEntries(NOOK_KINDS.map((k) => [k, []]));
          let kindAt = 0;
          let lastEntries: { date: string }[] = [];
          for (const chunk of [head, ...rest]) expect(bytes(chunk?.body ?? "")).toBeLessThanOrEqual(max);
          for (const chunk of rest) {
            const body = JSON.parse(chunk.body) as Record<string, unknown[]>;
            const full = NOOK_KINDS.filter((k) => body[k]?.length);
            expect(full).toHaveLength(1);
            const kind = full[0] as (typeof NOOK_KINDS)[number];
            const rows = body[kind] as unknown[];
            expect(JSON.parse(chunk.body)).toEqual({ ...bare, [kind]: rows });
            // Kinds in the file's order, each chunk's rows the next of its kind.
            expect(NOOK_KINDS.indexOf(kind)).toBeGreaterThanOrEqual(kindAt);
            kindAt = NOOK_KINDS.indexOf(kind);
            if (chunk.stackPart === "more") {
              // More items of the stack the chunk before began: one stack, the same but for its items.
              const [more] = rows as { items: unknown[] }[];
              const began = sent.stacks?.at(-1) as { items: unknown[] };
              expect([rows.length, chunk.offset]).toEqual([1, (sent.stacks?.length ?? 0) - 1]);
              expect({ ...more, items: [] }).toEqual({ ...began, items: [] });
              began.items = [...began.items, ...(more?.items ?? [])];
              continue;
            }
            if (chunk.stackPart === "first") expect(fits(kind, rows)).toBe(true);
            expect([chunk.offset, chunk.line]).toEqual([sent[kind]?.length, 2]);
            if (kind === "entries") {
              const now = rows as { date: string }[];
              const before = lastEntries.at(-1);
              if (before && before.date === now[0]?.date) {
                // Cut inside a run of one instant: the run alone is more than a chunk.
                let from = chunk.offset - 1;
                let to = chunk.offset;
                while (from > 0 && entries[from - 1]?.date === before.date) from -= 1;
                while (to < entries.length && entries[to]?.date === before.date) to += 1;
                expect(fits("entries", lists.entries?.slice(from, to) ?? [])).toBe(false);
              }
              lastEntries = now;
            }
            sent[kind]?.push(...rows);
          }
          expect(sent).toEqual(lists);
        }),
        { numRuns: 200 },
      );
    });
  });
});

describe("mergeResults", () => {
  const result = (over: Partial<ImportResult> = {}): ImportResult => ({
    format: "daylio",
    written: true,
    kinds: { entries: { added: 0, present: 0 }, tags: { added: 0, present: 0 }, metrics: { added: 0, present: 0 } },
    customMoods: [],
    moodsChanged: 0,
    skipped: { count: 0, rows: [] },
    donatePage: null,
    profile: null,
    names: { tags: { added: [], present: [] }, metrics: { added: [], present: [] } },
    ...over,
  });
  const skippedRow = (line: number): ImportSkippedRow => {
    const said = message("Line {line}: the text is longer than {max} characters", { line, max: 10 });
    return { line, code: said.code, values: said.values, message: said.text };
  };
  const skippedRows = (from: number, count: number) => Array.from({ length: count }, (_, i) => skippedRow(from + i));
  const page = (title: string): ImportedDonatePage => ({
    title,
    ethAddress: "",
    btcAddress: "",
    paypalDonateButtonId: "",
  });

  it("answers one chunk's answer as it is", () => {
    const one = result({
      kinds: { entries: { added: 2, present: 1 }, tags: { added: 0, present: 0 }, metrics: { added: 0, present: 0 } },
    });
    expect(mergeResults([one])).toEqual(one);
  });

  it("sums each kind's counts", () => {
    const merged = mergeResults([
      result({
        format: "nook",
        kinds: {
          entries: { added: 2, present: 1 },
          tags: { added: 9, present: 9 },
          metrics: { added: 9, present: 9 },
          people: { added: 1, present: 0 },
        },
        moodsChanged: 1,
      }),
      result({
        format: "nook",
        kinds: {
          entries: { added: 3, present: 0 },
          tags: { added: 9, present: 9 },
          metrics: { added: 9, present: 9 },
          people: { added: 0, present: 2 },
          checklists: { added: 1, present: 1 },
        },
        moodsChanged: 2,
      }),
    ]);
    expect(merged.format).toBe("nook");
    expect(merged.moodsChanged).toBe(3);
    // Tags and metrics are counted by their names (none here), not summed.
    expect(merged.kinds).toEqual({
      entries: { added: 5, present: 1 },
      tags: { added: 0, present: 0 },
      metrics: { added: 0, present: 0 },
      people: { added: 1, present: 2 },
      checklists: { added: 1, present: 1 },
    });
  });

  it("counts a tag or metric name once, added if any chunk adds it", () => {
    const merged = mergeResults([
      result({
        names: { tags: { added: ["work"], present: ["home"] }, metrics: { added: [], present: ["steps"] } },
      }),
      result({
        names: {
          tags: { added: ["home", "gym"], present: ["work", "home"] },
          metrics: { added: ["sleep"], present: ["steps"] },
        },
      }),
      result({
        names: { tags: { added: ["work"], present: ["park"] }, metrics: { added: ["sleep"], present: [] } },
      }),
    ]);
    expect(merged.names).toEqual({
      tags: { added: ["work", "home", "gym"], present: ["park"] },
      metrics: { added: ["sleep"], present: ["steps"] },
    });
    expect(merged.kinds.tags).toEqual({ added: 3, present: 1 });
    expect(merged.kinds.metrics).toEqual({ added: 1, present: 1 });
  });

  it("merges custom moods by name: their rows summed, their first line, in the order of their lines", () => {
    const merged = mergeResults([
      result({
        customMoods: [
          { mood: "tired", count: 2, line: 10, group: 2 },
          { mood: "zen", count: 1, line: 4, group: null },
        ],
      }),
      result({
        customMoods: [
          { mood: "ecstatic", count: 4, line: 7, group: 5 },
          { mood: "tired", count: 3, line: 40, group: 2 },
        ],
      }),
      result({ customMoods: [{ mood: "zen", count: 5, line: 2, group: null }] }),
    ]);
    expect(merged.customMoods).toEqual([
      { mood: "zen", count: 6, line: 2, group: null },
      { mood: "ecstatic", count: 4, line: 7, group: 5 },
      { mood: "tired", count: 5, line: 10, group: 2 },
    ]);
  });

  it("lists the first 100 rows left out, and counts them all", () => {
    const merged = mergeResults([
      result({ skipped: { count: 70, rows: skippedRows(2, 70) } }),
      result({ skipped: { count: 60, rows: skippedRows(500, 60) } }),
    ]);
    expect(merged.skipped.count).toBe(130);
    expect(merged.skipped.rows).toHaveLength(100);
    expect(merged.skipped.rows[0]?.line).toBe(2);
    expect(merged.skipped.rows[69]?.line).toBe(71);
    expect(merged.skipped.rows[70]).toEqual(skippedRow(500));
    expect(merged.skipped.rows[99]?.line).toBe(529);
    // A chunk that lists 100 of its 150 leaves no room for the next chunk's.
    const full = mergeResults([
      result({ skipped: { count: 150, rows: skippedRows(2, 100) } }),
      result({ skipped: { count: 5, rows: skippedRows(900, 5) } }),
    ]);
    expect(full.skipped.count).toBe(155);
    expect(full.skipped.rows.map((r) => r.line)).toEqual(skippedRows(2, 100).map((r) => r.line));
  });

  it("answers the first donation page, and written only if every chunk was", () => {
    expect(
      mergeResults([result(), result({ donatePage: page("A") }), result({ donatePage: page("B") })]).donatePage,
    ).toEqual(page("A"));
    expect(mergeResults([result(), result()]).donatePage).toBeNull();
    expect(mergeResults([result(), result()]).written).toBe(true);
    expect(mergeResults([result(), result({ written: false }), result()]).written).toBe(false);
  });

  it("has no answer without a chunk's", () => {
    expect(() => mergeResults([])).toThrow("mergeResults: no answers");
  });
});

describe("nookChunks on hostile files", () => {
  it("refuses a large text that is no export's shape before parsing it: no object, or nested too deep", () => {
    const big = 300_000;
    const cases = [
      "[".repeat(big),
      `{"a":${"[".repeat(big)}${"]".repeat(big)}}`,
      `"${"x".repeat(big)}"`,
      `  ${"[1,".repeat(big / 3)}1]`,
    ];
    for (const text of cases) {
      const started = performance.now();
      expect(nookChunks(text, 1_000)).toEqual({ ok: false, problem: "notNook" });
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    // A string may hold brackets: only those outside strings count.
    const deepInText = JSON.stringify({ format: "nook", tags: ["[".repeat(100), "{".repeat(100)], entries: [] });
    expect(deepInText.length).toBeGreaterThan(200);
    expect(nookChunks(deepInText, 200)).toMatchObject({ ok: true, chunks: [{}, {}, {}] });
  });
});
