import { type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { iso, type Run, seconds } from "./run.ts";

/**
 * `top time between`: the longest gaps between consecutive matches, longest
 * first (the later gap first on a tie), measured on the matches' clock (with
 * uptimeOnly the awake clock: the sleep inside a gap is cut out). In date
 * order both the date and the clock only grow, so the running maximum of the
 * rows before is the previous match's — a cheaper window than LAG. Equal dates
 * need no id: matches at one instant share their clock, so whichever comes
 * first takes the gap from the match before them and the others 0, the same
 * rows either way. Among gaps of one length ending at one instant (0 across a
 * sleep, with uptimeOnly) the later one has the later start, so `t2 DESC`
 * orders them as the later-first rule does. Only the dates go through the window.
 */
export async function topTimeBetween(run: Run): Promise<StackItemData["top time between"]> {
  const { with: w, uptime } = await run.matching();
  // Without uptime the clock is the date: one window function, not two.
  const [clock, previousClock, gap] = uptime
    ? [sql`, clock`, sql`, MAX(clock) OVER before AS prev_clock`, sql`clock - prev_clock`]
    : [sql``, sql``, sql`date - prev`];
  const rows = await run.db.all<{ t1: number; t2: number; gap: number }>(sql`${w}
    SELECT date AS t1, prev AS t2, ${gap} AS gap FROM (
      SELECT date${clock}, MAX(date) OVER before AS prev${previousClock} FROM (SELECT date${clock} FROM matched)
      WINDOW before AS (ORDER BY date ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))
    WHERE prev IS NOT NULL ORDER BY gap DESC, t1 DESC, t2 DESC LIMIT ${TOP_N}`);
  return rows.map((r) => ({ t1: iso(r.t1), t2: iso(r.t2), d: seconds(r.gap) }));
}
