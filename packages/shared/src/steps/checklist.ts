/**
 * A checklist's content (spec 2 §3 "Steps list", "Checklist line"): markdown
 * task lines, `- [ ] text` or `- [x] text`, nested by 2 spaces a level. One
 * parser and one printer for the API (which stores the printed form and
 * counts from it) and the editor.
 */
import { CHECKLIST_CHARS_MAX, CHECKLIST_LINES_MAX } from "./limits.ts";

export interface ChecklistLine {
  /** Stable within an editing session (React keys); not part of the content. */
  key: string;
  text: string;
  completed: boolean;
  /** Nesting depth: 0 at the margin, each level 2 spaces. */
  level: number;
}

/** The indentation step (spec 2 §9). */
export const INDENT = 2;
/** What an empty checklist is saved as (spec 2 §5). */
export const EMPTY_CONTENT = "- [ ]";

let nextKey = 0;
/** A fresh key for a line made in this session. */
export function lineKey(): string {
  nextKey += 1;
  return `l${nextKey}`;
}

// Indentation, an optional bullet (-, * or +, or "1." / "1)"), an optional box, then the text.
const LINE = /^([ \t]*)(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))?(?:\[([ xX])\](?:[ \t]+|$))?(.*)$/;

/** How far in a line starts: a tab counts as one level (2 spaces). */
function indentWidth(lead: string): number {
  let width = 0;
  for (const ch of lead) width += ch === "\t" ? INDENT : 1;
  return width;
}

/**
 * Markdown → lines. Forgiving, as pasted text is: blank lines are skipped,
 * `*` / `+` / numbered bullets and `[X]` are read, a line without a box is an
 * open task, trailing spaces go. Nesting follows the indentation as markdown
 * does: a line is the child of the nearest line above that is less indented,
 * so it is never more than one level deeper than the line above it.
 */
export function parseChecklist(content: string): ChecklistLine[] {
  const out: ChecklistLine[] = [];
  // The indentation of the open ancestors of the next line, outermost first.
  const open: number[] = [];
  for (const raw of content.split(/\r\n|\r|\n/)) {
    if (!raw.trim()) continue;
    const m = LINE.exec(raw) as RegExpExecArray;
    const [, lead = "", box, rest = ""] = m;
    const width = indentWidth(lead);
    while (open.length && (open.at(-1) as number) >= width) open.pop();
    out.push({ key: lineKey(), text: rest.trim(), completed: box === "x" || box === "X", level: open.length });
    open.push(width);
  }
  return out;
}

/** Lines → markdown: `- [ ]` / `- [x]`, 2 spaces a level; no lines print as one empty task. */
export function printChecklist(lines: readonly Omit<ChecklistLine, "key">[]): string {
  if (!lines.length) return EMPTY_CONTENT;
  return lines
    .map((l) => `${" ".repeat(l.level * INDENT)}- [${l.completed ? "x" : " "}]${l.text ? ` ${l.text}` : ""}`)
    .join("\n");
}

/** The canonical form of any content: what the API stores. */
export function normalizeChecklist(content: string): string {
  return printChecklist(parseChecklist(content));
}

/** The lines of a canonical content (normalizeChecklist's, printChecklist's): one per newline. */
export function checklistLineCount(canonical: string): number {
  let n = 1;
  for (let i = canonical.indexOf("\n"); i !== -1; i = canonical.indexOf("\n", i + 1)) n += 1;
  return n;
}

/** Which limit (limits.ts) a canonical content is over, if any: what the API would refuse. */
export function overLimit(canonical: string): "chars" | "lines" | null {
  if (canonical.length > CHECKLIST_CHARS_MAX) return "chars";
  if (checklistLineCount(canonical) > CHECKLIST_LINES_MAX) return "lines";
  return null;
}

export interface Progress {
  totalItems: number;
  completedItems: number;
  /** Completed share in percent, rounded to 1 decimal (spec 2 §9); 0 for no items. */
  percent: number;
}

/** Completed of total, and the percent rounded to one decimal. */
export function progressOf(completedItems: number, totalItems: number): Progress {
  const percent = totalItems ? Math.round((completedItems / totalItems) * 1000) / 10 : 0;
  return { totalItems, completedItems, percent };
}

/** Whether a line is an item: it has text. An empty line (a new checklist's, a trailing one) is not counted. */
export function isItem(line: Pick<ChecklistLine, "text">): boolean {
  return line.text.trim() !== "";
}

/** The counts of a set of lines: every line with text is an item, ticked or not; empty lines are none. */
export function checklistProgress(lines: readonly Pick<ChecklistLine, "completed" | "text">[]): Progress {
  const items = lines.filter(isItem);
  return progressOf(items.filter((l) => l.completed).length, items.length);
}

/** The counts of a content as stored: what the API keeps beside it, recounted on every write. */
export function contentProgress(content: string): Progress {
  return checklistProgress(parseChecklist(content));
}

/** What Import Data makes of a paste: the task lines, and how many lines it left out as not tasks. */
export interface Imported {
  lines: ChecklistLine[];
  /** Headings, prose, rules, quotes and code: lines with text that are not list items. */
  skipped: number;
}

const MARKED = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)|\[[ xX]\](?:[ \t]+|$))/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A thematic break, or a setext heading's underline. */
const RULE = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|=+[ \t]*|-+[ \t]*)$/;
const FENCE = /^ {0,3}(?:```|~~~)/;
const QUOTE = /^ {0,3}>/;

/**
 * Pasted markdown → task lines (Import Data). List items (`-`, `*`, `+`,
 * numbered, or a bare box) are tasks, nested by their indentation as
 * parseChecklist reads it. Headings, rules, block quotes and fenced code are
 * left out. A plain line is prose when the paste has list items: right under
 * an item it continues that item's text (markdown's lazy continuation),
 * anywhere else it is left out. A paste with no list items at all is a plain
 * list: each plain line is a task. Items with no text are not kept.
 */
export function importChecklist(pasted: string): Imported {
  const raws = pasted.split(/\r\n|\r|\n/);
  const hasItems = raws.some((r) => MARKED.test(r) && !RULE.test(r));
  const kept: string[] = [];
  let skipped = 0;
  let code = false;
  /** Whether the line before was an item kept (or its continuation), with no blank line between. */
  let afterItem = false;
  /** The last line was a plain line that became a task: a setext underline under it makes it a heading. */
  let plainTask = false;
  for (const raw of raws) {
    const blank = !raw.trim();
    if (FENCE.test(raw)) {
      code = !code;
      skipped += 1;
      afterItem = plainTask = false;
    } else if (code) {
      if (!blank) skipped += 1;
    } else if (blank) {
      afterItem = plainTask = false;
    } else if (RULE.test(raw)) {
      // '===' or '---' right under a plain line: that line was a heading, not a task.
      if (plainTask) {
        kept.pop();
        skipped += 1;
      }
      skipped += 1;
      afterItem = plainTask = false;
    } else if (HEADING.test(raw) || QUOTE.test(raw)) {
      skipped += 1;
      afterItem = plainTask = false;
    } else if (MARKED.test(raw) || !hasItems) {
      kept.push(raw);
      afterItem = true;
      plainTask = !MARKED.test(raw);
    } else if (afterItem) {
      kept[kept.length - 1] = `${(kept.at(-1) as string).trimEnd()} ${raw.trim()}`;
    } else {
      skipped += 1;
    }
  }
  return { lines: parseChecklist(kept.join("\n")).filter(isItem), skipped };
}
