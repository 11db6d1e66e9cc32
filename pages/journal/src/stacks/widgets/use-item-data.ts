import type { StackItemData } from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/schemas";
import { useEffect, useState } from "react";
import { type StackItem, stacksApi } from "../stacks-api.ts";

export type ItemData<T extends StackItemType> =
  | { state: "loading" }
  | { state: "ready"; data: StackItemData[T] }
  | { state: "failed" };

/**
 * An item's statistic, loaded when the item (or its config) changes, and
 * again when the page comes back into view (entries may have been added in
 * another tab) — quietly: the last figures stay up while it reloads.
 */
export function useItemData<T extends StackItemType>(item: StackItem, type: T): ItemData<T> {
  const [data, setData] = useState<ItemData<T>>({ state: "loading" });
  const [visits, setVisits] = useState(0);
  const key = JSON.stringify([item.id, type, item.config, item.tagsSign, item.uptimeOnly]);
  useEffect(() => {
    const onShow = () => document.visibilityState === "visible" && setVisits((v) => v + 1);
    document.addEventListener("visibilitychange", onShow);
    return () => document.removeEventListener("visibilitychange", onShow);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the item's content; visits reload it
  useEffect(() => setData({ state: "loading" }), [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the item's content; visits reload it
  useEffect(() => {
    let cancelled = false;
    stacksApi.data(item, type).then(
      (d) => !cancelled && setData({ state: "ready", data: d }),
      (err) => {
        // Spec 1 §8: stack errors on the stack page are only logged; the widget says it has nothing.
        console.error(err);
        if (!cancelled) setData({ state: "failed" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, visits]);
  return data;
}

/** A clock for the widgets that tick (time since): re-renders every `ms`. */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
