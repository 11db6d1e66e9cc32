import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { NEGATION } from "@nook/shared/common/tags";
import { TAG_SIGNS, TIME_RANGES, type TimeRange } from "@nook/shared/journal/limits";
import {
  GOAL_PERIODS,
  GOAL_TIMES_MAX,
  type GoalPeriod,
  STACK_ITEM_TYPES,
  type StackItemType,
} from "@nook/shared/stacks/limits";
import { errorText } from "@nook/ui/api";
import { useReaderTimeZone } from "@nook/ui/auth";
import { DeleteButton } from "@nook/ui/delete-button";
import { loadedMessageText } from "@nook/ui/server-messages";
import { useToast } from "@nook/ui/toasts";
import { useSubmit } from "@nook/ui/use-submit";
import { type FormEvent, useId, useState } from "react";
import { parseFilterTag } from "../form/pending.ts";
import { TagInput } from "../form/tag-input.tsx";
import { useKnownMetrics, useKnownTags } from "../known.ts";
import { fromLocalInput, toLocalInput } from "../local-input.ts";
import { DateChoice } from "./date-choice.tsx";
import { type NewItem, type StackItem, stacksApi } from "./stacks-api.ts";

export const TYPE_NAMES: Record<StackItemType, MessageDescriptor> = {
  list: msg`list`,
  "time since": msg`time since`,
  "top time between": msg`top time between`,
  sum: msg`sum`,
  avg: msg`avg`,
  max: msg`max`,
  min: msg`min`,
  velocity: msg`velocity`,
  streaks: msg`streaks`,
  calendar: msg`calendar`,
};
const RANGE_NAMES: Record<TimeRange, MessageDescriptor> = {
  today: msg`today`,
  "24h": msg`24h`,
  week: msg`week`,
  month: msg`month`,
};

/** Spec 1 §5: the time range (and uptime-only) apply to these types only; the metric to max and min (and, optionally, sum and avg). */
const RANGED: readonly StackItemType[] = ["sum", "avg", "top time between", "velocity"];
const WITH_METRIC: readonly StackItemType[] = ["max", "min", "sum", "avg"];
const PER_NAMES: Record<GoalPeriod, MessageDescriptor> = {
  week: msg`times a week`,
  month: msg`times a month`,
};

/** The stack item form (spec 1 §5), in a modal: create, or edit with a two-click delete. */
export function ItemForm({
  stackId,
  item,
  onDone,
}: {
  stackId: number;
  item: StackItem | null;
  /** After a save or delete (with the stack to reload), or a cancel. */
  onDone(changed: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const id = useId();
  const [title, setTitle] = useState(item?.title ?? "");
  const [type, setType] = useState<StackItemType>(item?.type ?? "streaks");
  const [tags, setTags] = useState<string[]>(
    item?.config.filter.map((f) => (f.not ? `${NEGATION}${f.name}` : f.name)) ?? [],
  );
  const [tagText, setTagText] = useState("");
  const [tagsSign, setTagsSign] = useState<(typeof TAG_SIGNS)[number]>(item?.tagsSign ?? "&&");
  const [timeRange, setTimeRange] = useState<TimeRange | "">(item?.config.timeRange ?? "");
  const [uptimeOnly, setUptimeOnly] = useState(item?.uptimeOnly ?? false);
  const [metricId, setMetricId] = useState<number | null>(item?.config.metricId ?? null);
  // A streak's habit goal (Loop's frequency): none is the daily streak; the times as typed, checked by the API.
  const [goalPer, setGoalPer] = useState<GoalPeriod | "">(item?.config.goal?.per ?? "");
  const [goalTimes, setGoalTimes] = useState(String(item?.config.goal?.times ?? 3));
  // Spec 1 §4: the item's date, now (null) or a chosen date-time, as the profile's wall clock (the statistic is as of it).
  const zone = useReaderTimeZone();
  const kept = item?.config.date ?? null;
  const [date, setDate] = useState<string | null>(kept === null ? null : toLocalInput(kept, zone));
  const knownTags = useKnownTags();
  const metrics = useKnownMetrics();
  const { busy, error, setError, run } = useSubmit(
    async (fields: Omit<NewItem, "stackId" | "position">) => {
      if (item) await stacksApi.updateItem(item.id, fields);
      else await stacksApi.addItem({ stackId, position: 0, ...fields });
      // Spec 1 §8: the same toast after adding and after editing.
      toast(t`New stack item added`);
      onDone(true);
    },
    { failed: (err) => errorText(err, t`Something went wrong :C`) },
  );

  const ranged = RANGED.includes(type);
  const uptimeOffered = ranged && timeRange !== "24h";
  const metricOffered = WITH_METRIC.includes(type);
  const goalOffered = type === "streaks";

  /** The item's date as the API takes it: unchanged, exactly as it was (the field shows minutes only). */
  function dateOf(value: string | null): string | null {
    if (value === null) return null;
    if (kept !== null && value === toLocalInput(kept, zone)) return kept;
    const ms = fromLocalInput(value, zone);
    return ms === null ? value : new Date(ms).toISOString();
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    // A tag still being typed counts, read by the same rule as the tag field's Enter.
    const pending = parseFilterTag(tagText);
    const chips = pending && !tags.includes(pending) ? [...tags, pending] : tags;
    // Spec 1 §5, in the API's own words: a title and at least one tag.
    if (!title.trim()) return setError(await loadedMessageText("stacks.titleEmpty"));
    if (!chips.length) return setError(await loadedMessageText("stacks.tagsEmpty"));
    // A goal's times, in the API's words (the browser's own would be in its language, not the page's).
    const times = Number(goalTimes);
    if (goalOffered && goalPer) {
      if (!Number.isInteger(times) || times < 1 || times > GOAL_TIMES_MAX.month)
        return setError(await loadedMessageText("stacks.goalTimes", { min: 1, max: GOAL_TIMES_MAX.month }));
      if (times > GOAL_TIMES_MAX[goalPer])
        return setError(await loadedMessageText("stacks.goalWeekTimes", { max: GOAL_TIMES_MAX.week }));
    }
    const config = {
      filter: chips.map((c) => (c.startsWith(NEGATION) ? { name: c.slice(1), not: true } : { name: c, not: false })),
      timeRange: ranged && timeRange ? timeRange : null,
      metricId: metricOffered ? metricId : null,
      date: dateOf(date),
      goal: goalOffered && goalPer ? { times, per: goalPer } : null,
    };
    void run({ title, type, tagsSign, uptimeOnly: uptimeOffered && uptimeOnly, config });
  }
  async function remove() {
    if (!item) return;
    try {
      await stacksApi.removeItem(item.id);
      onDone(true);
    } catch {
      toast(t`failed to delete`, { kind: "error" });
    }
  }

  return (
    <form className="stack item-form" onSubmit={save} noValidate>
      <label className="field">
        <span className="field-label">
          <Trans>Title</Trans>
        </span>
        <input className="input" dir="auto" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <TagInput
        tags={tags}
        known={knownTags}
        text={tagText}
        error=""
        allowNegation
        onText={setTagText}
        onChange={setTags}
        onError={setError}
      />
      <fieldset className="field">
        <legend className="field-label">
          <Trans>Entries with</Trans>
        </legend>
        <div className="row">
          {TAG_SIGNS.map((sign) => (
            <label key={sign} className="row">
              <input type="radio" name={`${id}-sign`} checked={tagsSign === sign} onChange={() => setTagsSign(sign)} />
              {sign === "&&" ? <Trans>all of these tags (&&)</Trans> : <Trans>any of these tags (||)</Trans>}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="field">
        <span className="field-label">
          <Trans>Type</Trans>
        </span>
        <select
          className="select"
          value={type}
          onChange={(e) => setType(STACK_ITEM_TYPES.find((ty) => ty === e.target.value) ?? type)}
        >
          {STACK_ITEM_TYPES.map((ty) => (
            <option key={ty} value={ty}>
              {i18n._(TYPE_NAMES[ty])}
            </option>
          ))}
        </select>
      </label>
      {ranged && (
        <label className="field">
          <span className="field-label">
            <Trans>Time range</Trans>
          </span>
          <select
            className="select"
            value={timeRange}
            onChange={(e) => setTimeRange(TIME_RANGES.find((r) => r === e.target.value) ?? "")}
          >
            <option value="">{t`all time`}</option>
            {TIME_RANGES.map((r) => (
              <option key={r} value={r}>
                {i18n._(RANGE_NAMES[r])}
              </option>
            ))}
          </select>
        </label>
      )}
      {uptimeOffered && (
        <label className="row">
          <input type="checkbox" checked={uptimeOnly} onChange={(e) => setUptimeOnly(e.target.checked)} />
          <Trans>Uptime only</Trans>
        </label>
      )}
      {metricOffered && (
        <label className="field">
          <span className="field-label">
            <Trans>Metric</Trans>
          </span>
          <select
            className="select"
            value={metricId ?? ""}
            onChange={(e) => setMetricId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t`none`}</option>
            {metrics.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {goalOffered && (
        <fieldset className="field">
          <legend className="field-label">
            <Trans>Goal</Trans>
          </legend>
          <div className="row">
            {goalPer && (
              <input
                className="input goal-times"
                type="number"
                inputMode="numeric"
                min={1}
                max={GOAL_TIMES_MAX[goalPer]}
                step={1}
                aria-label={t`Days with an entry`}
                value={goalTimes}
                onChange={(e) => setGoalTimes(e.target.value)}
              />
            )}
            <select
              className="select"
              aria-label={t`How often`}
              value={goalPer}
              onChange={(e) => setGoalPer(GOAL_PERIODS.find((p) => p === e.target.value) ?? "")}
            >
              <option value="">{t`every day in a row`}</option>
              {GOAL_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {i18n._(PER_NAMES[p])}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      )}
      <DateChoice value={date} label={t`Item date`} onChange={setDate} />
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy}>
          <Trans>Save</Trans>
        </button>
        {item && <DeleteButton onConfirm={remove} disabled={busy} />}
        <button className="button button-quiet" type="button" onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
