import { Trans, useLingui } from "@lingui/react/macro";
import { formatDuration, parseDuration } from "@nook/shared/common/duration";
import { useId, useState } from "react";

export interface MetricValue {
  name: string;
  value: number;
}

/** Metrics as label + value chips; 'duration' is typed as '1h 30m 5s', others as numbers. */
export function MetricInput({
  metrics,
  known,
  onChange,
}: {
  metrics: MetricValue[];
  known: string[];
  onChange(metrics: MetricValue[]): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [label, setLabel] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const name = label.trim().toLowerCase();
  const isDuration = name === "duration";

  const add = () => {
    // Spec §5: a metric needs both a label and a value.
    if (!name || !value.trim()) {
      setError(t`A metric needs a label and a value`);
      return;
    }
    if (name === "mood") {
      setError(t`Pick the mood with the faces above`);
      return;
    }
    const parsed = isDuration ? parseDuration(value) : Number(value.replace(",", "."));
    if (parsed === null || !Number.isFinite(parsed)) {
      setError(isDuration ? t`Write a duration like 1h 30m 5s` : t`The value must be a number`);
      return;
    }
    onChange([...metrics.filter((m) => m.name !== name), { name, value: parsed }]);
    setLabel("");
    setValue("");
    setError("");
  };
  return (
    <fieldset className="field metric-input">
      <legend className="field-label">
        <Trans>Metrics</Trans>
      </legend>
      {metrics.length > 0 && (
        <div className="chips">
          {metrics.map((m) => (
            <span key={m.name} className="chip chip-metric">
              {m.name}: <strong>{m.name === "duration" ? formatDuration(m.value) : m.value}</strong>
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
          onChange={(e) => setLabel(e.target.value)}
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
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-quiet" onClick={add}>
          <Trans>Add metric</Trans>
        </button>
      </div>
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
