import { type ChecklistLine, normalizeChecklist, parseChecklist, printChecklist } from "./checklist.ts";

/**
 * Two devices' changes to one checklist, both kept (DESIGN "no silent overwrite"): `base` is the content
 * both started from, `mine` this device's edit of it, `theirs` what the server holds now (another device's
 * edit). A line is known by its text (the n-th line of a text, when a text repeats); a change to a line is
 * its tick, its depth or its place. The merge starts from `theirs` and makes my changes on it:
 *   - a line I ticked, unticked or moved in depth takes my state, unless they changed it too and
 *     differently: then mine wins (I write later) and the line is named in `overlapped`;
 *   - a line I moved goes after the line that precedes it in mine (the top when none is left), wherever
 *     that line is now, so the lines I moved keep my order; if they moved it too, to another place (after
 *     another of the lines both have), mine wins and it is named in `overlapped`;
 *   - a line I added goes in the same way, after the line that precedes it in mine; one they added too
 *     takes my state and place, named when those differ from theirs;
 *   - a line I changed (state or place) that they removed comes back, named in `overlapped`;
 *   - a line I removed goes, unless they changed it meanwhile (state or place): then theirs stays, named
 *     in `notRemoved`.
 * Their additions, removals, moves and changes of lines I left alone stay as they made them.
 *
 * The lines a side moved are the fewest whose moving turns base's order into the side's: the lines
 * outside a longest run of lines both keep in the same order (one such run, the same every time). Moving
 * "jam" to the top moves jam; moving a line with the lines under it moves each of them, or, when that
 * reads as fewer, the lines they were moved past: either way the merge puts them in my order.
 *
 * Nesting is by depth, as in the content: a line placed after another goes past the lines under that one
 * that are not mine to place (their additions under it stay under it), and the lines they added under a
 * line I moved go with it. Where a place leaves a line deeper than the line above allows, the canonical
 * form lifts it (parseChecklist). Canonical in, canonical out.
 */
export interface Merged {
  content: string;
  /** Lines both devices changed, where mine won: the other device's change to each is not kept. */
  overlapped: string[];
  /** Lines I removed that the other device changed meanwhile: theirs stays, my removal is not made. */
  notRemoved: string[];
}

type Line = Omit<ChecklistLine, "key">;

/** Each line under its identity: its text, and which of the lines of that text it is. In order. */
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

/**
 * The lines `side` moved since `base`: of the lines both have, those outside a longest run kept in base's
 * order. Each key is in a list once, so that run is a longest increasing run of base positions, found in
 * n log n (patience).
 */
function movedLines(base: Map<string, Line>, side: Map<string, Line>): Set<string> {
  const position = new Map<string, number>();
  for (const key of base.keys()) if (side.has(key)) position.set(key, position.size);
  const both = [...side.keys()].filter((key) => position.has(key));
  const rank = both.map((key) => position.get(key) as number);
  // ends[k]: the index (in `both`) ending the lowest-ending increasing run of length k + 1 so far.
  const ends: number[] = [];
  const before: number[] = [];
  for (const [i, r] of rank.entries()) {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((rank[ends[mid] as number] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    before[i] = lo > 0 ? (ends[lo - 1] as number) : -1;
    ends[lo] = i;
  }
  const kept = new Set<string>();
  for (let i = ends.at(-1) ?? -1; i !== -1; i = before[i] as number) kept.add(both[i] as string);
  return new Set(both.filter((key) => !kept.has(key)));
}

/** For each line of `side`, the nearest line above it that `other` has too (undefined: none). */
function sharedAbove(side: Map<string, Line>, other: Map<string, Line>): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  let last: string | undefined;
  for (const key of side.keys()) {
    out.set(key, last);
    if (other.has(key)) last = key;
  }
  return out;
}

export function mergeChecklist(base: string, mine: string, theirs: string): Merged {
  const b = keyed(base);
  const m = keyed(mine);
  const t = keyed(theirs);
  const overlapped = new Set<string>();
  const notRemoved = new Set<string>();
  const myMoves = movedLines(b, m);
  const theirMoves = movedLines(b, t);
  const mineAbove = sharedAbove(m, t);
  const theirsAbove = sharedAbove(t, m);
  /** Whether mine and theirs have a line in different places: after different lines that both have. */
  const placedApart = (key: string) => mineAbove.get(key) !== theirsAbove.get(key);
  const result = new Map(t);
  /** The lines that go where mine has them: moved or added by me, or brought back. */
  const toPlace = new Set<string>();

  // My changes, moves and removals of lines that were there before.
  for (const [key, was] of b) {
    const now = m.get(key);
    const their = t.get(key);
    if (now === undefined) {
      // Removed by me: gone, unless they changed or moved it meanwhile.
      if (their === undefined) continue;
      if (same(their, was) && !theirMoves.has(key)) result.delete(key);
      else notRemoved.add(their.text);
      continue;
    }
    const moved = myMoves.has(key);
    if (same(now, was) && !moved) continue;
    if (their === undefined) {
      // Changed or moved by me, removed by them: mine brings it back, at its place in mine.
      overlapped.add(now.text);
      result.set(key, now);
      toPlace.add(key);
      continue;
    }
    if (!same(now, was)) {
      if (!same(their, was) && !same(their, now)) overlapped.add(now.text);
      result.set(key, now);
    }
    if (moved) {
      if (theirMoves.has(key) && placedApart(key)) overlapped.add(now.text);
      toPlace.add(key);
    }
  }

  // My additions; one they made too takes my state and place, said when either differs from theirs.
  for (const [key, line] of m) {
    if (b.has(key)) continue;
    const their = t.get(key);
    if (their !== undefined && same(their, line) && !placedApart(key)) continue;
    if (their !== undefined) overlapped.add(line.text);
    result.set(key, line);
    toPlace.add(key);
  }

  // The lines they have under a line I place and that mine does not have (their additions) go with it.
  const followers = new Map<string, string[]>();
  const following = new Set<string>();
  const open: string[] = [];
  for (const [key, line] of t) {
    while (open.length && (t.get(open.at(-1) as string) as Line).level >= line.level) open.pop();
    if (!m.has(key) && result.has(key)) {
      const holder = open.findLast((above) => m.has(above));
      if (holder !== undefined && toPlace.has(holder)) {
        followers.set(holder, [...(followers.get(holder) ?? []), key]);
        following.add(key);
      }
    }
    open.push(key);
  }

  // Their order, without what is removed and what is placed, then my lines placed in my order.
  const order = [...t.keys()].filter((key) => result.has(key) && !toPlace.has(key) && !following.has(key));
  const mineKeys = [...m.keys()];
  const mineIndex = new Map(mineKeys.map((key, i) => [key, i]));
  let above: string | undefined;
  for (const [i, key] of mineKeys.entries()) {
    if (!result.has(key)) continue;
    const previous = above;
    above = key;
    if (!toPlace.has(key)) continue;
    let at = previous === undefined ? 0 : order.indexOf(previous) + 1;
    // Past the deeper lines there that are not mine to place after this one: they stay under the line above.
    const level = (result.get(key) as Line).level;
    while (at < order.length) {
      const next = order[at] as string;
      if ((result.get(next) as Line).level <= level || (mineIndex.get(next) ?? -1) > i) break;
      at += 1;
    }
    order.splice(at, 0, key, ...(followers.get(key) ?? []));
  }

  const lines = order.map((key) => result.get(key) as Line);
  return {
    content: normalizeChecklist(printChecklist(lines)),
    overlapped: [...overlapped],
    notRemoved: [...notRemoved],
  };
}
