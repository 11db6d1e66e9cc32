import type { StackItemConfig, StackItemType } from "@nook/shared/stacks/schemas";

/** What an item asks for (the stack-item-data body). */
export interface StatQuery<T extends StackItemType = StackItemType> {
  type: T;
  config: StackItemConfig;
  tagsSign: "&&" | "||";
  uptimeOnly: boolean;
}

/** The moment and the zone the statistic is computed for. */
export interface StatContext {
  now: number;
  timeZone: string;
}
