import { type ChecklistLine, normalizeChecklist, parseChecklist, printChecklist } from "./checklist.ts";

/**
 * Two devices' changes to one checklist, both kept (DESIGN "no silent overwrite"): `base` is the content
 * both started from, `mine` this device's edit of it, `theirs` what the server holds now (another device's
 * edit). A line is known by its text (the n-th line of a text, when a text repeats); a change to a line is
 * its tick or its depth. The merge starts from `theirs` and makes my changes on it:
 *   - a line I ticked, unticked or moved in depth takes my state, unless they changed it too and
 *     differently: then mine wins (I write later) and the line is named in `overlapped`;
 *   - a line I added goes in after the line that precedes it in mine (the top when none is left);
 *   - a line I removed goes, unless they changed it meanwhile: then theirs stays, named in `overlapped`.
 * Their additions, removals and changes of lines I left alone stay as they made them. Canonical in, out.
 */
export interface Merged {
  content: string;
  /** The texts of the lines both devices changed, where one change won. */
  overlapped: string[];
}

type Line = Omit<ChecklistLine, "key">;

/** Each line under its identity: its text, and which of the lines of that text it is. */
function keyed(content: string): Map<string, Line> {
  const seen = new Map<string, number>();
  const out = new Map<string, Line>();
  for (const { key: _key, ...line } of parseChecklist(content)) {
    const n = seen.get(line.text) ?? 0;
    seen.set(line.text, n + 1);
    out.set(`${n}\u0000${line.text}`, line);
  }
  return out;
}

const same = (a: Line, b: Line) => a.completed === b.completed && a.level === b.level;

export function mergeChecklist(base: string, mine: string, theirs: string): Merged {
  const b = keyed(base);
  const m = keyed(mine);
  const t = keyed(theirs);
  const overlapped: string[] = [];
  // Their lines, in their order, as an ordered list of keys.
  const order = [...t.keys()];
  const result = new Map(t);

  // My changes and removals of lines that were there before.
  for (const [key, was] of b) {
    const now = m.get(key);
    const their = t.get(key);
    if (now === undefined) {
      // Removed by me: gone, unless they changed it meanwhile.
      if (their === undefined) continue;
      if (same(their, was)) result.delete(key);
      else overlapped.push(their.text);
      continue;
    }
    if (same(now, was)) continue;
    if (their === undefined) {
      // Changed by me, removed by them: my change brings it back, at its place in mine.
      overlapped.push(now.text);
      continue;
    }
    if (!same(their, was) && !same(their, now)) overlapped.push(now.text);
    result.set(key, now);
  }

  // My additions (and my changed lines they removed), each after the line before it in mine.
  const mineKeys = [...m.keys()];
  for (const [i, key] of mineKeys.entries()) {
    if (order.includes(key)) continue;
    const line = m.get(key) as Line;
    const fromBase = b.get(key);
    if (fromBase !== undefined && same(fromBase, line)) continue;
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const before = order.indexOf(mineKeys[j] as string);
      if (before !== -1) {
        at = before + 1;
        break;
      }
    }
    order.splice(at, 0, key);
    result.set(key, line);
  }

  const lines = order.filter((key) => result.has(key)).map((key) => result.get(key) as Line);
  return { content: normalizeChecklist(printChecklist(lines)), overlapped };
}
