import { Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import { useReaderTimeZone } from "@nook/ui/auth";
import { formatDateTime } from "@nook/ui/dates";
import type { StackItem } from "../stacks-api.ts";
import { MetricValue } from "./figure-widgets.tsx";
import { barPercents } from "./figures.ts";
import { Loaded, NothingYet, TwoNeeded } from "./item-widget.tsx";
import { useItemData } from "./use-item-data.ts";

function Bar({ percent }: { percent: number }) {
  return (
    <span className="bar-track" aria-hidden="true">
      <span className="bar" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** `top time between`: the five longest gaps as bars. */
export function GapsWidget({ item }: { item: StackItem }) {
  const { i18n } = useLingui();
  const data = useItemData(item, "top time between");
  const timeZone = useReaderTimeZone();
  const day = (iso: string) => formatDateTime(iso, i18n.locale, timeZone);
  return (
    <Loaded data={data}>
      {(gaps) => {
        // No gap: none or one matching entry, and either way a second is what it takes.
        if (!gaps.length) return <TwoNeeded />;
        const widths = barPercents(gaps.map((g) => g.d));
        return (
          <ol className="bars">
            {gaps.map((g, i) => (
              <li key={`${g.t1}-${g.t2}`} className="bar-row">
                <span className="bar-label">
                  <strong>{formatDuration(g.d, i18n.locale)}</strong>{" "}
                  <span className="muted">
                    {day(g.t2)} → {day(g.t1)}
                  </span>
                </span>
                <Bar percent={widths[i] ?? 0} />
              </li>
            ))}
          </ol>
        );
      }}
    </Loaded>
  );
}

/** `max` / `min`: the top five entries by the metric as bars. */
export function ExtremesWidget({ item, type }: { item: StackItem; type: "max" | "min" }) {
  const data = useItemData(item, type);
  return (
    <Loaded data={data}>
      {(d) => {
        const { metric } = d;
        if (!metric)
          return (
            <p className="muted">
              <Trans>Choose a metric for this item</Trans>
            </p>
          );
        if (!d.entries.length) return <NothingYet />;
        const values = d.entries.map((e) => e.metrics.find((m) => m.id === metric.id)?.value ?? 0);
        const widths = barPercents(values.map(Math.abs));
        return (
          <ol className="bars">
            {d.entries.map((e, i) => (
              <li key={e.id} className="bar-row">
                <span className="bar-label">
                  <strong>
                    <MetricValue value={values[i] ?? 0} metric={metric} />
                  </strong>{" "}
                  <span className="muted user-text" dir="auto">
                    {e.text || e.tags.map((t) => t.name).join(" ")}
                  </span>
                </span>
                <Bar percent={widths[i] ?? 0} />
              </li>
            ))}
          </ol>
        );
      }}
    </Loaded>
  );
}
