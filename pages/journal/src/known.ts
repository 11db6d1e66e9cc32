import { useData } from "@nook/ui/use-data";
import { useMemo } from "react";
import { journal } from "./journal-api.ts";

const NONE: never[] = [];

/**
 * The user's tag names, most used first: the suggestions of the entry form,
 * the timer and the stack item form, one cache entry for all (a journal write
 * invalidates it with the rest of "journal", home.tsx). Empty until loaded.
 */
export function useKnownTags(): string[] {
  const { data } = useData("journal/tags/sorted", journal.tagsSorted);
  return useMemo(() => data?.map((t) => t.name) ?? NONE, [data]);
}

/** The user's metrics (id and name), as useKnownTags. */
export function useKnownMetrics() {
  return useData("journal/metrics", journal.metrics).data ?? NONE;
}
