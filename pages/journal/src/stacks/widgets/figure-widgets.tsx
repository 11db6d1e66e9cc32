import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import type { StatMetric } from "@nook/shared/stacks/item-data";
import { useReaderTimeZone } from "@nook/ui/auth";
import { formatDateTime } from "@nook/ui/dates";
import type { StackItem } from "../stacks-api.ts";
import { velocityFigure } from "./figures.ts";
import { Loaded, NothingYet, TwoNeeded } from "./item-widget.tsx";
import { useItemData, useNow } from "./use-item-data.ts";

/** A metric's value with its unit: durations as duration text, the rest as numbers. */
export function MetricValue({ value, metric }: { value: number; metric: StatMetric | null }) {
  const { i18n } = useLingui();
  if (metric?.name === "duration") return <>{formatDuration(value, i18n.locale)}</>;
  return <>{value.toLocaleString(i18n.locale, { maximumFractionDigits: 2 })}</>;
}

/**
 * How long a time since shows, in whole seconds: to the second under an hour (it ticks), to the minute after
 * ("17h 5m", as a habit's clock reads), never below zero (an entry dated ahead).
 */
function elapsedShown(ms: number): number {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 3600 ? s : s - (s % 60);
}

/** `time since`: how long it has been since the latest match (the elapsed time, the date beside it), ticking. */
export function TimeSinceWidget({ item }: { item: StackItem }) {
  const { i18n } = useLingui();
  const data = useItemData(item, "time since");
  const now = useNow(1000, item.config.date);
  const timeZone = useReaderTimeZone();
  return (
    <Loaded data={data}>
      {(d) =>
        d.date && d.entry ? (
          <>
            <p className="widget-figure">
              {formatDuration(elapsedShown(now.getTime() - Date.parse(d.date)), i18n.locale)}
            </p>
            <p className="muted">
              <time dateTime={d.date}>{formatDateTime(d.date, i18n.locale, timeZone)}</time>
            </p>
            {d.entry.text && (
              <p className="muted user-text" dir="auto">
                {d.entry.text}
              </p>
            )}
          </>
        ) : (
          <NothingYet />
        )
      }
    </Loaded>
  );
}

/** `sum`: the metric's total, or how many entries. */
export function SumWidget({ item }: { item: StackItem }) {
  const data = useItemData(item, "sum");
  return (
    <Loaded data={data}>
      {(d) => (
        <>
          <p className="widget-figure">
            <MetricValue value={d.value} metric={d.metric} />
          </p>
          <p className="muted">
            {d.metric ? (
              <span className="user-text" dir="auto">
                {d.metric.name} · <Plural value={d.count} one="# entry" other="# entries" />
              </span>
            ) : (
              <Plural value={d.count} one="entry" other="entries" />
            )}
          </p>
        </>
      )}
    </Loaded>
  );
}

/** `avg`: the metric's mean, or the mean time between entries. */
export function AvgWidget({ item }: { item: StackItem }) {
  const { i18n } = useLingui();
  const data = useItemData(item, "avg");
  return (
    <Loaded data={data}>
      {(d) =>
        d.value === null ? (
          // Without a metric the mean is of the times between entries: one entry has none.
          !d.metric && d.count === 1 ? (
            <TwoNeeded />
          ) : (
            <NothingYet />
          )
        ) : (
          <>
            <p className="widget-figure">
              {d.metric ? <MetricValue value={d.value} metric={d.metric} /> : formatDuration(d.value, i18n.locale)}
            </p>
            <p className="muted">
              {d.metric ? (
                <span className="user-text" dir="auto">
                  {d.metric.name} · <Plural value={d.count} one="# entry" other="# entries" />
                </span>
              ) : (
                <Plural value={d.count} one="between entries, over # entry" other="between entries, over # entries" />
              )}
            </p>
          </>
        )
      }
    </Loaded>
  );
}

/** `velocity`: entries per hour since the window's start (spec 1 §9). */
export function VelocityWidget({ item }: { item: StackItem }) {
  const { i18n } = useLingui();
  const data = useItemData(item, "velocity");
  const timeZone = useReaderTimeZone();
  return (
    <Loaded data={data}>
      {(d) =>
        d.dateFrom === null ? (
          <NothingYet />
        ) : (
          <>
            <p className="widget-figure">
              <Trans>{velocityFigure(d.count, d.seconds, i18n.locale)} cig/h</Trans>
            </p>
            <p className="muted">
              <Plural value={d.count} one="# entry" other="# entries" /> ·{" "}
              <Trans>since {formatDateTime(d.dateFrom, i18n.locale, timeZone)}</Trans>
            </p>
          </>
        )
      }
    </Loaded>
  );
}
