/** The stacks' named values and limits, without valibot: the journal's pages import them from here; schemas.ts builds on them. */

/** The statistic types, spelled exactly as the spec (spec 1 §3). */
export const STACK_ITEM_TYPES = [
  "list",
  "time since",
  "top time between",
  "sum",
  "avg",
  "max",
  "min",
  "velocity",
  "streaks",
  "calendar",
] as const;
export type StackItemType = (typeof STACK_ITEM_TYPES)[number];

export const STACK_NAME_MAX = 100;
/** An icon is an emoji or a short symbol. */
export const STACK_ICON_MAX = 16;
export const STACK_ITEM_TITLE_MAX = 200;
/** An item's position: an order key, roomy for any scheme of gaps between neighbours. */
export const STACK_ITEM_POSITION_MIN = -1_000_000_000;
export const STACK_ITEM_POSITION_MAX = 1_000_000_000;

/** A streaks item's habit goal (Loop's frequency): N days with a match per ISO week or calendar month. */
export const GOAL_PERIODS = ["week", "month"] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];
/** A goal counts days, so a period holds at most as many as it has days. */
export const GOAL_TIMES_MAX: Record<GoalPeriod, number> = { week: 7, month: 31 };
