import { plural } from "@lingui/core/macro";
import { Plural, useLingui } from "@lingui/react/macro";
import { useToday } from "@nook/ui/use-today";
import { type CSSProperties, useEffect, useRef } from "react";
import type { StackItem } from "../stacks-api.ts";
import { calendarCells, monthColumns, weekColumns } from "./figures.ts";
import { Loaded } from "./item-widget.tsx";
import { useItemData } from "./use-item-data.ts";

/** `calendar`: the last 365 days as a heatmap, weeks as columns, months labelled above (spec 1 §9). */
export function CalendarWidget({ item }: { item: StackItem }) {
  const { t, i18n } = useLingui();
  // Today in the profile's zone, the one the API counted the days in.
  const today = useToday();
  const data = useItemData(item, "calendar");
  const region = useRef<HTMLElement>(null);
  const counts = data.state === "ready" ? data.data.counts : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the month names are drawn anew when today moves
  useEffect(() => {
    // A month's name the scrolling region's edge cuts would leave a stray letter or two: hidden until whole.
    const root = region.current;
    if (!counts || !root || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (seen) => {
        for (const { target, intersectionRatio } of seen) target.classList.toggle("cut", intersectionRatio < 0.99);
      },
      { root, threshold: [0, 0.99, 1] },
    );
    for (const label of root.querySelectorAll(".heatmap-months span")) observer.observe(label);
    return () => observer.disconnect();
  }, [counts, today]);
  const day = (date: string, options: Intl.DateTimeFormatOptions) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.locale, { ...options, timeZone: "UTC" });
  return (
    <Loaded data={data}>
      {(d) => {
        const cells = calendarCells(d.counts, today);
        const total = Object.values(d.counts).reduce((a, b) => a + b, 0);
        // Both grids share the column count, so the labels sit over their weeks.
        const weeks = { "--weeks": weekColumns(cells) } as CSSProperties;
        return (
          <>
            <p className="muted">
              <Plural value={total} one="# entry in the last year" other="# entries in the last year" />
            </p>
            {/* Focusable, so a keyboard can scroll the year on a narrow screen. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access (WCAG 2.1.1) */}
            <section ref={region} className="heatmap-scroll" tabIndex={0} aria-label={t`Activity over the last year`}>
              <div className="heatmap" style={weeks}>
                <div className="heatmap-months" aria-hidden="true">
                  {monthColumns(cells).map((m) => (
                    <span key={m.date} style={{ gridColumnStart: m.column + 1 }}>
                      {day(m.date, { month: "short" })}
                    </span>
                  ))}
                </div>
                <div className="heatmap-days">
                  {cells.map((c, i) =>
                    c ? (
                      <span
                        key={c.date}
                        className={c.count ? "heat active" : c.future ? "heat future" : "heat"}
                        style={{ opacity: c.opacity }}
                        title={`${day(c.date, { dateStyle: "medium" })}: ${plural(c.count, { one: "# entry", other: "# entries" })}`}
                        data-date={c.date}
                        data-count={c.count}
                      />
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: padding before the first day
                      <span key={`pad${i}`} className="heat pad" />
                    ),
                  )}
                </div>
              </div>
            </section>
          </>
        );
      }}
    </Loaded>
  );
}
