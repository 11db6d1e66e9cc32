import { useData } from "./use-data.ts";

export type Loaded<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed" };

/**
 * Content loaded on demand for a language (a deck's texts, say), through
 * useData: keyed `name/locale`, loaded once per page (it cannot change), at
 * once when a language loaded before comes back; `retry` after a failure.
 */
export function useLoaded<T>(
  name: string,
  load: (locale: string) => Promise<T>,
  locale: string,
): [Loaded<T>, retry: () => void] {
  const { data, error, retry } = useData(`${name}/${locale}`, () => load(locale), { immutable: true });
  const state: Loaded<T> =
    data !== undefined
      ? { status: "ready", value: data }
      : error === undefined
        ? { status: "loading" }
        : { status: "failed" };
  return [state, retry];
}
