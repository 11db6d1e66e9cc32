import type { ExportEntry, NookExport } from "@nook/shared/user/export";
import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { closedFences, journalMarkdown, journalZip, obsidianTag, yamlNumber, yamlString } from "./journal-markdown.ts";

type Doc = Pick<NookExport, "profile" | "entries">;

const PROFILE: NookExport["profile"] = {
  email: "keeper@nook.localhost",
  name: "Data Keeper",
  username: "keeper",
  dateOfBirth: null,
  accentColor: "blue",
  // UTC+3 all year: 21:30 UTC is half past midnight of the next day here.
  timeZone: "Europe/Moscow",
  createdAt: "2026-01-01T00:00:00.000Z",
};

const entry = (date: string, text: string, tags: string[], metrics: ExportEntry["metrics"] = []): ExportEntry => ({
  date,
  modifiedAt: date,
  text,
  tags,
  metrics,
});

/**
 * Three entries on 5 March in Moscow and one late that evening, which is 6 March there: several a day,
 * moods, a metric, a duration, a metric whose name YAML must quote, a tag with a space, a tag of digits,
 * `@` tags, Cyrillic, and a text whose lines look like front matter.
 */
const DOC: Doc = {
  profile: PROFILE,
  entries: [
    entry(
      "2026-03-05T05:10:00.000Z",
      "Кофе и круассан\n---\nmood: 5\ntags: [fake]\n",
      ["coffee", "morning walk", "@ada"],
      [
        { name: "cups", value: 2 },
        { name: "mood", value: 4 },
      ],
    ),
    entry(
      "2026-03-05T15:00:00.000Z",
      "Run",
      ["run", "1984"],
      [
        { name: "duration", value: 5400 },
        { name: "mood", value: 2 },
        { name: "pace: min/km", value: 5.5 },
      ],
    ),
    entry("2026-03-05T15:00:30.000Z", "", ["coffee"], [{ name: "cups", value: 1 }]),
    entry("2026-03-05T21:30:00.000Z", "Не спится: it's late", ["вечерняя прогулка", "@анна петрова"]),
  ],
};

// Written out by hand: what a person finds in the ZIP.
const MARCH_5 = `---
date: 2026-03-05
mood: [4, 2]
metrics:
  "cups": [2, 1]
  "duration": [5400]
  "pace: min/km": [5.5]
tags:
  - "coffee"
  - "morning_walk"
  - "run"
  - "_1984"
people:
  - "ada"
---

## 08:10

Кофе и круассан
---
mood: 5
tags: [fake]

**mood**: 😊 4 · **cups**: 2

#coffee #morning_walk [[ada]]

## 18:00

Run

**mood**: 😞 2 · **duration**: 1h 30m · **pace: min/km**: 5.5

#run #_1984

## 18:00

**cups**: 1

#coffee
`;

const MARCH_6 = `---
date: 2026-03-06
tags:
  - "вечерняя_прогулка"
people:
  - "анна петрова"
---

## 00:30

Не спится: it's late

#вечерняя_прогулка [[анна петрова]]
`;

/** A YAML 1.2 double-quoted scalar's escapes (spec §5.7), each to what it stands for. */
const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};
const HEX: Record<string, number> = { x: 2, u: 4, U: 8 };

/** YAML's c-printable (spec §5.1), less the byte-order mark, which only a stream's first character may be. */
const printable = (c: number) =>
  c === 0x09 ||
  (c >= 0x20 && c <= 0x7e) ||
  c === 0x85 ||
  (c >= 0xa0 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * No YAML parser is installed, so this is a strict reader of the one-line scalars the writer emits, by
 * YAML 1.2's grammar: a double-quoted string (every character printable, every escape one YAML has), a
 * flow list of numbers (each matching the core schema's int or float, and YAML 1.1's too), a date.
 * Anything else throws.
 */
function scalar(text: string): unknown {
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return text;
  if (text.startsWith("[") && text.endsWith("]"))
    return text
      .slice(1, -1)
      .split(", ")
      .map((n) => {
        // YAML 1.2 core int or float with a dot in its mantissa when it has an exponent (YAML 1.1 wants one).
        if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(n) && !/^-?\d+\.\d+e[-+]\d+$/.test(n))
          throw new Error(`not a number: ${n}`);
        return Number(n);
      });
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) throw new Error(`not a scalar: ${text}`);
  let out = "";
  const body = [...text.slice(1, -1)];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? "";
    if (ch === '"') throw new Error(`an unescaped quote: ${text}`);
    if (ch !== "\\") {
      if (!printable(ch.codePointAt(0) ?? 0)) throw new Error(`not printable: U+${ch.codePointAt(0)?.toString(16)}`);
      out += ch;
      continue;
    }
    const next = body[++i] ?? "";
    if (next in ESCAPES) out += ESCAPES[next];
    else if (next in HEX) {
      const digits = body.slice(i + 1, i + 1 + (HEX[next] ?? 0)).join("");
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== HEX[next]) throw new Error(`a bad escape: ${text}`);
      const code = Number.parseInt(digits, 16);
      if (code >= 0xd800 && code <= 0xdfff) throw new Error(`a surrogate escaped: ${text}`);
      out += String.fromCodePoint(code);
      i += digits.length;
    } else throw new Error(`no such escape \\${next}: ${text}`);
  }
  return out;
}

/**
 * A file's front matter read strictly: `---` first, then top-level `key: scalar` lines, a key with a block
 * list (`  - scalar`) or a map of quoted keys (`  "key": scalar`), to the first line that is `---`. Also
 * returns what follows it.
 */
function frontMatter(file: string): { data: Record<string, unknown>; rest: string } {
  const lines = file.split("\n");
  if (lines[0] !== "---") throw new Error("no front matter");
  const end = lines.indexOf("---", 1);
  if (end < 0) throw new Error("the front matter never ends");
  const data: Record<string, unknown> = {};
  let open: { key: string; kind: "list" | "map" | null } | null = null;
  for (const line of lines.slice(1, end)) {
    const top = /^([a-z]+):(?: (.+))?$/.exec(line);
    if (top?.[1]) {
      if (top[1] in data) throw new Error(`a key twice: ${top[1]}`);
      if (top[2] === undefined) open = { key: top[1], kind: null };
      else {
        data[top[1]] = scalar(top[2]);
        open = null;
      }
      continue;
    }
    if (!open) throw new Error(`a line out of place: ${line}`);
    const item = /^ {2}- (.+)$/.exec(line);
    if (item?.[1] && open.kind !== "map") {
      open.kind = "list";
      data[open.key] = [...((data[open.key] as unknown[]) ?? []), scalar(item[1])];
      continue;
    }
    // A quoted key runs to its closing quote: the first `": ` after an even run of backslashes.
    const pair = /^ {2}("(?:[^"\\]|\\.)*"): (.+)$/u.exec(line);
    if (pair?.[1] && pair[2] && open.kind !== "list") {
      open.kind = "map";
      const map = (data[open.key] as Record<string, unknown>) ?? {};
      const key = scalar(pair[1]) as string;
      if (key in map) throw new Error(`a map key twice: ${key}`);
      map[key] = scalar(pair[2]);
      data[open.key] = map;
      continue;
    }
    throw new Error(`not the writer's YAML: ${line}`);
  }
  return { data, rest: lines.slice(end + 1).join("\n") };
}

describe("the journal as Markdown, one file a day", () => {
  it("writes each day of the profile's zone as a file: front matter, then the entries in time order", () => {
    expect(journalMarkdown(DOC)).toEqual([
      { path: "2026/2026-03/2026-03-05.md", text: MARCH_5 },
      { path: "2026/2026-03/2026-03-06.md", text: MARCH_6 },
    ]);
  });

  it("reads back from the ZIP as written (fflate's unzipSync)", () => {
    const files = unzipSync(journalZip(DOC));
    expect(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]))).toEqual({
      "2026/2026-03/2026-03-05.md": MARCH_5,
      "2026/2026-03/2026-03-06.md": MARCH_6,
    });
  });

  it("counts days in UTC for a profile without a zone, and a ZIP of no entries is empty", () => {
    const utc = { profile: { ...PROFILE, timeZone: null }, entries: [DOC.entries[3] as ExportEntry] };
    expect(
      journalMarkdown(utc).map((f) => [f.path, f.text.split("\n").slice(0, 2), f.text.includes("## 21:30")]),
    ).toEqual([["2026/2026-03/2026-03-05.md", ["---", "date: 2026-03-05"], true]]);
    expect(unzipSync(journalZip({ profile: PROFILE, entries: [] }))).toEqual({});
  });

  it("keeps its front matter YAML, read strictly: the day's values by key, the text's lookalike lines after it", () => {
    const [first] = journalMarkdown(DOC);
    const { data, rest } = frontMatter(first?.text ?? "");
    expect(data).toEqual({
      date: "2026-03-05",
      mood: [4, 2],
      metrics: { cups: [2, 1], duration: [5400], "pace: min/km": [5.5] },
      tags: ["coffee", "morning_walk", "run", "_1984"],
      people: ["ada"],
    });
    expect(rest.startsWith("\n## 08:10\n\nКофе и круассан\n---\nmood: 5")).toBe(true);
  });

  it("writes any names, texts and values as YAML that reads back exactly, and no text ends the front matter", () => {
    // Any UTF-16 units, lone surrogates too: the tags and names come from people and imported files.
    const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
    const wellFormed = (s: string) =>
      s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
    const anyEntry = fc.record({
      text: fc.oneof(anyText, fc.constant("---\nmood: 1\n---\n...")),
      tags: fc.uniqueArray(
        fc.oneof(
          anyText,
          anyText.map((t) => `@${t}`),
        ),
        { maxLength: 4 },
      ),
      metrics: fc.uniqueArray(
        fc.record({
          name: fc.oneof(anyText, fc.constantFrom("mood", "duration", "null", "yes", "- x", "a: b", '"')),
          value: fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.constantFrom(1e-7, -2.5e-9, 0, 1e12)),
        }),
        { selector: (m) => m.name, maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(anyEntry, (e) => {
        const [file] = journalMarkdown({
          profile: PROFILE,
          entries: [entry("2026-03-05T12:00:00.000Z", e.text, e.tags, e.metrics)],
        });
        const { data, rest } = frontMatter(file?.text ?? "");
        // The front matter ends where the writer ended it: right before the entry's heading.
        expect(rest.startsWith("\n## 15:00")).toBe(true);
        const people = e.tags.filter((t) => t.startsWith("@") && t.length > 1).map((t) => wellFormed(t.slice(1)));
        expect(data.people ?? []).toEqual([...new Set(people)]);
        const plain = e.tags.filter((t) => !(t.startsWith("@") && t.length > 1)).map((t) => obsidianTag(wellFormed(t)));
        expect(data.tags ?? []).toEqual([...new Set(plain)]);
        const others = e.metrics.filter((m) => m.name !== "mood");
        // Names that differ only in a lone surrogate write alike: their values share the one key.
        const byName = new Map<string, number[]>();
        for (const m of others)
          byName.set(wellFormed(m.name), [...(byName.get(wellFormed(m.name)) ?? []), m.value + 0]);
        expect(data.metrics ?? {}).toEqual(Object.fromEntries(byName));
        const moods = e.metrics.filter((m) => m.name === "mood").map((m) => m.value + 0);
        expect(data.mood ?? []).toEqual(moods);
      }),
      {
        numRuns: 300,
        // Once found by a run: two lone surrogates that both write as U+FFFD.
        examples: [
          [
            {
              text: "",
              tags: [],
              metrics: [
                { name: "\uD800", value: 1e-7 },
                { name: "\uD801", value: 0 },
              ],
            },
          ],
        ],
      },
    );
  });
});

describe("the writer's pieces", () => {
  it("quotes strings as YAML's double-quoted scalars", () => {
    expect(yamlString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(yamlString("line\nnext\ttab\r\u0085\u2028\ufeff\u007f\u0000")).toBe(
      '"line\\nnext\\ttab\\u000D\\u0085\\u2028\\uFEFF\\u007F\\u0000"',
    );
    expect(yamlString("юникод 😊 \ud800")).toBe('"юникод 😊 \ufffd"');
  });

  it("writes numbers YAML 1.1 and 1.2 both read as numbers", () => {
    expect([5, -3, 0.1, 1e12, 1e-7, -2.5e-9].map(yamlNumber)).toEqual([
      "5",
      "-3",
      "0.1",
      "1000000000000",
      "1.0e-7",
      "-2.5e-9",
    ]);
  });

  it("writes tags Obsidian reads as one tag each", () => {
    expect(
      ["morning walk", "c++", "rock & roll", "a/b", "snake_case", "kebab-case", "1984", "2024-01", "☕", "Ёлка"].map(
        obsidianTag,
      ),
    ).toEqual(["morning_walk", "c_", "rock_roll", "a/b", "snake_case", "kebab-case", "_1984", "2024-01", "☕", "Ёлка"]);
  });

  it("closes a code fence the text leaves open, so the day's next entries stay out of it", () => {
    expect(closedFences("```js\nlet a = 1;")).toBe("```js\nlet a = 1;\n```");
    expect(closedFences("~~~~\n```\nstill code")).toBe("~~~~\n```\nstill code\n~~~~");
    expect(closedFences("```\ncode\n```\ntext")).toBe("```\ncode\n```\ntext");
    // Inline code and an indented block are no fences.
    expect(closedFences("``` a ` b\n    ```")).toBe("``` a ` b\n    ```");
  });
});
