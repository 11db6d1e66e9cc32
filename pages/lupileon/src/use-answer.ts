import { useData } from "@nook/ui/use-data";
import { lupileonApi, type SkyCall, type ZonedCall } from "./lupileon-api.ts";

/**
 * One of the sky's answers for a date. The same date always gets the same
 * answer, so answers are kept for the page's life (the latest few hundred); while a new date's answer
 * is on the way the last one stays (`stale`), and a failure is this call's
 * alone (`failed`, with `retry`).
 */
export interface Answer<T> {
  data: T | null;
  /** The date `data` is for. */
  date: string | null;
  /** `data` is not for the date asked about (yet). */
  stale: boolean;
  failed: boolean;
  retry(): void;
}

type AnswerOf<C extends SkyCall> = Awaited<ReturnType<(typeof lupileonApi)[C]>>;

/**
 * Through useData, keyed by call and date: the same date always gets the same answer, so it is
 * never asked again this visit (immutable); while a new date's answer is on the way the last one
 * stays (keepPrevious), its date kept with it. The moon and the solar year take the reader's zone,
 * whose day their phase and solstice name.
 */
export function useAnswer<C extends SkyCall>(
  call: C,
  date: string | null,
  ...[zone]: C extends ZonedCall ? [zone: string] : []
): Answer<AnswerOf<C>> {
  const ask = lupileonApi[call] as (date: string, zone?: string) => Promise<AnswerOf<C>>;
  const { data, error, retry } = useData(
    date === null ? null : `lupileon/${call}/${date}${zone ? `?tz=${zone}` : ""}`,
    async () => ({ date, value: await ask(date as string, zone) }),
    { immutable: true, keepPrevious: true },
  );
  return {
    data: data?.value ?? null,
    date: data?.date ?? null,
    stale: (data?.date ?? null) !== date,
    failed: error !== undefined,
    retry,
  };
}
