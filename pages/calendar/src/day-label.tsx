import type { Dates } from "./use-dates.ts";

/**
 * A day's number as seen in a grid ("24"), named in full for a screen reader
 * ("Thursday, 24 April 2025"): the words around the number are visually
 * hidden, so the spoken name still holds the visible one.
 */
export function DayLabel({ date, dates }: { date: string; dates: Dates }) {
  return (
    <>
      {dates.fullDayParts(date).map((part, i) =>
        part.type === "day" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one formatted date, fixed in order
          <span key={i} className="day-number">
            {part.value}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i} className="visually-hidden">
            {part.value}
          </span>
        ),
      )}
    </>
  );
}
