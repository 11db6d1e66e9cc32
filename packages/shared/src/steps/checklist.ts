/**
 * A checklist's content (spec 2 §3 "Steps list", "Checklist line"): markdown
 * task lines, `- [ ] text` or `- [x] text`, nested by 2 spaces a level. One
 * parser and one printer for the API (which stores the printed form and
 * counts from it) and the editor.
 */
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

/** The counts of a set of lines: every line is an item. */
export function checklistProgress(lines: readonly Pick<ChecklistLine, "completed">[]): Progress {
  return progressOf(lines.filter((l) => l.completed).length, lines.length);
}
