import { Trans, useLingui } from "@lingui/react/macro";
import { isMood, type Mood } from "@nook/shared/journal/mood";
import { errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { useToast } from "@nook/ui/toasts";
import { type FormEvent, useEffect, useState } from "react";
import { type Entry, type EntryPayload, journal } from "../journal-api.ts";
import { MetricInput, type MetricValue } from "./metric-input.tsx";
import { MoodPicker } from "./mood-picker.tsx";
import { TagInput } from "./tag-input.tsx";

export type FormStart = { seq: number } & (
  | { kind: "new" }
  | { kind: "edit"; entry: Entry }
  | { kind: "duplicate"; entry: Entry }
);

interface Draft {
  text: string;
  tags: string[];
  metrics: MetricValue[];
  mood: Mood | null;
  /** null = now; else a datetime-local value */
  date: string | null;
}

const EMPTY: Draft = { text: "", tags: [], metrics: [], mood: null, date: null };
const pad = (n: number) => String(n).padStart(2, "0");
function toLocalInput(iso: string) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The journal's prompts (?prompt=downtime|tarot&text=…) as a starting draft. */
function promptDraft(): Draft | null {
  const params = new URLSearchParams(location.search);
  const prompt = params.get("prompt");
  if (prompt === "downtime") return { ...EMPTY, tags: ["up"] };
  if (prompt === "tarot") return { ...EMPTY, tags: ["tarot"], text: params.get("text") ?? "" };
  return null;
}

function draftOf(start: FormStart): Draft {
  if (start.kind === "new") return EMPTY;
  const e = start.entry;
  // Spec §4: duplicate copies text, tags and date; update loads text, tags, metrics, mood and date.
  const base = { ...EMPTY, text: e.text, tags: e.tags.map((t) => t.name), date: toLocalInput(e.date) };
  if (start.kind === "duplicate") return base;
  const mood = e.metrics.find((m) => m.name === "mood")?.value;
  return {
    ...base,
    metrics: e.metrics.filter((m) => m.name !== "mood").map(({ name, value }) => ({ name, value })),
    mood: isMood(mood) ? mood : null,
  };
}

export function EntryForm({ start, onSaved, onDone }: { start: FormStart; onSaved(): void; onDone(): void }) {
  const { t } = useLingui();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => promptDraft() ?? draftOf(start));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [knownTags, setKnownTags] = useState<string[]>([]);
  const [knownMetrics, setKnownMetrics] = useState<string[]>([]);
  const editing = start.kind === "edit" ? start.entry : null;

  useEffect(() => {
    if (start.seq > 0) {
      setDraft(draftOf(start));
      setError("");
    }
  }, [start]);

  // Suggestions, refreshed after every save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: start.seq is the trigger: each new form start refreshes them
  useEffect(() => {
    journal.tagsSorted().then((tags) => setKnownTags(tags.map((t) => t.name)), console.error);
    journal.metrics().then((ms) => setKnownMetrics(ms.map((m) => m.name)), console.error);
  }, [start.seq]);

  // Spec §4: after a 'down' with no later 'up', the next entry is probably the 'up'.
  useEffect(() => {
    if (new URLSearchParams(location.search).get("prompt")) return;
    journal.latestSleepMarker().then((marker) => {
      const names = marker?.tags.map((t) => t.name) ?? [];
      if (names.includes("down") && !names.includes("up"))
        setDraft((d) => (d.tags.length || d.text ? d : { ...d, tags: ["up"] }));
    }, console.error);
  }, []);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const payload = (): EntryPayload => ({
    text: draft.text,
    tags: draft.tags,
    metrics: [...draft.metrics, ...(draft.mood ? [{ name: "mood", value: draft.mood }] : [])],
    date: draft.date ? new Date(draft.date).toISOString() : new Date().toISOString(),
  });
  const reset = () => {
    setDraft(EMPTY);
    setError("");
    onDone();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Spec §5: at least one of text, tag, metric or mood; otherwise nothing happens.
    if (!draft.text.trim() && !draft.tags.length && !draft.metrics.length && !draft.mood) return;
    setBusy(true);
    try {
      if (editing) {
        await journal.update(editing.id, payload());
        toast(t`Entry updated`);
      } else {
        await journal.create(payload());
        toast(t`Entry added`);
      }
      reset();
      onSaved();
    } catch (err) {
      setError(errorText(err, t`Something went wrong :C`));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!editing) return;
    try {
      await journal.remove(editing.id);
      toast(t`Entry deleted`);
      reset();
      onSaved();
    } catch {
      toast(t`failed to delete`, { kind: "error" });
    }
  }

  return (
    <form className="stack entry-form" onSubmit={submit}>
      <h2>{editing ? <Trans>Edit entry #{editing.id}</Trans> : <Trans>New Entry:</Trans>}</h2>
      <label className="field">
        <span className="field-label">
          <Trans>Text</Trans>
        </span>
        <textarea className="textarea" value={draft.text} onChange={(e) => set({ text: e.target.value })} />
      </label>
      <TagInput tags={draft.tags} known={knownTags} onChange={(tags) => set({ tags })} />
      <MetricInput metrics={draft.metrics} known={knownMetrics} onChange={(metrics) => set({ metrics })} />
      <MoodPicker mood={draft.mood} onChange={(mood) => set({ mood })} />
      <fieldset className="field">
        <legend className="field-label">
          <Trans>Date</Trans>
        </legend>
        <div className="row">
          <label className="row">
            <input type="radio" name="date-mode" checked={draft.date === null} onChange={() => set({ date: null })} />
            <Trans>Now</Trans>
          </label>
          <label className="row">
            <input
              type="radio"
              name="date-mode"
              checked={draft.date !== null}
              onChange={() => set({ date: toLocalInput(new Date().toISOString()) })}
            />
            <Trans>Custom date</Trans>
          </label>
          {draft.date !== null && (
            <input
              className="input date-input"
              type="datetime-local"
              aria-label={t`Entry date`}
              value={draft.date}
              required
              onChange={(e) => set({ date: e.target.value })}
            />
          )}
        </div>
      </fieldset>
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        {editing ? (
          <>
            <button className="button" type="submit" disabled={busy}>
              <Trans>Update</Trans>
            </button>
            <DeleteButton onConfirm={remove} disabled={busy} />
            <button className="button button-quiet" type="button" onClick={reset}>
              <Trans>Cancel</Trans>
            </button>
          </>
        ) : (
          <button className="button" type="submit" disabled={busy}>
            <Trans>Add</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
