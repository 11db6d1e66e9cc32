import type { StackItemData } from "@nook/shared/stacks/item-data";
import { latest } from "./list.ts";
import type { Run } from "./run.ts";

/** `time since`: the latest match and its date (the site ticks the time since it). */
export async function timeSince(run: Run): Promise<StackItemData["time since"]> {
  const [entry] = await latest(run, 1);
  return entry ? { date: entry.date, entry } : { date: null, entry: null };
}
