import { Trans, useLingui } from "@lingui/react/macro";
import { ENTRY_TEXT_MAX } from "@nook/shared/journal/limits";
import { isMood, type Mood } from "@nook/shared/journal/mood";
import { normalizePersonTag } from "@nook/shared/people/person-tags";
import { accountKey } from "@nook/ui/account";
import { errorText, readerTimeZone } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { discard, type QueuedWrite, useQueue } from "@nook/ui/offline-queue";
import { lazyScreen } from "@nook/ui/screens";
import { readStored, writeStored } from "@nook/ui/stored";
import { useToast } from "@nook/ui/toasts";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { type FormEvent, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { type Entry, type EntryPayload, journal, queueDelete, queueEdit, queueEntry } from "../journal-api.ts";
import { useKnownMetrics, useKnownTags } from "../known.ts";
import { fromLocalInput, toLocalInput } from "../local-input.ts";
import { EditCheck } from "./edit-check.tsx";
import { MetricInput, type MetricProblem, type MetricValue } from "./metric-input.tsx";
import { NO_PENDING, type Pending, parseTag, withPending } from "./pending.ts";
import { NEGATED_TAG, TagInput } from "./tag-input.tsx";
import { noteTarotDrawSaved } from "./tarot-draw.ts";

// The mood's faces and their names load just after the form (the journal's first load is full), in their place's size.
const MoodPicker = lazyScreen(() => import("./mood-picker.tsx").then((m) => m.MoodPicker), "mood");
// The edit check is in the first load: as a chunk of its own it made the bundler split the first load's shared
// modules into three more files (2 KB more than its few lines).

export type FormStart = { seq: number } & (
  | { kind: "new" }
  | { kind: "edit"; entry: Entry }
  | { kind: "duplicate"; entry: Entry }
);

interface Draft extends Pending {
  text: string;
  tags: string[];
  metrics: MetricValue[];
  mood: Mood | null;
  /** null = now; else a datetime-local value: a wall-clock time in the profile's zone (local-input.ts) */
  date: string | null;
  /** The loaded entry's exact date: saved as it was unless the date field is changed. */
  keptDate: string | null;
  /** The entry being edited, as it was when loaded (its modifiedAt tells whether it changed since); null for a new entry. */
  edit: { id: number; modifiedAt: string } | null;
}

const EMPTY: Draft = {
  text: "",
  tags: [],
  metrics: [],
  mood: null,
  date: null,
  keptDate: null,
  edit: null,
  ...NO_PENDING,
};
/** Show the text's length once it comes this close to the limit. */
const COUNTER_FROM = ENTRY_TEXT_MAX - 1000;

/** The journal's prompts (?prompt=downtime|tarot&text=…, ?prompt=about&person=@ada, ?prompt=tag&tag=run) as a starting draft. */
function promptDraft(): Draft | null {
  const params = new URLSearchParams(location.search);
  const prompt = params.get("prompt");
  if (prompt === "downtime") return { ...EMPTY, tags: ["up"] };
  if (prompt === "tarot") return { ...EMPTY, tags: ["tarot"], text: params.get("text") ?? "" };
  // "Write about Ada" (the launcher's Today): the entry carries their tag.
  if (prompt === "about") {
    const tag = normalizePersonTag(params.get("person") ?? "");
    return tag ? { ...EMPTY, tags: [tag] } : null;
  }
  // A reminder's "Write" (the auth site's service worker): the entry carries the reminder's tag.
  if (prompt === "tag") {
    const tag = parseTag(params.get("tag") ?? "");
    return tag.ok && tag.tag ? { ...EMPTY, tags: [tag.tag] } : null;
  }
  return null;
}

/**
 * A prompt fills the form once: taken out of the address as it is read, so a
 * reload (or the address shared) does not fill it again and invite a duplicate.
 */
function forgetPrompt() {
  const url = new URL(location.href);
  if (!url.searchParams.has("prompt")) return;
  url.searchParams.delete("prompt");
  url.searchParams.delete("text");
  url.searchParams.delete("person");
  url.searchParams.delete("tag");
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/** A new entry's unsaved input, kept in the browser so a reload loses nothing of it. */
const DRAFT_KEY = "journal-new-entry";
/** An edit in progress (which entry, and its unsaved input), kept apart: once saved or cancelled, the new entry's draft comes back. */
const EDIT_KEY = "journal-edit-entry";

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");
const isMetrics = (x: unknown): x is MetricValue[] =>
  Array.isArray(x) &&
  x.every((m) => typeof m === "object" && m !== null && typeof m.name === "string" && typeof m.value === "number");

/** A kept draft, if it still has a draft's shape (an edit's with the entry it edits). */
export function parseDraft(raw: unknown): Draft | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const d = raw as Record<string, unknown>;
  const e = d.edit as { id?: unknown; modifiedAt?: unknown } | null;
  const text = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : "");
  if (typeof d.text !== "string" || !isStrings(d.tags) || !isMetrics(d.metrics)) return undefined;
  return {
    text: d.text,
    tags: d.tags,
    metrics: d.metrics,
    mood: isMood(d.mood) ? d.mood : null,
    date: typeof d.date === "string" ? d.date : null,
    keptDate: typeof d.keptDate === "string" ? d.keptDate : null,
    edit:
      e && typeof e.id === "number" && typeof e.modifiedAt === "string" ? { id: e.id, modifiedAt: e.modifiedAt } : null,
    tagText: text("tagText"),
    metricLabel: text("metricLabel"),
    metricValue: text("metricValue"),
  };
}

const isEmpty = (d: Draft) =>
  !d.text &&
  !d.tags.length &&
  !d.metrics.length &&
  !d.mood &&
  d.date === null &&
  !d.tagText &&
  !d.metricLabel &&
  !d.metricValue;

function draftOf(start: FormStart, wallClock: (iso: string) => string): Draft {
  // The page opens on the edit it was left in; else a new entry starts from what was typed and not saved
  // (after a reload, or an edit in between).
  if (start.kind === "new") {
    const edit = readStored(accountKey(EDIT_KEY), parseDraft, EMPTY);
    return start.seq === 0 && edit.edit ? edit : readStored(accountKey(DRAFT_KEY), parseDraft, EMPTY);
  }
  const e = start.entry;
  // Spec §4: duplicate copies text, tags and date; update loads text, tags, metrics, mood and date.
  const base = {
    ...EMPTY,
    text: e.text,
    tags: e.tags.map((t) => t.name),
    date: wallClock(e.date),
    keptDate: e.date,
  };
  if (start.kind === "duplicate") return base;
  const mood = e.metrics.find((m) => m.name === "mood")?.value;
  return {
    ...base,
    edit: { id: e.id, modifiedAt: e.modifiedAt },
    metrics: e.metrics.filter((m) => m.name !== "mood").map(({ name, value }) => ({ name, value })),
    mood: isMood(mood) ? mood : null,
  };
}

export function EntryForm({
  start,
  onSaved,
  onDone,
}: {
  start: FormStart;
  /** After a save: the saved entry's id (to show it in the list), or null after a delete. */
  onSaved(id: number | null): void;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const counterId = useId();
  // Dates are the profile's wall clock, its zone read as each is converted.
  const zone = readerTimeZone;
  // The first start is a new entry's: no date to convert.
  const [draft, setDraft] = useState<Draft>(() => promptDraft() ?? draftOf(start, String));
  useEffect(forgetPrompt, []);
  const editing = draft.edit;
  // The input is kept as it is typed, and dropped once saved or cancelled: a new entry's under one key,
  // an edit's (with which entry) under another, so an edit never overwrites a new entry's draft.
  useEffect(() => {
    if (draft.edit) return void writeStored(accountKey(EDIT_KEY), draft);
    writeStored(accountKey(EDIT_KEY), undefined);
    writeStored(accountKey(DRAFT_KEY), isEmpty(draft) ? undefined : draft);
  }, [draft]);
  // An edit reopened after a reload is checked against the server once (edit-check.tsx), until saved or left.
  const [checking, setChecking] = useState(draft.edit);
  const [tagError, setTagError] = useState("");
  const [metricError, setMetricError] = useState<MetricProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const knownTags = useKnownTags();
  const knownMetricList = useKnownMetrics();
  const knownMetrics = useMemo(() => knownMetricList.map((m) => m.name), [knownMetricList]);

  // A new entry's fate, said under the form: saved, or kept in this browser and waiting to be sent.
  const [lastSave, setLastSave] = useState<{ state: "saved" } | { state: "waiting"; item: QueuedWrite } | null>(null);
  const queue = useQueue();
  const { busy, error, setError, run } = useSubmit(
    async (payload: EntryPayload) => {
      if (editing) {
        // Kept in this browser first and sent in order after what waits (offline-queue), against the entry as
        // the edit began: changed elsewhere since, the server refuses it (409) and the form says so, keeping
        // what was typed. Its first try is waited for; with no network it waits in the list, and the form is free.
        const { outcome } = await queueEdit(editing.id, payload, editing.modifiedAt);
        const result = await outcome;
        if (result.state === "refused") {
          void discard(result.item);
          throw result.error;
        }
        if (result.state === "sent") toast(t`Entry updated`);
        else toast(t`Kept in this browser: the edit is sent when the network is back`);
        reset();
        if (result.state === "sent") onSaved(editing.id);
        return;
      }
      // Kept in this browser first (offline-queue): from here nothing typed is lost, so the form clears at once.
      const kept = draft;
      const { outcome } = await queueEntry(payload);
      reset();
      setLastSave(null);
      void outcome.then((result) => {
        if (result.state === "sent") {
          noteTarotDrawSaved(payload.tags);
          toast(t`Entry added`);
          setLastSave({ state: "saved" });
          onSaved((result.result as { id?: number } | null)?.id ?? null);
        } else if (result.state === "waiting") {
          setLastSave({ state: "waiting", item: result.item });
        } else {
          // Refused at once: the input comes back to the form (unless something new was typed), with the reason.
          void discard(result.item);
          setDraft((d) => (isEmpty(d) ? kept : d));
          setError(`${t`Not saved`}: ${errorText(result.error, t`Something went wrong :C`)}`);
        }
      });
    },
    { failed: (err) => errorText(err, t`Something went wrong :C`) },
  );
  // A waiting entry sent since (when the network came back) is saved; one refused then is shown in the list.
  const lastState =
    lastSave?.state === "waiting"
      ? (queue.items.find((i) => i.id === lastSave.item.id)?.state ?? "sent")
      : (lastSave?.state ?? null);

  /** The reader has typed, or an entry was put into the form, since the page opened. */
  const used = useRef(false);
  useEffect(() => {
    if (start.seq === 0) return;
    used.current = true;
    setDraft(draftOf(start, (iso) => toLocalInput(iso, zone())));
    setChecking(null);
    setError("");
    setTagError("");
    setMetricError(null);
    // Edit or duplicate from far down the list: bring the form up, below the header, and start typing.
    formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    textRef.current?.focus({ preventScroll: true });
  }, [start, setError]);

  // Spec §4: after a 'down' with no later 'up', the next entry is probably the 'up' — as the page opens (the first answer only).
  const [prompted] = useState(() => Boolean(new URLSearchParams(location.search).get("prompt")));
  const marker = useData(prompted ? null : "journal/latest-sleep-marker", async () => ({
    names: (await journal.latestSleepMarker())?.tags.map((t) => t.name) ?? [],
  }));
  const sleepChecked = useRef(false);
  useEffect(() => {
    if (!marker.data || sleepChecked.current) return;
    sleepChecked.current = true;
    // A late answer (a slow network) finds a form already used: an entry typed and saved meanwhile leaves it
    // empty, and an 'up' put there now would go, unseen, with the next entry.
    if (used.current) return;
    const { names } = marker.data;
    if (names.includes("down") && !names.includes("up"))
      setDraft((d) => (d.tags.length || d.text ? d : { ...d, tags: ["up"] }));
  }, [marker.data]);

  const set = (patch: Partial<Draft>) => {
    used.current = true;
    setLastSave(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const clearErrors = () => {
    setError("");
    setTagError("");
    setMetricError(null);
  };
  const dateOf = (d: Draft) => {
    if (d.date === null) return new Date().toISOString();
    // Unchanged, the entry keeps its exact date (the field shows minutes only).
    if (d.keptDate && d.date === toLocalInput(d.keptDate, zone())) return d.keptDate;
    const ms = fromLocalInput(d.date, zone());
    return ms === null ? d.date : new Date(ms).toISOString();
  };
  const reset = () => {
    // Saved or cancelled: the kept input goes; after an edit, the new entry's comes back.
    writeStored(accountKey(editing ? EDIT_KEY : DRAFT_KEY), undefined);
    setDraft(editing ? readStored(accountKey(DRAFT_KEY), parseDraft, EMPTY) : EMPTY);
    setChecking(null);
    clearErrors();
    onDone();
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    // Whatever is still typed in the tag and metric fields is saved too.
    const full = withPending(draft.tags, draft.metrics, draft);
    if (!full.ok) {
      if (full.field === "tag") setTagError(NEGATED_TAG);
      else setMetricError(full.problem);
      return;
    }
    // Spec §5: at least one of text, tag, metric or mood; otherwise nothing happens.
    if (!draft.text.trim() && !full.tags.length && !full.metrics.length && !draft.mood) return;
    const metrics = [...full.metrics, ...(draft.mood ? [{ name: "mood", value: draft.mood }] : [])];
    void run({ text: draft.text, tags: full.tags, metrics, date: dateOf(draft) });
  }

  async function remove() {
    if (!editing) return;
    try {
      // As an edit goes (above): kept, then sent in order; with no network it waits in the list, struck through.
      const { outcome } = await queueDelete(editing.id);
      const result = await outcome;
      if (result.state === "refused") {
        void discard(result.item);
        toast(`${t`failed to delete`}: ${errorText(result.error, t`Something went wrong :C`)}`, { kind: "error" });
        return;
      }
      toast(result.state === "sent" ? t`Entry deleted` : t`Kept in this browser: deleted when the network is back`);
      reset();
      onSaved(null);
    } catch {
      toast(t`failed to delete`, { kind: "error" });
    }
  }

  return (
    <form className="stack entry-form" onSubmit={submit} ref={formRef}>
      <h2>{editing ? <Trans>Edit entry #{editing.id}</Trans> : <Trans>New Entry:</Trans>}</h2>
      {checking && (
        <Suspense>
          <EditCheck
            edit={checking}
            onGone={() => setDraft((d) => (d.edit ? { ...d, edit: null, keptDate: null } : d))}
            onChanged={(modifiedAt) =>
              setDraft((d) => (d.edit?.id === checking.id ? { ...d, edit: { ...d.edit, modifiedAt } } : d))
            }
          />
        </Suspense>
      )}
      <label className="field">
        <span className="field-label">
          <Trans>Text</Trans>
        </span>
        <textarea
          ref={textRef}
          className="textarea user-text"
          dir="auto"
          maxLength={ENTRY_TEXT_MAX}
          aria-describedby={draft.text.length >= COUNTER_FROM ? counterId : undefined}
          value={draft.text}
          onChange={(e) => set({ text: e.target.value })}
        />
        {draft.text.length >= COUNTER_FROM && (
          <span id={counterId} className="muted text-counter" aria-live="polite">
            {draft.text.length.toLocaleString(i18n.locale)} / {ENTRY_TEXT_MAX.toLocaleString(i18n.locale)}
          </span>
        )}
      </label>
      <TagInput
        tags={draft.tags}
        known={knownTags}
        text={draft.tagText}
        error={tagError}
        onText={(tagText) => set({ tagText })}
        onChange={(tags) => set({ tags })}
        onError={setTagError}
      />
      <MetricInput
        metrics={draft.metrics}
        known={knownMetrics}
        label={draft.metricLabel}
        value={draft.metricValue}
        error={metricError}
        onPending={set}
        onChange={(metrics) => set({ metrics })}
        onError={setMetricError}
      />
      <Link href="/tags" className="manage-names">
        <Trans>Manage tags and metrics</Trans>
      </Link>
      <Suspense fallback={<div className="mood-placeholder" />}>
        <MoodPicker mood={draft.mood} onChange={(mood) => set({ mood })} />
      </Suspense>
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
              onChange={() => set({ date: toLocalInput(Date.now(), zone()) })}
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
      <p className="save-status" role="status" data-testid="save-status" data-state={lastState ?? undefined}>
        {lastState === "saved" || lastState === "sent" ? (
          <Trans>Saved.</Trans>
        ) : lastState === "waiting" ? (
          <Trans>Waiting to send: kept in this browser, it is sent when the network is back.</Trans>
        ) : lastState === "refused" ? (
          <Trans>Not saved: the server refused it; see the entries list.</Trans>
        ) : null}
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
