import { Trans, useLingui } from "@lingui/react/macro";
import { api, ok, withReason } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { loadServerMessages, serverText } from "@nook/ui/server-messages";
import { useStored } from "@nook/ui/stored";
import { useSubmit } from "@nook/ui/use-submit";
import { type FormEvent, useId, useState } from "react";
import {
  DEFAULT_SETTINGS,
  drawHere,
  drawOf,
  type NumbersResult,
  type NumbersSettings,
  parseResult,
  parseSettings,
} from "./numbers-draw.ts";
import "./numbers.css";

const SETTINGS_KEY = "nook.random.numbers.settings";
const RESULT_KEY = "nook.random.numbers.result";
const parseStoredResult = (raw: unknown) => (raw === null ? null : parseResult(raw));

/**
 * Random numbers (spec 2 §2): Count, Min, Max and 'Go'. This device's crypto
 * draws by default (DESIGN §5: no modulo bias); random.org answers through
 * the Worker for the signed-in. The form and the last numbers survive a reload.
 */
export function NumbersPage() {
  const { t, i18n } = useLingui();
  const { state } = useAuth();
  const [settings, setSettings] = useStored<NumbersSettings>(SETTINGS_KEY, parseSettings, DEFAULT_SETTINGS);
  const [result, setResult] = useStored<NumbersResult | null>(RESULT_KEY, parseStoredResult, null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const signedIn = state.status === "authenticated";
  const source = settings.source === "service" && signedIn ? "service" : "device";
  const set = (patch: Partial<NumbersSettings>) => setSettings((s) => ({ ...s, ...patch }));

  const service = useSubmit(
    async (draw: Extract<ReturnType<typeof drawOf>, { ok: true }>["draw"]) => {
      const { numbers } = await ok(api.random.integers.$post({ json: draw }));
      setResult({ numbers, source: "service", min: draw.min, max: draw.max });
    },
    // Spec 2 §8: 'Randomization failed: ' followed by the message.
    { failed: (err) => withReason(t`Randomization failed`, err) },
  );
  const { busy } = service;
  const shownProblem = problem ?? (service.error || null);

  async function go(e: FormEvent) {
    e.preventDefault();
    const parsed = drawOf(settings);
    if (!parsed.ok) {
      if ("missing" in parsed) setProblem(t`Fill proper settings`);
      else {
        await loadServerMessages().catch(() => {});
        setProblem(serverText(parsed.invalid, parsed.invalid.text));
      }
      return;
    }
    const { draw } = parsed;
    setProblem(null);
    if (source === "device") {
      service.clearError();
      setResult({ numbers: drawHere(draw), source, min: draw.min, max: draw.max });
      return;
    }
    void service.run(draw);
  }

  const format = new Intl.NumberFormat(i18n.locale);
  return (
    <section className="stack random-numbers">
      <h1>
        <Trans>Random numbers</Trans>
      </h1>
      <form className="card stack" onSubmit={go} noValidate>
        <div className="numbers-fields">
          <NumberField label={t`Count`} value={settings.count} onChange={(count) => set({ count })} min={1} />
          <NumberField label={t`Min`} value={settings.min} onChange={(min) => set({ min })} />
          <NumberField label={t`Max`} value={settings.max} onChange={(max) => set({ max })} />
        </div>
        <label className="numbers-check">
          <input type="checkbox" checked={settings.unique} onChange={(e) => set({ unique: e.target.checked })} />
          <Trans>No repeats</Trans>
        </label>
        <fieldset className="numbers-source">
          <legend className="field-label">
            <Trans>Source</Trans>
          </legend>
          <label className="numbers-check">
            <input
              type="radio"
              name="source"
              checked={source === "device"}
              onChange={() => set({ source: "device" })}
            />
            <Trans>This device</Trans>
          </label>
          <label className="numbers-check">
            <input
              type="radio"
              name="source"
              checked={source === "service"}
              disabled={!signedIn}
              aria-describedby={signedIn ? undefined : hintId}
              onChange={() => set({ source: "service" })}
            />
            random.org
          </label>
          {!signedIn && (
            <p id={hintId} className="muted numbers-hint">
              <Trans>Sign in to draw from random.org.</Trans>
            </p>
          )}
        </fieldset>
        <div className="row">
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            <Trans>Go</Trans>
          </button>
        </div>
      </form>
      {shownProblem && (
        <p className="error-line" role="alert">
          {shownProblem}
        </p>
      )}
      <div className="card numbers-result" aria-live="polite">
        {result === null ? (
          <p className="muted">
            <Trans>Select settigns and press Go</Trans>
          </p>
        ) : (
          <>
            <ol className="numbers-list" aria-label={t`Drawn numbers`}>
              {result.numbers.map((n, i) => (
                // The same number can come twice: its place in the draw is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: positions, not items
                <li key={i} className="numbers-number">
                  {format.format(n)}
                </li>
              ))}
            </ol>
            <p className="muted">
              {result.source === "device" ? (
                <Trans>
                  From {format.format(result.min)} to {format.format(result.max)}, drawn on this device.
                </Trans>
              ) : (
                <Trans>
                  From {format.format(result.min)} to {format.format(result.max)}, drawn by random.org.
                </Trans>
              )}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

function NumberField(props: { label: string; value: string; onChange(value: string): void; min?: number }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={props.min}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
