import { Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import { METRIC_VALUE_MAX } from "@nook/shared/journal/limits";
import { messageText, useServerMessages } from "@nook/ui/server-messages";
import { type KeyboardEvent, useId } from "react";
import { type MetricProblem, type MetricValue, parseMetric } from "./pending.ts";

export type { MetricProblem, MetricValue };

/**
 * A metric problem in the reader's words, written as the form renders: a form
 * keeps the problem, not its text, so the API's words for a value too large
 * are right even when it was refused before the server catalog came.
 */
function useMetricProblemText(): (problem: MetricProblem) => string {
  const { t } = useLingui();
  useServerMessages();
  return (problem) => {
    switch (problem) {
      case "incomplete":
        return t`A metric needs a label and a value`;
      case "mood":
        return t`Pick the mood with the faces above`;
      case "duration":
        return t`Write a duration like 1h 30m 5s`;
      case "number":
        return t`The value must be a number`;
      case "too-large":
        // The API's own words for it, translated.
        return messageText("journal.metricValueTooLarge", { max: METRIC_VALUE_MAX });
    }
  };
}

/** Metrics as label + value chips; 'duration' is typed as '1h 30m 5s', others as numbers. */
export function MetricInput({
  metrics,
  known,
  label,
  value,
  error,
  onPending,
  onChange,
  onError,
}: {
  metrics: MetricValue[];
  known: string[];
  /** What is typed and not yet added: the form saves it too (pending.ts). */
  label: string;
  value: string;
  /** What is wrong with what was typed, if anything: written here, in the reader's words. */
  error: MetricProblem | null;
  onPending(patch: { metricLabel?: string; metricValue?: string }): void;
  onChange(metrics: MetricValue[]): void;
  onError(problem: MetricProblem | null): void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const problemText = useMetricProblemText();
  const isDuration = label.trim().toLowerCase() === "duration";

  const add = () => {
    const parsed = parseMetric(label, value);
    if (!parsed.ok) {
      onError(parsed.problem);
      return;
    }
    onChange([...metrics.filter((m) => m.name !== parsed.metric.name), parsed.metric]);
    onPending({ metricLabel: "", metricValue: "" });
    onError(null);
  };
  // Enter in either field adds the metric, never the whole entry.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="field metric-input">
      <legend className="field-label">
        <Trans>Metrics</Trans>
      </legend>
      {metrics.length > 0 && (
        <div className="chips">
          {metrics.map((m) => (
            <span key={m.name} className="chip chip-metric user-text" dir="auto">
              {m.name}:{" "}
              <strong>
                {m.name === "duration" ? formatDuration(m.value, i18n.locale) : m.value.toLocaleString(i18n.locale)}
              </strong>
              <button
                type="button"
                className="chip-remove"
                aria-label={t`Remove metric ${m.name}`}
                onClick={() => onChange(metrics.filter((x) => x.name !== m.name))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      )}
      <div className="metric-row">
        <input
          className="input"
          aria-label={t`Metric label`}
          placeholder={t`label`}
          list={`${id}-known`}
          value={label}
          onChange={(e) => onPending({ metricLabel: e.target.value })}
          onKeyDown={onEnter}
        />
        <datalist id={`${id}-known`}>
          {known
            .filter((k) => k !== "mood")
            .map((k) => (
              <option key={k} value={k} />
            ))}
        </datalist>
        <input
          className="input"
          aria-label={t`Metric value`}
          placeholder={isDuration ? "1h 30m 5s" : t`value`}
          inputMode={isDuration ? "text" : "decimal"}
          value={value}
          onChange={(e) => onPending({ metricValue: e.target.value })}
          onKeyDown={onEnter}
        />
        <button type="button" className="button button-quiet" onClick={add}>
          <Trans>Add metric</Trans>
        </button>
      </div>
      {error && (
        <p className="error-line" role="alert">
          {problemText(error)}
        </p>
      )}
    </fieldset>
  );
}
