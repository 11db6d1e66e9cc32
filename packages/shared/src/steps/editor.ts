/**
 * The checklist editor's line operations (spec 2 §2 "Steps checklist detail"):
 * pure functions from lines to lines, and where the caret goes next. They keep
 * the parser's rule — a line is at most one level deeper than the line above
 * it — so what the editor shows is what printChecklist saves and parseChecklist
 * reads back.
 */
import { type ChecklistLine, lineKey, parseChecklist } from "./checklist.ts";

/** Where the caret goes after an edit: a line (by key) and a position in its text. */
export interface Focus {
  key: string;
  caret: number;
}

export interface Edit {
  lines: ChecklistLine[];
  focus: Focus;
}

/** A fresh open task with no text. */
export function emptyLine(level = 0): ChecklistLine {
  return { key: lineKey(), text: "", completed: false, level };
}

/** The editor's lines for a content: never none (a new checklist has one empty line). */
export function editorLines(content: string): ChecklistLine[] {
  const lines = parseChecklist(content);
  return lines.length ? lines : [emptyLine()];
}

/** The end (exclusive) of a line's children: the lines after it that are deeper than it. */
export function subtreeEnd(lines: readonly ChecklistLine[], index: number): number {
  const level = lines[index]?.level ?? 0;
  let end = index + 1;
  while (end < lines.length && (lines[end]?.level ?? 0) > level) end += 1;
  return end;
}

function replaceAt(lines: readonly ChecklistLine[], index: number, change: Partial<ChecklistLine>): ChecklistLine[] {
  return lines.map((l, i) => (i === index ? { ...l, ...change } : l));
}

/** The line's text as typed. */
export function setText(lines: readonly ChecklistLine[], index: number, text: string): ChecklistLine[] {
  return replaceAt(lines, index, { text });
}

/** Ticks or unticks one line (its children keep their own state: each line is an item). */
export function toggle(lines: readonly ChecklistLine[], index: number): ChecklistLine[] {
  const line = lines[index];
  return line ? replaceAt(lines, index, { completed: !line.completed }) : [...lines];
}

/**
 * Enter: the text after the caret moves to a new open line right below, at
 * the same level; the caret goes to its start. At the end of a line that makes
 * an empty line.
 */
export function splitLine(lines: readonly ChecklistLine[], index: number, caret: number): Edit {
  const line = lines[index];
  if (!line) throw new RangeError(`no line ${index}`);
  const at = Math.max(0, Math.min(caret, line.text.length));
  const next = { ...emptyLine(line.level), text: line.text.slice(at) };
  const out = [...lines.slice(0, index), { ...line, text: line.text.slice(0, at) }, next, ...lines.slice(index + 1)];
  return { lines: out, focus: { key: next.key, caret: 0 } };
}

/** Whether Tab can nest a line: not the first, and not already a level deeper than the line above. */
export function canIndent(lines: readonly ChecklistLine[], index: number): boolean {
  const line = lines[index];
  const above = lines[index - 1];
  return !!line && !!above && line.level <= above.level;
}

/** Whether Shift-Tab can lift a line: it is nested. */
export function canOutdent(lines: readonly ChecklistLine[], index: number): boolean {
  return (lines[index]?.level ?? 0) > 0;
}

/** Shifts a line and its children by `by` levels. */
function shiftSubtree(lines: readonly ChecklistLine[], index: number, by: number): ChecklistLine[] {
  const end = subtreeEnd(lines, index);
  return lines.map((l, i) => (i >= index && i < end ? { ...l, level: l.level + by } : l));
}

/** Tab: one level deeper, its children along with it; null when it cannot (see canIndent). */
export function indent(lines: readonly ChecklistLine[], index: number, caret: number): Edit | null {
  const line = lines[index];
  if (!line || !canIndent(lines, index)) return null;
  return { lines: shiftSubtree(lines, index, 1), focus: { key: line.key, caret } };
}

/** Shift-Tab: one level up, its children along with it; null at the margin. */
export function outdent(lines: readonly ChecklistLine[], index: number, caret: number): Edit | null {
  const line = lines[index];
  if (!line || !canOutdent(lines, index)) return null;
  return { lines: shiftSubtree(lines, index, -1), focus: { key: line.key, caret } };
}

/**
 * Backspace on an empty line: the line goes, its children move up a level in
 * its place, and the caret goes to the end of the line above (the line below
 * when it was the first). The only line is never removed: it is left empty,
 * open and at the margin.
 */
export function removeLine(lines: readonly ChecklistLine[], index: number): Edit {
  const line = lines[index];
  if (!line) throw new RangeError(`no line ${index}`);
  if (lines.length === 1) {
    return { lines: [{ ...line, text: "", completed: false, level: 0 }], focus: { key: line.key, caret: 0 } };
  }
  const end = subtreeEnd(lines, index);
  const out = [
    ...lines.slice(0, index),
    ...lines.slice(index + 1, end).map((l) => ({ ...l, level: l.level - 1 })),
    ...lines.slice(end),
  ];
  const above = lines[index - 1];
  const focus = above ? { key: above.key, caret: above.text.length } : { key: (out[0] as ChecklistLine).key, caret: 0 };
  return { lines: out, focus };
}

/**
 * Arrow up (-1) or down (+1): the line above or below, the caret at the same
 * position or at the end of a shorter text; null past the first or last line.
 */
export function neighbour(
  lines: readonly ChecklistLine[],
  index: number,
  direction: -1 | 1,
  caret: number,
): Focus | null {
  const target = lines[index + direction];
  if (!target) return null;
  return { key: target.key, caret: Math.min(caret, target.text.length) };
}

/**
 * Backspace at the start of a line with text: its text joins the end of the
 * line above, which keeps its own box; the caret goes to the join. The
 * line's children stay under the joined line (lifted as far as needed to
 * stay at most one level below it). Null on the first line.
 */
export function mergeUp(lines: readonly ChecklistLine[], index: number): Edit | null {
  const line = lines[index];
  const above = lines[index - 1];
  if (!line || !above) return null;
  const end = subtreeEnd(lines, index);
  const lift = Math.min(0, above.level - line.level);
  const out = [
    ...lines.slice(0, index - 1),
    { ...above, text: above.text + line.text },
    ...lines.slice(index + 1, end).map((l) => ({ ...l, level: l.level + lift })),
    ...lines.slice(end),
  ];
  return { lines: out, focus: { key: above.key, caret: above.text.length } };
}

/** One state the editor can go back to: the lines, and where the caret was. */
export interface Snapshot {
  lines: ChecklistLine[];
  focus: Focus | null;
}

/** The editor's undo and redo, newest last; `typing` names the line whose typing the last step holds. */
export interface History {
  past: Snapshot[];
  future: Snapshot[];
  typing: string | null;
}

/** How many steps Ctrl+Z can go back. */
export const HISTORY_MAX = 200;

export const emptyHistory = (): History => ({ past: [], future: [], typing: null });

/**
 * A change is about to replace `before`: it becomes a step back, and redo is
 * gone. Typing on one line is one step (`typing` is that line's key) until
 * another kind of change or another line.
 */
export function record(history: History, before: Snapshot, typing: string | null = null): History {
  if (typing !== null && history.typing === typing) return { ...history, future: [] };
  return { past: [...history.past, before].slice(-HISTORY_MAX), future: [], typing };
}

/** Ctrl+Z: the state before the last change, and the history with `now` to redo; null when there is none. */
export function undo(history: History, now: Snapshot): { history: History; to: Snapshot } | null {
  const to = history.past.at(-1);
  if (!to) return null;
  return { history: { past: history.past.slice(0, -1), future: [...history.future, now], typing: null }, to };
}

/** Ctrl+Shift+Z or Ctrl+Y: the change undone last, again; null when there is none. */
export function redo(history: History, now: Snapshot): { history: History; to: Snapshot } | null {
  const to = history.future.at(-1);
  if (!to) return null;
  return { history: { past: [...history.past, now], future: history.future.slice(0, -1), typing: null }, to };
}
