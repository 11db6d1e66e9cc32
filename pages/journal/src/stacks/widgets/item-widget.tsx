import { Trans, useLingui } from "@lingui/react/macro";
import type { StackItemType } from "@nook/shared/stacks/limits";
import { useReaderTimeZone } from "@nook/ui/auth";
import { dateLocale } from "@nook/ui/dates";
import type { ReactNode } from "react";
import type { StackItem } from "../stacks-api.ts";
import { CalendarWidget } from "./calendar-widget.tsx";
import { ExtremesWidget, GapsWidget } from "./chart-widgets.tsx";
import { AvgWidget, SumWidget, TimeSinceWidget, VelocityWidget } from "./figure-widgets.tsx";
import { ListWidget } from "./list-widget.tsx";
import { StreaksWidget } from "./streaks-widget.tsx";
import type { ItemData } from "./use-item-data.ts";

/** One item of a stack as its widget: a card titled by the item, its statistic inside. */
export function ItemWidget({ item, actions }: { item: StackItem; actions?: ReactNode }) {
  return (
    <article className="card widget" aria-label={item.title} data-testid="stack-widget" data-type={item.type}>
      <header className="row widget-header">
        <h2 className="widget-title user-text" dir="auto">
          {item.title}
        </h2>
        {actions}
      </header>
      {item.config.date && <AsOf date={item.config.date} />}
      <WidgetBody item={item} />
    </article>
  );
}

/** An item with a date (spec 1 §4) shows its statistic as of then, said with the profile's zone. */
function AsOf({ date }: { date: string }) {
  const { i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  // The reader's order (packages/ui dates.ts), with the zone's name beside it.
  const when = new Date(date).toLocaleString(dateLocale(i18n.locale), {
    // Not dateStyle/timeStyle: Intl refuses them beside timeZoneName.
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  return (
    <p className="muted widget-as-of" data-testid="widget-as-of">
      <time dateTime={date}>
        <Trans>as of {when}</Trans>
      </time>
    </p>
  );
}

function WidgetBody({ item }: { item: StackItem }) {
  switch (item.type) {
    case "list":
      return <ListWidget item={item} />;
    case "time since":
      return <TimeSinceWidget item={item} />;
    case "top time between":
      return <GapsWidget item={item} />;
    case "sum":
      return <SumWidget item={item} />;
    case "avg":
      return <AvgWidget item={item} />;
    case "max":
    case "min":
      return <ExtremesWidget item={item} type={item.type} />;
    case "velocity":
      return <VelocityWidget item={item} />;
    case "streaks":
      return <StreaksWidget item={item} />;
    case "calendar":
      return <CalendarWidget item={item} />;
  }
}

/** Loading and failure, the same in every widget; `children` draws the data. */
export function Loaded<T extends StackItemType>({
  data,
  children,
}: {
  data: ItemData<T>;
  children(ready: Extract<ItemData<T>, { state: "ready" }>["data"]): ReactNode;
}) {
  if (data.state === "loading")
    return (
      <p className="muted" aria-busy="true">
        …
      </p>
    );
  if (data.state === "failed")
    return (
      <p className="muted">
        <Trans>Could not load this statistic</Trans>
      </p>
    );
  return <>{children(data.data)}</>;
}

export function NothingYet() {
  return (
    <p className="muted widget-empty">
      <Trans>Nothing matches yet</Trans>
    </p>
  );
}

/** A time between entries, with fewer than two matching entries to measure it from. */
export function TwoNeeded() {
  return (
    <p className="muted widget-empty">
      <Trans>Two matching entries are needed to measure the time between them</Trans>
    </p>
  );
}
