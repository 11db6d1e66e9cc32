import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, resetDb, send, signedInUser } from "../test/helpers.ts";
import { entriesOf, fillAccount } from "../test/your-data.ts";
import { csvField, csvRecord } from "./export-csv.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await fillAccount(ann);
  await fillAccount(await signedInUser("Bob"));
});

/**
 * A reader of RFC 4180 written from the RFC alone (§2), to read the export back: records end with CRLF;
 * a field is quoted or plain; inside quotes a doubled quote is one, and commas, CR and LF are text; a
 * plain field holds no quote. It refuses anything else, so a loose writer fails here.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error("an unclosed quote");
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const end = text.slice(i).search(/,|\r\n/);
      field = end < 0 ? text.slice(i) : text.slice(i, i + end);
      if (/["\r\n]/.test(field)) throw new Error(`a bare quote or line break in ${JSON.stringify(field)}`);
      i += field.length;
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
      if (i === text.length) return records;
      continue;
    }
    throw new Error(`a record not ended by CRLF at ${i}`);
  }
}

const csv = (user: User | null) =>
  send("GET", `${AUTH}/api/user/export/entries.csv`, undefined, user ? bearer(user.token) : {});

describe("GET /api/user/export/entries.csv", () => {
  it("is a header and a row an entry, quoted by RFC 4180, that read back exactly", async () => {
    const res = await csv(ann);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="nook-ann-${day}.csv"`);
    // UTF-8 with a byte-order mark (EF BB BF), which tells a spreadsheet the file is UTF-8, then the header.
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("date,")]);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [first, second, third] = entriesOf("Ann");
    expect(readCsv(text)).toEqual([
      // The metrics in name order, mood last.
      ["date", "local time", "text", "tags", "cups", "duration", "mood"],
      // Ann's zone is Moscow (UTC+3): 22:00 UTC is 01:00 of the next day there, where a spreadsheet puts it.
      ["2026-03-05T09:00:00.000Z", "2026-03-05 12:00", "deep work", "focus", "", "3000", ""],
      // A cell a spreadsheet would read as a formula (starting with @) is written after a quote mark.
      [first?.date, "2026-03-05 15:00", first?.text, "'@ada | coffee", "2.5", "", "4"],
      [second?.date, "2026-03-06 01:00", "", "down", "", "", ""],
      [third?.date, "2026-03-06 10:00", third?.text, "up", "1", "", ""],
    ]);
    // The text with a comma, quotes and CRLF inside, written as the RFC says.
    expect(text).toContain(`"Ann's day, ""quoted"", a comma\r\nand a second line"`);
    expect(text).not.toContain("Bob");
  });

  it("quotes what needs it (commas, quotes, CR, LF) and writes what a spreadsheet would run as text", () => {
    const cases: [string, string][] = [
      ["plain", "plain"],
      ["a,b", '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ["one\ntwo", '"one\ntwo"'],
      ['"', '""""'],
      ["", ""],
      ["Привет 🌍", "Привет 🌍"],
      ["a =1+1 inside", "a =1+1 inside"],
      // OWASP's "CSV Injection": a leading =, +, -, @, tab or CR gets a ' before it.
      ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
      ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
      ["=cmd|' /c calc'!a1", "'=cmd|' /c calc'!a1"],
      ["+1", "'+1"],
      ["-2+3", "'-2+3"],
      ["@ada", "'@ada"],
      ["\tx", "'\tx"],
      ["\rx", '"\'\rx"'],
    ];
    for (const [value, written] of cases) {
      expect(csvField(value)).toBe(written);
      // Read back, the cell is the text with its guard: a spreadsheet shows it without.
      const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
      expect(readCsv(`${written}\r\n`)).toEqual([[guarded]]);
    }
    // A metric's value is a number Nook writes: never prefixed.
    expect(csvRecord(["x", -5, 2.5])).toBe("x,-5,2.5\r\n");
  });

  it("pages through thousands of entries, a row each, in order", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2199)
       INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
       SELECT ?, 'bulk, ' || i, ? + i * 60000, 1, 'f' FROM n`,
    )
      .bind(ann.id, Date.UTC(2025, 0, 1))
      .run();
    const rows = readCsv(await (await csv(ann)).text());
    // The header, 2,200 bulk rows, then the four of fillAccount.
    expect(rows).toHaveLength(1 + 2200 + 4);
    expect(rows.slice(1, 2201).map((r) => r[2])).toEqual(Array.from({ length: 2200 }, (_, i) => `bulk, ${i}`));
  });

  it("signed out: 401", async () => {
    expect((await csv(null)).status).toBe(401);
  });
});
