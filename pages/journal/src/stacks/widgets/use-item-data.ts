import type { StackItemData } from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/limits";
import { useData } from "@nook/ui/use-data";
import { useEffect, useState } from "react";
import { type StackItem, stacksApi } from "../stacks-api.ts";

export type ItemData<T extends StackItemType> =
  | { state: "loading" }
  | { state: "ready"; data: StackItemData[T] }
  | { state: "failed" };

/** The key of an item's statistic: its content, so an edited item loads anew (stack-page invalidates the prefix). */
export const itemDataKey = (item: StackItem, type: StackItemType) =>
  `journal/stack-item-data/${JSON.stringify([item.id, type, item.config, item.tagsSign, item.uptimeOnly])}`;

/**
 * An item's statistic, loaded when the item (or its config) changes, and
 * again when the page comes back into view or another tab wrote — quietly:
 * the last figures stay up while it reloads.
 */
export function useItemData<T extends StackItemType>(item: StackItem, type: T): ItemData<T> {
  const { data, error } = useData(itemDataKey(item, type), () => stacksApi.data(item, type));
  // Spec 1 §8: stack errors on the stack page are only logged; the widget says it has nothing.
  if (data !== undefined) return { state: "ready", data };
  return error === undefined ? { state: "loading" } : { state: "failed" };
}

/** A clock for the widgets that tick (time since): re-renders every `ms`; an item dated `asOf` stands still there. */
export function useNow(ms: number, asOf?: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (asOf) return;
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms, asOf]);
  return asOf ? new Date(asOf) : now;
}
