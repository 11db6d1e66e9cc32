import { Plural, useLingui } from "@lingui/react/macro";
import type { StackItem } from "../stacks-api.ts";
import { calendarCells, localToday } from "./figures.ts";
import { Loaded } from "./item-widget.tsx";
import { useItemData } from "./use-item-data.ts";

/** `calendar`: the last 365 days as a heatmap, weeks as columns (spec 1 §9). */
export function CalendarWidget({ item }: { item: StackItem }) {
  const { t, i18n } = useLingui();
  const data = useItemData(item, "calendar");
  return (
    <Loaded data={data}>
      {(d) => {
        const cells = calendarCells(d.counts, localToday(new Date()));
        const total = Object.values(d.counts).reduce((a, b) => a + b, 0);
        const label = (date: string) =>
          new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.locale, { dateStyle: "medium", timeZone: "UTC" });
        return (
          <>
            <p className="muted">
              <Plural value={total} one="# entry in the last year" other="# entries in the last year" />
            </p>
            {/* Focusable, so a keyboard can scroll the year on a narrow screen. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access (WCAG 2.1.1) */}
            <section className="heatmap-scroll" tabIndex={0} aria-label={t`Activity over the last year`}>
              <div className="heatmap">
                {cells.map((c, i) =>
                  c ? (
                    <span
                      key={c.date}
                      className={c.count ? "heat active" : "heat"}
                      style={{ opacity: c.opacity }}
                      title={`${label(c.date)}: ${c.count}`}
                      data-date={c.date}
                    />
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: padding before the first day
                    <span key={`pad${i}`} className="heat pad" />
                  ),
                )}
              </div>
            </section>
          </>
        );
      }}
    </Loaded>
  );
}
