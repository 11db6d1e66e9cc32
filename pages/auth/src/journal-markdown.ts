import { formatDuration } from "@nook/shared/common/duration";
import { isTimeZone, profileTimeZone, zonedParts } from "@nook/shared/common/time-zone";
import { isMood, MOOD_EMOJI } from "@nook/shared/journal/mood";
import { PERSON_TAG_PREFIX } from "@nook/shared/people/person-tags";
import type { ExportEntry, NookExport } from "@nook/shared/user/export";
import { strToU8, zipSync } from "fflate";

/**
 * The journal as Markdown, made in the browser from the JSON export (Your data loads this module, and
 * fflate with it, only when the Markdown download is asked for; the Worker keeps no copy and streams only
 * the JSON it already streams). One file a day, the day in the profile's zone (UTC without one):
 * `YYYY/YYYY-MM/YYYY-MM-DD.md`, the name Obsidian's daily notes give (a link `[[2026-03-05]]` finds the
 * file in any folder), a folder a year and a month so no folder holds thousands of files. A day's file:
 *
 *   ---
 *   date: 2026-03-05
 *   mood: [4, 2]                       each entry's mood, in time order, when the day has any
 *   metrics:
 *     "cups": [2, 1]                   each other metric the same way: one value an entry that has it
 *     "duration": [5400]               a duration in seconds (below: 1h 30m)
 *   tags:
 *     - "morning_walk"                 the day's tags as the text writes them (below), each once
 *   people:
 *     - "ada"                          the day's @ tags' names, exactly
 *   ---
 *
 *   ## 08:10                           an entry a heading: its time on the profile's clock
 *
 *   The entry's text, as written.
 *
 *   **mood**: 😊 4 · **cups**: 2 · **duration**: 1h 30m
 *
 *   #morning_walk [[ada]]
 *
 * The front matter has one type a key in every file (a list, even for one entry), as Obsidian's
 * properties want; the entry's own values are under each entry, so a list that skips an entry without
 * the metric loses nothing. The JSON export stays the lossless format.
 */

/** One file of the vault: its path in the ZIP and its text. */
export interface JournalFile {
  path: string;
  text: string;
}

const MOOD = "mood";
const DURATION = "duration";

/**
 * What a YAML 1.2 stream may hold as it is (c-printable), less what this writer escapes anyway: the
 * byte-order mark (only a stream's first character), NEL and the Unicode line and paragraph separators
 * (line breaks to YAML 1.1 readers), and tab. Everything else is written as an escape.
 */
function printable(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa0 && c <= 0xd7ff && c !== 0x2028 && c !== 0x2029) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    c >= 0x10000
  );
}

/**
 * A string as a YAML double-quoted scalar, the one style that holds any text on one line: `"` and `\`
 * escaped, line breaks and other characters YAML cannot hold as `\n`, `\t` or `\uXXXX`. A lone surrogate
 * (no character at all, which neither YAML nor UTF-8 can write) becomes U+FFFD, as UTF-8 encoding does.
 * Every name from the journal is written so: "yes", "null", "1e3", "a: b" or "- x" stay strings.
 */
export function yamlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (printable(c)) out += ch;
    else if (c >= 0xd800 && c <= 0xdfff) out += "\uFFFD";
    else out += `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return `${out}"`;
}

/**
 * A metric's value as a YAML number that YAML 1.1 readers (PyYAML) and 1.2 ones read alike: JavaScript
 * writes a tiny value as `1e-7`, a string to YAML 1.1, which wants a dot in the mantissa (`1.0e-7`).
 */
export function yamlNumber(value: number): string {
  const text = String(value);
  const [mantissa = "", exponent] = text.split("e");
  return exponent === undefined || mantissa.includes(".") ? text : `${mantissa}.0e${exponent}`;
}

/**
 * What an Obsidian tag cannot hold: white space, control characters, ASCII punctuation but `_`, `-` and
 * `/` (a nested tag), and the general and supplemental punctuation blocks (Obsidian's own rule, as
 * Dataview mirrors it). Letters of any script, digits and emoji stay.
 */
const NOT_IN_TAG = /[\s\p{Cc}\u2000-\u206f\u2e00-\u2e7f!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~]+/gu;

/**
 * A tag as the text writes it, `#` and a name Obsidian reads as one tag: each run of what a tag cannot
 * hold becomes one `_` ("morning walk" → `morning_walk`, snake case being one of Obsidian's own
 * conventions), so the words still read; a name of digits alone, which Obsidian does not take for a tag,
 * gets a leading `_`. The exact name is in the JSON export.
 */
export function obsidianTag(name: string): string {
  const tag = name.replace(NOT_IN_TAG, "_");
  return /^\d+$/.test(tag) ? `_${tag}` : tag;
}

/** What an Obsidian link's target cannot hold: a link's own marks, and what a file's name cannot. */
const NOT_IN_LINK = /[[\]|#^\\/:*?"<>\p{Cc}]+/gu;

/**
 * An `@` tag's person as a link, `[[ada]]`: the journal's person link becomes the vault's, so a note
 * named after the person gathers every day that mentions them (Obsidian's backlinks and graph).
 */
function personLink(name: string): string {
  return `[[${name.replace(NOT_IN_LINK, "_")}]]`;
}

/** The person an `@` tag names, or null for a plain tag (a lone `@` is a plain tag: it names no one). */
function personOf(tag: string): string | null {
  return tag.startsWith(PERSON_TAG_PREFIX) && tag.length > PERSON_TAG_PREFIX.length
    ? tag.slice(PERSON_TAG_PREFIX.length)
    : null;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * The text as written, with a closing fence added when it leaves a code fence open (CommonMark: at most
 * three spaces, then three or more backticks or tildes). The journal shows each entry's text on its own;
 * in one file a day, an open fence would make every later entry of the day code. Nothing else is
 * changed: the person's Markdown is theirs, and nothing in it can reach the front matter, which comes
 * first and holds only quoted strings and numbers (no line of it can be `---`); a `---` in a text is
 * Markdown's thematic break, or the underline of the heading above it, as in any note.
 */
export function closedFences(text: string): string {
  let open: { mark: string; length: number } | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (open) {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close?.[0] === open.mark && close.length >= open.length) open = null;
      continue;
    }
    const fence = FENCE_OPEN.exec(line);
    // A backtick fence's info string cannot hold a backtick: "```a`" is inline code, not a fence.
    if (fence?.[1] && !(fence[1][0] === "`" && fence[2]?.includes("`")))
      open = { mark: fence[1][0] ?? "`", length: fence[1].length };
  }
  return open ? `${text}\n${open.mark.repeat(open.length)}` : text;
}

const two = (n: number) => String(n).padStart(2, "0");

/** A metric's value as the entry shows it: a duration as `1h 30m` (what Nook reads back), a mood with its face. */
function shownValue(name: string, value: number): string {
  if (name === DURATION) return formatDuration(value, "en");
  if (name === MOOD && isMood(value)) return `${MOOD_EMOJI[value]} ${value}`;
  return yamlNumber(value);
}

/** One entry under its day: the time, the text, its metrics (mood first), its tags and people. */
function entryBlock(entry: ExportEntry, hour: number, minute: number): string {
  const parts = [`## ${two(hour)}:${two(minute)}`];
  const text = closedFences(entry.text.replace(/[\r\n]+$/, ""));
  if (text.trim() !== "") parts.push(text);
  const metrics = [...entry.metrics.filter((m) => m.name === MOOD), ...entry.metrics.filter((m) => m.name !== MOOD)];
  // Bold names: the line starts with `**`, never with what Markdown reads as a list, a heading or a quote.
  if (metrics.length > 0) parts.push(metrics.map((m) => `**${m.name}**: ${shownValue(m.name, m.value)}`).join(" · "));
  if (entry.tags.length > 0)
    parts.push(
      entry.tags
        .map((tag) => {
          const person = personOf(tag);
          return person === null ? `#${obsidianTag(tag)}` : personLink(person);
        })
        .join(" "),
    );
  return parts.join("\n\n");
}

/** A YAML block list of strings under a key. */
const yamlList = (key: string, items: Iterable<string>) =>
  [`${key}:`, ...[...items].map((item) => `  - ${yamlString(item)}`)].join("\n");
/** A YAML flow list of numbers. */
const yamlNumbers = (values: number[]) => `[${values.map(yamlNumber).join(", ")}]`;

/** A day's front matter: the date, then each key only when the day's entries have it. */
function frontMatter(date: string, entries: ExportEntry[]): string {
  const moods: number[] = [];
  // By the name as written: two names that differ only in a lone surrogate write alike, so share a key.
  const metrics = new Map<string, number[]>();
  const tags = new Set<string>();
  const people = new Set<string>();
  for (const entry of entries) {
    for (const m of entry.metrics) {
      if (m.name === MOOD) moods.push(m.value);
      else {
        const key = yamlString(m.name);
        const values = metrics.get(key) ?? [];
        values.push(m.value);
        metrics.set(key, values);
      }
    }
    for (const tag of entry.tags) {
      const person = personOf(tag);
      if (person === null) tags.add(obsidianTag(tag));
      else people.add(person);
    }
  }
  const lines = ["---", `date: ${date}`];
  if (moods.length > 0) lines.push(`mood: ${yamlNumbers(moods)}`);
  if (metrics.size > 0)
    lines.push("metrics:", ...[...metrics].map(([key, values]) => `  ${key}: ${yamlNumbers(values)}`));
  if (tags.size > 0) lines.push(yamlList("tags", tags));
  if (people.size > 0) lines.push(yamlList("people", people));
  lines.push("---");
  return lines.join("\n");
}

/** The export's journal as one Markdown file a day, the days in order, each day's entries in time order. */
export function journalMarkdown(doc: Pick<NookExport, "profile" | "entries">): JournalFile[] {
  const zone = profileTimeZone(doc.profile.timeZone);
  const timeZone = isTimeZone(zone) ? zone : "UTC";
  const days = new Map<string, { entry: ExportEntry; hour: number; minute: number }[]>();
  // The export lists entries oldest first; sorted again (stably) so a hand-made file reads the same.
  const sorted = doc.entries.map((entry) => ({ entry, at: Date.parse(entry.date) })).sort((a, b) => a.at - b.at);
  for (const { entry, at } of sorted) {
    const p = zonedParts(at, timeZone);
    const day = `${p.year}-${two(p.month)}-${two(p.day)}`;
    const list = days.get(day) ?? [];
    list.push({ entry, hour: p.hour, minute: p.minute });
    days.set(day, list);
  }
  return [...days].map(([day, list]) => ({
    path: `${day.slice(0, 4)}/${day.slice(0, 7)}/${day}.md`,
    text: `${[
      frontMatter(
        day,
        list.map((e) => e.entry),
      ),
      ...list.map((e) => entryBlock(e.entry, e.hour, e.minute)),
    ].join("\n\n")}\n`,
  }));
}

/** The Markdown files as one ZIP (UTF-8 names and texts, deflated). */
export function journalZip(doc: Pick<NookExport, "profile" | "entries">): Uint8Array {
  return zipSync(Object.fromEntries(journalMarkdown(doc).map((f) => [f.path, strToU8(f.text)])));
}
