import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type ImportChunk, mergeResults } from "@nook/shared/import/chunks";
import { DAYLIO_MOODS, IMPORT_BYTES_MAX, IMPORT_MB_MAX, IMPORT_ZIP_RATIO_MAX } from "@nook/shared/import/limits";
import type { ImportedDonatePage, ImportedProfile, ImportResult, ImportRun } from "@nook/shared/import/schemas";
import { ApiError, api, errorText, ok, readerTimeZone } from "@nook/ui/api";
import { loadServerMessages, serverText } from "@nook/ui/server-messages";
import { originOf } from "@nook/ui/site";
import { invalidate, useData } from "@nook/ui/use-data";
import { Refused, useSubmit } from "@nook/ui/use-submit";
import { type ChangeEvent, Fragment, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { COLOR_NAMES } from "./accent-names.ts";
import {
  type ChunkOptions,
  chunkQuery,
  type Format,
  type Prepared,
  type PrepareProblem,
  prepareFile,
  TYPES,
  undoRun,
  withRetries,
} from "./import-upload.ts";
import type { LoopZipProblem } from "./loop-zip.ts";

/** The groups a Daylio mood can belong to, best first, by their value on Nook's 1–5 mood. */
const GROUPS = Object.entries(DAYLIO_MOODS) as [keyof typeof DAYLIO_MOODS, number][];

/** The account's import runs, as "Your imports" lists them (useData's key). */
const RUNS_KEY = "user/imports";

/** Where a preview or a write is: the chunk on its way (from 1), of how many. */
interface Progress {
  n: number;
  total: number;
}

/** An import's answer made of what its run added (a run resumed: the chunks written before are not answered again). */
function resultOfRun(run: ImportRun, format: Format, merged: ImportResult | null): ImportResult {
  const kinds: ImportResult["kinds"] = {
    entries: { added: 0, present: 0 },
    tags: { added: 0, present: 0 },
    metrics: { added: 0, present: 0 },
  };
  for (const [kind, n] of Object.entries(run.added ?? {})) kinds[kind] = { added: n, present: 0 };
  const none = { added: [], present: [] };
  return {
    format,
    written: true,
    customMoods: [],
    moodsChanged: 0,
    skipped: { count: 0, rows: [] },
    donatePage: null,
    profile: null,
    names: { tags: none, metrics: none },
    ...merged,
    kinds,
  };
}

/**
 * Import data: a Nook export, a Daylio or Loop Habit Tracker export. The file is read here, in the browser,
 * and cut into chunks the API takes one at a time (import-upload.ts). Each chunk is read first as a dry
 * run, and the answers merged into a preview (what would be added, what is already there, the custom moods
 * and their groups, the rows left out) the person confirms; then the chunks are written, in order, as one
 * import run the person can cancel while it writes and undo for a while after (`Your imports`, below).
 * Nothing is written before the confirmation. A custom mood's group, and what to do with entries already
 * there with another mood, can be changed until then: each change reads the preview again, the one shown
 * staying (and the control keeping the focus) until the new one comes. A write cut short (a reload, the
 * network gone) goes on where it stopped when the same file is chosen again.
 */
export function ImportPage() {
  const { t } = useLingui();
  const formatId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<Format>("nook");
  const [file, setFile] = useState<File | null>(null);
  /** The group chosen for each custom mood, by its name as the preview gives it. */
  const [moods, setMoods] = useState<Record<string, number>>({});
  /** For entries already there with another mood: change their mood (true), add the rows again (false), or not yet said. */
  const [changeMoods, setChangeMoods] = useState<boolean | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  /** Whether the write publishes the file's donation page too (public: unticked until the person ticks it). */
  const [publishPage, setPublishPage] = useState(false);
  /** Whether the write sets the file's profile settings in the profile too (unticked: the account's may be newer). */
  const [takeProfile, setTakeProfile] = useState(false);
  /** The write under way: the choices are fixed while it runs. */
  const [writing, setWriting] = useState(false);
  /** How far the preview (a file of more than one chunk) or the write has come. */
  const [reading, setReading] = useState<Progress | null>(null);
  const [written, setWritten] = useState<Progress | null>(null);
  /** Cancel was pressed: the write stops and its run is being undone. */
  const [cancelling, setCancelling] = useState(false);
  /** What the page says of a write stopped (cancelled, its part taken back). */
  const [notice, setNotice] = useState("");
  /** A run whose chunk was refused (a 400): what it wrote stays until the person takes it back. */
  const [stopped, setStopped] = useState<number | null>(null);
  /** The run this page is writing, which "Your imports" does not call unfinished. */
  const [activeRun, setActiveRun] = useState<number | null>(null);
  /** The latest request's: an earlier one (a choice made again meanwhile) is let go, its answer dropped. */
  const shown = useRef<AbortController | null>(null);
  /** The file read and cut, for its format: the previews and the write of one file read it once. */
  const cut = useRef<{ file: File; format: Format; prepared: Promise<Prepared> } | null>(null);
  /** Aborts the write under way (Cancel). */
  const cancel = useRef<AbortController | null>(null);

  /** The page's words for a Loop ZIP it cannot read. */
  function zipRefusal(problem: LoopZipProblem): string {
    switch (problem) {
      case "noCheckmarks":
        return t`This ZIP holds no Checkmarks.csv. Choose the ZIP Loop Habit Tracker exports (Settings, Export as CSV), or its Checkmarks.csv`;
      case "notText":
        return t`The ZIP's Checkmarks.csv is not text (UTF-8)`;
      case "overSize":
        return t`This ZIP unpacks to more than ${IMPORT_MB_MAX} MB, and a file to import is at most ${IMPORT_MB_MAX} MB`;
      case "overRatio":
        return t`This ZIP unpacks to more than ${IMPORT_ZIP_RATIO_MAX} times its own size, and is not read. Choose the ZIP Loop Habit Tracker exports, or its Checkmarks.csv`;
      case "notZip":
        return t`The file is not a ZIP that can be read. Choose the ZIP Loop Habit Tracker exports, or its Checkmarks.csv`;
    }
  }

  /** The page's words for a file it cannot send. */
  function refusal(p: PrepareProblem, kind: Format): string {
    switch (p.problem) {
      case "notText":
        return t`The file is not text (UTF-8)`;
      case "zip":
        return zipRefusal(p.zip);
      case "rowTooLong": {
        const row = p.row;
        return kind === "nook"
          ? t`${row} of the file is longer than 256 KB`
          : t`Line ${row} of the file is longer than 256 KB`;
      }
      case "notJson": {
        const line = p.line;
        return t`The file is not JSON: it breaks on line ${line}`;
      }
      case "notNook":
        return t`The file is not a Nook export`;
    }
  }

  /** The file read and cut for `kind`, once: a refusal in words (Refused); a failure to read, tried again next time. */
  function prepared(chosen: File, kind: Format): Promise<Prepared> {
    const kept = cut.current;
    if (kept && kept.file === chosen && kept.format === kind) return kept.prepared;
    const promise = prepareFile(chosen, kind).then((read) => {
      if (!read.ok) throw new Refused(refusal(read, kind));
      return read.prepared;
    });
    cut.current = { file: chosen, format: kind, prepared: promise };
    promise.catch((err: unknown) => {
      if (!(err instanceof Refused) && cut.current?.prepared === promise) cut.current = null;
    });
    return promise;
  }

  /** The options every chunk of a preview (dryRun) or a write carries. */
  function optionsOf(file: Prepared, groups: Record<string, number>, change: boolean, dryRun: boolean): ChunkOptions {
    return {
      moods: groups,
      numeric: file.numeric,
      // The preview carries it too: its counts are then the write's (the changed entries not added).
      changeMoods: change,
      // Only the write carries it: the preview's table counts the ticked page itself (`kinds` below).
      donatePage: !dryRun && publishPage,
    };
  }

  /**
   * A chunk read as a dry run: what it would add, what is there already. Tried again while the network or the
   * server fails in passing, as a write is, so one failure does not lose what the chunks before it read.
   */
  function previewChunk(kind: Format, chunk: ImportChunk, options: ChunkOptions, signal: AbortSignal) {
    return withRetries(
      () =>
        ok(
          api.user.import.$post(
            { query: { format: kind, dryRun: "1", ...chunkQuery(chunk, options) } },
            { init: { credentials: "include", body: chunk.body, headers: { "Content-Type": TYPES[kind] }, signal } },
          ),
        ),
      signal,
    );
  }

  /**
   * A chunk written into its run, tried again while the network fails (a chunk is written once). With
   * `profile` the API sets the file's profile settings, from the file's first chunk.
   */
  function writeChunk(
    kind: Format,
    run: number,
    n: number,
    chunk: ImportChunk,
    options: ChunkOptions & { profile: boolean },
    signal: AbortSignal,
  ) {
    const query = { ...chunkQuery(chunk, options), ...(options.profile ? { profile: "1" } : {}) };
    return withRetries(
      () =>
        ok(
          api.user.imports[":id"].chunks[":n"].$put(
            { param: { id: String(run), n: String(n) }, query },
            { init: { credentials: "include", body: chunk.body, headers: { "Content-Type": TYPES[kind] }, signal } },
          ),
        ),
      signal,
    );
  }

  /**
   * The page's requests (a preview, the write, an undo), one shown at a time: a new one supersedes the one
   * under way, whose `signal` then says it is let go (its progress and answer no longer shown); only the
   * latest one's error and end are shown.
   */
  const request = useSubmit(
    (job: (signal: AbortSignal) => Promise<void>) => {
      shown.current?.abort();
      const controller = new AbortController();
      shown.current = controller;
      return job(controller.signal);
    },
    {
      supersede: true,
      failed: (err) => errorText(err, t`The file could not be read. Check your connection and try again.`),
    },
  );
  const { busy, error } = request;

  /**
   * Reads the preview, a chunk at a time. A new file or format clears the one shown; a choice made again
   * (`keep`) leaves it until the new one comes, so the list the person is working in stays, and the focus
   * with it.
   */
  function previewOf(chosen: File, kind: Format, groups: Record<string, number>, change: boolean, keep = false) {
    if (!keep) setPreview(null);
    setDone(null);
    setNotice("");
    setStopped(null);
    void request.run(async (signal) => {
      try {
        // Any preview still being read is of the file before: let go, and with it what it would show.
        if (chosen.size > IMPORT_BYTES_MAX) throw new Refused(t`A file to import is at most ${IMPORT_MB_MAX} MB`);
        const file = await prepared(chosen, kind);
        const options = optionsOf(file, groups, change, true);
        const total = file.chunks.length;
        const answers: ImportResult[] = [];
        for (const [i, chunk] of file.chunks.entries()) {
          if (signal.aborted) return;
          if (total > 1) setReading({ n: i + 1, total });
          answers.push(await previewChunk(kind, chunk, options, signal));
        }
        const read = mergeResults(answers);
        // Why rows or settings are left out is said in the server's words: its catalog first, so they show translated.
        if (read.skipped.count || read.profile?.leftOut.length) await loadServerMessages().catch(() => {});
        if (!signal.aborted) setPreview(read);
      } catch (err) {
        // Let go (a newer preview, the write): its failure, its request cut off among them, is no one's to see.
        if (signal.aborted) return;
        setPreview(null);
        throw err;
      } finally {
        if (!signal.aborted) setReading(null);
      }
    });
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setMoods({});
    setChangeMoods(null);
    setPublishPage(false);
    setTakeProfile(false);
    if (chosen) previewOf(chosen, format, {}, false);
  }

  function onFormat(kind: Format) {
    setFormat(kind);
    if (file) previewOf(file, kind, moods, changeMoods === true);
  }

  /** A custom mood's group chosen, chosen again, or cleared (null): the preview is read again for it. */
  function onMood(mood: string, group: number | null) {
    const { [mood]: _, ...others } = moods;
    const next = group === null ? others : { ...others, [mood]: group };
    setMoods(next);
    if (file) previewOf(file, format, next, changeMoods === true, true);
  }

  function onChangeMoods(change: boolean) {
    setChangeMoods(change);
    if (file) previewOf(file, format, moods, change, true);
  }

  /**
   * Writes the file: begins its run (or joins the same file's unfinished one, and goes on from its first
   * chunk not written), sends the chunks in order, and ends the run. Cancel stops it and takes back what it
   * wrote; a chunk refused stops it, what it wrote kept until the person takes it back.
   */
  function write(chosen: File) {
    const controller = new AbortController();
    cancel.current = controller;
    setWriting(true);
    setCancelling(false);
    setNotice("");
    setStopped(null);
    void request.run(async (signal) => {
      let runId: number | null = null;
      try {
        const file = await prepared(chosen, format);
        const options = { ...optionsOf(file, moods, changeMoods === true, false), profile: takeProfile };
        const total = file.chunks.length;
        setWritten({ n: 1, total });
        // Not aborted: a run begun must be known, to be taken back if Cancel came meanwhile.
        const begun = await withRetries(() =>
          ok(api.user.imports.$post({ json: { format, fileHash: file.fileHash, chunks: total } })),
        ).catch((err: unknown) => {
          // Another file's import runs: "Your imports" shows it, as it is now.
          if (err instanceof ApiError && err.code === "import.running") void invalidate(RUNS_KEY);
          throw err;
        });
        runId = begun.id;
        setActiveRun(begun.id);
        // "Your imports" shows it running, without a way to undo it there while Cancel is here.
        void invalidate(RUNS_KEY);
        const answers: ImportResult[] = [];
        for (let n = begun.written; n < total && !controller.signal.aborted; n += 1) {
          setWritten({ n: n + 1, total });
          const chunk = file.chunks[n] as ImportChunk;
          try {
            answers.push(await writeChunk(format, begun.id, n, chunk, options, controller.signal));
          } catch (err) {
            if (controller.signal.aborted) break;
            // A row refused: the chunks before it are written, and stay until the person takes them back.
            if (err instanceof ApiError && err.status === 400) setStopped(begun.id);
            throw err;
          }
        }
        if (controller.signal.aborted) {
          try {
            await undoRun(begun.id, "remove");
          } catch (err) {
            throw new Refused(
              errorText(
                err,
                t`The import stopped, but what it wrote could not be taken back. Undo it under Your imports below.`,
              ),
            );
          }
          if (!signal.aborted) setNotice(t`The import was cancelled: nothing of it is kept.`);
          return;
        }
        const finished = await withRetries(() =>
          ok(api.user.imports[":id"].finish.$post({ param: { id: String(begun.id) } })),
        );
        const merged = answers.length ? mergeResults(answers) : null;
        // The profile's settings set: the site's colour and the profile's form take them.
        if (merged?.profile?.set) void invalidate("auth");
        // A run resumed: the chunks written before are in the run's own counts, not in the answers here.
        const answer = begun.written > 0 || !merged ? resultOfRun(finished, format, merged) : merged;
        if (answer.skipped.count) await loadServerMessages().catch(() => {});
        if (!signal.aborted) setDone(answer);
      } finally {
        cancel.current = null;
        setWriting(false);
        setCancelling(false);
        setWritten(null);
        setActiveRun(null);
        if (runId !== null) void invalidate(RUNS_KEY);
      }
    });
  }

  function onCancel() {
    setCancelling(true);
    cancel.current?.abort();
  }

  /** Takes back what a write stopped by a refused chunk wrote. */
  function undoStopped(id: number) {
    void request.run(async () => {
      await undoRun(id, "remove");
      setStopped(null);
      setNotice(t`What the import wrote was taken back: nothing of it is kept.`);
      void invalidate(RUNS_KEY);
    });
  }

  const unplaced = preview?.customMoods.filter((m) => moods[m.mood] === undefined) ?? [];
  const moodsChanged = preview?.moodsChanged ?? 0;
  // Entries already there with another mood: the import waits for the person to say what to do with them.
  const changesOpen = moodsChanged > 0 && changeMoods === null;
  const changing = changeMoods === true ? moodsChanged : 0;
  const entries = preview?.kinds.entries;
  // The preview is read without the donation page (donatePage): ticked, the page is one more to add, unless the account has one.
  const pageInfo = preview?.kinds.donateInfo;
  const kinds = preview && {
    ...preview.kinds,
    ...(pageInfo && {
      donateInfo: { ...pageInfo, added: publishPage && preview.donatePage && !pageInfo.present ? 1 : 0 },
    }),
  };
  const added = kinds ? Object.values(kinds).reduce((n, k) => n + k.added, 0) : 0;
  // The file's profile settings, ticked, are something to write even when every row is there already.
  const nothing = added === 0 && changing === 0 && !(takeProfile && preview?.profile);

  return (
    <div className="card stack page-narrow import-page">
      <p>
        <Link href="/profile">
          ← <Trans>Profile</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Import data</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Bring back a Nook export, or bring in what you kept in Daylio or Loop Habit Tracker as journal entries. You
          see what would be added before anything is written, and importing the same file again adds nothing twice.
        </Trans>
      </p>
      <fieldset className="field import-formats" disabled={busy}>
        <legend className="field-label" id={formatId}>
          <Trans>FROM</Trans>
        </legend>
        <label className="row">
          <input type="radio" name="format" checked={format === "nook"} onChange={() => onFormat("nook")} />
          <span>
            <Trans>Nook: a file from Download my data (everything, back as it was)</Trans>
          </span>
        </label>
        <label className="row">
          <input type="radio" name="format" checked={format === "daylio"} onChange={() => onFormat("daylio")} />
          <span>
            <Trans>Daylio: its CSV export (moods, activities as tags, notes)</Trans>
          </span>
        </label>
        <label className="row">
          <input type="radio" name="format" checked={format === "loop"} onChange={() => onFormat("loop")} />
          <span>
            <Trans>
              Loop Habit Tracker: the ZIP it exports, or its Checkmarks.csv (each checked day an entry tagged with the
              habit; a numeric habit's amount a metric as well)
            </Trans>
          </span>
        </label>
      </fieldset>
      <label className="field">
        <span className="field-label">
          <Trans>FILE</Trans>
        </span>
        <input
          ref={fileRef}
          className="input"
          type="file"
          accept={
            format === "nook"
              ? ".json,application/json"
              : format === "loop"
                ? ".zip,application/zip,.csv,text/csv"
                : ".csv,text/csv"
          }
          disabled={busy}
          onChange={onFile}
          data-testid="import-file"
        />
        <span className="muted">
          <Trans>At most {IMPORT_MB_MAX} MB. Dates are read in your profile's time zone.</Trans>
        </span>
      </label>
      {busy && !writing && (
        <div className="stack" aria-live="polite" data-testid="import-reading">
          <p className="muted">
            {reading ? <ChunkProgress n={reading.n} total={reading.total} /> : <Trans>Reading the file...</Trans>}
          </p>
          {reading && (
            <progress max={reading.total} value={reading.n - 1} aria-label={t`Reading the file`}>
              {reading.n - 1} / {reading.total}
            </progress>
          )}
        </div>
      )}
      <p className="error-line" role="alert">
        {error}
      </p>
      {stopped !== null && !busy && (
        <p>
          <button type="button" className="button button-quiet" onClick={() => undoStopped(stopped)}>
            <Trans>Undo what was imported</Trans>
          </button>
        </p>
      )}
      {notice && (
        <p role="status" data-testid="import-notice">
          {notice}
        </p>
      )}
      {preview && kinds && !done && entries && (
        <section className="stack" aria-labelledby="import-preview-title" aria-busy={busy} data-testid="import-preview">
          <h2 id="import-preview-title">
            <Trans>What the import would do</Trans>
          </h2>
          <table className="import-kinds">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Kind</Trans>
                  </span>
                </th>
                <th scope="col">
                  <Trans>To add</Trans>
                </th>
                <th scope="col">
                  <Trans>Already there</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              <KindRow label={t`Entries`} count={preview.kinds.entries} />
              <KindRow label={t`Tags`} count={preview.kinds.tags} />
              <KindRow label={t`Metrics`} count={preview.kinds.metrics} />
              <KindRow label={t`Stacks`} count={preview.kinds.stacks} />
              <KindRow label={t`Timers`} count={preview.kinds.timers} />
              <KindRow label={t`People`} count={preview.kinds.people} />
              <KindRow label={t`Checklists`} count={preview.kinds.checklists} />
              <KindRow label={t`Events`} count={preview.kinds.events} />
              <KindRow label={t`Donation page`} count={kinds.donateInfo} />
              <KindRow label={t`Donations`} count={preview.kinds.donations} />
            </tbody>
          </table>
          {preview.donatePage && (
            <DonatePageChoice
              page={preview.donatePage}
              present={Boolean(pageInfo?.present)}
              checked={publishPage}
              disabled={busy}
              onChange={setPublishPage}
            />
          )}
          {preview.profile && (
            <ProfileChoice profile={preview.profile} checked={takeProfile} disabled={busy} onChange={setTakeProfile} />
          )}
          {preview.skipped.count > 0 && <SkippedRows skipped={preview.skipped} />}
          {preview.customMoods.length > 0 && (
            <div className="stack" data-testid="import-moods">
              <p>
                <Trans>
                  Daylio names these moods without their group. Say which group each belongs to (mood 5 is rad, 1 is
                  awful). You can change a choice, or clear it, until you import.
                </Trans>
              </p>
              {preview.customMoods.map((m) => (
                <label className="field" key={m.mood}>
                  <span className="field-label">
                    <span className="user-text">{m.mood}</span>{" "}
                    <span className="muted">
                      (<Plural value={m.count} one="# entry" other="# entries" />)
                    </span>
                  </span>
                  {/* Enabled while a preview is read, so the focus stays here; fixed only while the import writes. */}
                  <select
                    className="input"
                    value={moods[m.mood] ?? ""}
                    onChange={(e) => onMood(m.mood, e.target.value ? Number(e.target.value) : null)}
                    disabled={writing}
                  >
                    <option value="">{t`Choose a group`}</option>
                    {GROUPS.map(([word, value]) => (
                      <option key={word} value={value}>
                        {word} ({value})
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          )}
          {moodsChanged > 0 && (
            <fieldset className="stack" disabled={writing} data-testid="import-mood-changes">
              <legend>
                <Plural
                  value={moodsChanged}
                  one="# entry of this file is in your journal already with another mood: imported before with another group for its mood, or changed in Daylio since. What should the import do with it?"
                  other="# entries of this file are in your journal already with another mood: imported before with another group for their mood, or changed in Daylio since. What should the import do with them?"
                />
              </legend>
              <label className="row">
                <input
                  type="radio"
                  name="mood-changes"
                  checked={changeMoods === true}
                  onChange={() => onChangeMoods(true)}
                />
                <span>
                  <Trans>Change their mood to the one in this file</Trans>
                </span>
              </label>
              <label className="row">
                <input
                  type="radio"
                  name="mood-changes"
                  checked={changeMoods === false}
                  onChange={() => onChangeMoods(false)}
                />
                <span>
                  <Trans>Add them again as new entries, beside the ones already there</Trans>
                </span>
              </label>
            </fieldset>
          )}
          <div className="row">
            <button
              type="button"
              className="button"
              disabled={busy || unplaced.length > 0 || changesOpen || nothing || !file}
              onClick={() => file && write(file)}
              data-testid="import-write"
            >
              {nothing ? (
                <Trans>Nothing new to import</Trans>
              ) : preview.format === "nook" ? (
                <Trans>Import what is new</Trans>
              ) : entries.added === 0 && changing > 0 ? (
                <Plural value={changing} one="Change the mood of # entry" other="Change the mood of # entries" />
              ) : (
                <Plural value={entries.added} one="Import # entry" other="Import # entries" />
              )}
            </button>
          </div>
          {writing && written && (
            <div className="stack" aria-live="polite" data-testid="import-writing">
              <p>
                {cancelling ? (
                  <Trans>Cancelling: taking back what was written...</Trans>
                ) : (
                  <ChunkProgress writing n={written.n} total={written.total} />
                )}
              </p>
              <progress max={written.total} value={written.n - 1} aria-label={t`Importing`}>
                {written.n - 1} / {written.total}
              </progress>
              <div className="row">
                <button type="button" className="button button-quiet" disabled={cancelling} onClick={onCancel}>
                  <Trans>Cancel</Trans>
                </button>
              </div>
            </div>
          )}
        </section>
      )}
      {done && (
        <section className="stack" aria-live="polite" data-testid="import-done">
          <p>
            {done.format === "nook" ? (
              <Trans>Imported: everything new in the file is in its place.</Trans>
            ) : (
              <Plural
                value={done.kinds.entries.added}
                one="Imported # entry into your journal."
                other="Imported # entries into your journal."
              />
            )}
          </p>
          {changing > 0 && done.moodsChanged > 0 && (
            <p>
              <Plural
                value={done.moodsChanged}
                one="Changed the mood of # entry already there."
                other="Changed the mood of # entries already there."
              />
            </p>
          )}
          {done.profile?.set && (
            <p data-testid="import-profile-set">
              <Trans>Your profile's settings are now the file's.</Trans>
            </p>
          )}
          {done.skipped.count > 0 && <SkippedRows skipped={done.skipped} written />}
          <p>
            <a href={originOf("journal")}>
              <Trans>Open the journal</Trans>
            </a>
          </p>
        </section>
      )}
      <ImportRuns active={activeRun} />
    </div>
  );
}

/**
 * A Nook file's donation page, which anyone could see at the account's public address: what it would
 * publish (its title, addresses and PayPal button, as text), and the choice to publish it, unticked (an
 * export may be an old page, or someone else's). An account with a page keeps its own.
 */
function DonatePageChoice({
  page,
  present,
  checked,
  disabled,
  onChange,
}: {
  page: ImportedDonatePage;
  present: boolean;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useLingui();
  const details: [label: string, value: string, testId: string][] = [
    [t`Title`, page.title, "import-page-title"],
    [t`ETH address`, page.ethAddress, "import-page-eth"],
    [t`BTC address`, page.btcAddress, "import-page-btc"],
    [t`PayPal button id`, page.paypalDonateButtonId, "import-page-paypal"],
  ];
  return (
    <div className="stack" data-testid="import-donate-page">
      <p>
        <Trans>
          The file holds a donation page. Anyone can see a donation page at your public address, so it is imported only
          if you choose to. It would show:
        </Trans>
      </p>
      <dl className="stack">
        {details
          .filter(([, value]) => value !== "")
          .map(([label, value, testId]) => (
            <div key={testId}>
              <dt className="field-label">{label}</dt>
              <dd className="user-text" dir="auto" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
      </dl>
      {present ? (
        <p className="muted">
          <Trans>You have a donation page already: it stays as it is, and the file's is not imported.</Trans>
        </p>
      ) : (
        <label className="row">
          <input
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked)}
            data-testid="import-publish-page"
          />
          <span>
            <Trans>Also publish this file's donation page</Trans>
          </span>
        </label>
      )}
    </div>
  );
}

/**
 * A Nook file's profile settings: its time zone, accent colour and date of birth (those it holds), the ones a
 * profile would refuse said and left out, and the choice to set them in the profile, unticked (the account's
 * own may be newer than the file's). A setting the file lacks leaves the profile's as it is.
 */
function ProfileChoice({
  profile,
  checked,
  disabled,
  onChange,
}: {
  profile: ImportedProfile;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const birth =
    profile.dateOfBirth &&
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeZone: "UTC" }).format(
      Date.parse(profile.dateOfBirth),
    );
  const details: [label: string, value: string | null, testId: string][] = [
    [t`Time zone`, profile.timeZone, "import-profile-zone"],
    [t`Accent colour`, i18n._(COLOR_NAMES[profile.accentColor]), "import-profile-accent"],
    [t`Date of birth`, birth, "import-profile-birth"],
  ];
  return (
    <div className="stack" data-testid="import-profile">
      <p>
        <Trans>The file holds your profile's settings:</Trans>
      </p>
      <dl className="stack">
        {details.map(([label, value, testId]) =>
          value === null ? null : (
            <div key={testId}>
              <dt className="field-label">{label}</dt>
              <dd className="user-text" dir="auto" data-testid={testId}>
                {value}
              </dd>
            </div>
          ),
        )}
      </dl>
      {profile.leftOut.length > 0 && (
        <ul data-testid="import-profile-left-out">
          {profile.leftOut.map((said) => (
            <li key={said.code}>{serverText(said, said.message)}</li>
          ))}
        </ul>
      )}
      <label className="row">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="import-take-profile"
        />
        <span>
          <Trans>Also set these in your profile</Trans>
        </span>
      </label>
    </div>
  );
}

/**
 * The rows of a file that cannot be entries (a Daylio note longer than an entry's text), left out while the
 * rest is imported: said before the import, and after it. Each by its line and why, in the server's words;
 * the API lists the first of them, and says how many in all.
 */
function SkippedRows({ skipped, written = false }: { skipped: ImportResult["skipped"]; written?: boolean }) {
  const more = skipped.count - skipped.rows.length;
  return (
    <div className="stack" data-testid="import-skipped">
      <p>
        {written ? (
          <Plural
            value={skipped.count}
            one="# row of the file was left out, as it cannot be an entry:"
            other="# rows of the file were left out, as they cannot be entries:"
          />
        ) : (
          <Plural
            value={skipped.count}
            one="# row of the file cannot be an entry: it is left out, and the rest is imported."
            other="# rows of the file cannot be entries: they are left out, and the rest is imported."
          />
        )}
      </p>
      <ul>
        {skipped.rows.map((row) => (
          <li key={row.line}>{serverText(row, row.message)}</li>
        ))}
      </ul>
      {more > 0 && (
        <p className="muted">
          <Plural value={more} one="And # more row." other="And # more rows." />
        </p>
      )}
    </div>
  );
}

/** A kind's row; a kind the file's format does not carry has none. */
function KindRow({ label, count }: { label: string; count: { added: number; present: number } | undefined }) {
  if (!count) return null;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{count.added}</td>
      <td>{count.present}</td>
    </tr>
  );
}

/** How far a preview or a write has come: the chunk on its way, of how many. */
function ChunkProgress({ writing = false, n, total }: { writing?: boolean; n: number; total: number }) {
  return writing ? (
    <Trans>
      Importing... {n} of {total}
    </Trans>
  ) : (
    <Trans>
      Reading the file... {n} of {total}
    </Trans>
  );
}

/** The kinds an import adds, in the order "Your imports" names them. */
const KIND_ORDER = [
  "entries",
  "tags",
  "metrics",
  "people",
  "stacks",
  "stackItems",
  "timers",
  "checklists",
  "events",
  "donateInfo",
  "donations",
];

/** The formats by their own names. */
const FORMAT_NAMES: Record<ImportRun["format"], string> = {
  nook: "Nook",
  daylio: "Daylio",
  loop: "Loop Habit Tracker",
};

/** A count of one kind an import added or took back, in words. */
function KindCount({ kind, n }: { kind: string; n: number }) {
  switch (kind) {
    case "entries":
      return <Plural value={n} one="# entry" other="# entries" />;
    case "tags":
      return <Plural value={n} one="# tag" other="# tags" />;
    case "metrics":
      return <Plural value={n} one="# metric" other="# metrics" />;
    case "people":
      return <Plural value={n} one="# person" other="# people" />;
    case "stacks":
      return <Plural value={n} one="# stack" other="# stacks" />;
    case "stackItems":
      return <Plural value={n} one="# stack item" other="# stack items" />;
    case "timers":
      return <Plural value={n} one="# timer" other="# timers" />;
    case "checklists":
      return <Plural value={n} one="# checklist" other="# checklists" />;
    case "events":
      return <Plural value={n} one="# event" other="# events" />;
    case "donateInfo":
      return <Trans>the donation page</Trans>;
    case "donations":
      return <Plural value={n} one="# donation" other="# donations" />;
    default:
      return (
        <>
          {kind}: {n}
        </>
      );
  }
}

/** The kinds of `counts` that are not 0, in words: "3 entries, 2 tags". */
function KindCounts({ counts }: { counts: Record<string, number> }) {
  const place = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  const kinds = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => place(a) - place(b));
  return (
    <>
      {kinds.map(([kind, n], i) => (
        <Fragment key={kind}>
          {i > 0 && ", "}
          <KindCount kind={kind} n={n} />
        </Fragment>
      ))}
    </>
  );
}

const anyOf = (counts: Record<string, number> | null) => Object.values(counts ?? {}).some((n) => n > 0);

/** A run's state in words. */
function RunState({ state }: { state: ImportRun["state"] }) {
  switch (state) {
    case "running":
      return <Trans>In progress</Trans>;
    case "done":
      return <Trans>Done</Trans>;
    case "failed":
      return <Trans>Stopped</Trans>;
    case "undone":
      return <Trans>Undone</Trans>;
  }
}

/** What an undo took back, said under "Your imports". */
interface Undone {
  removed: Record<string, number>;
  /** The rows edited since were kept. */
  kept: boolean;
}

/**
 * "Your imports": the account's import runs, newest first, each with when it began, from what, how it stands
 * and what it added; an unfinished one says how to go on, and each may be undone for a while after.
 */
function ImportRuns({ active }: { active: number | null }) {
  const { t } = useLingui();
  const runs = useData(RUNS_KEY, () => ok(api.user.imports.$get()));
  const [undone, setUndone] = useState<Undone | null>(null);
  return (
    <section className="stack" aria-labelledby="import-runs-title" data-testid="import-runs">
      <h2 id="import-runs-title">
        <Trans>Your imports</Trans>
      </h2>
      {undone && (
        <p role="status" data-testid="import-undone">
          {anyOf(undone.removed) ? (
            <Trans>
              Undone: removed <KindCounts counts={undone.removed} />.
            </Trans>
          ) : (
            <Trans>Undone: nothing of it was left to remove.</Trans>
          )}{" "}
          {undone.kept && <Trans>The rows changed since are kept.</Trans>}
        </p>
      )}
      {runs.loading && (
        <p className="muted">
          <Trans>Loading your imports...</Trans>
        </p>
      )}
      {runs.error !== undefined && !runs.data && (
        <div className="row">
          <p className="error-line" role="alert">
            {errorText(runs.error, t`Your imports could not be loaded. Check your connection and try again.`)}
          </p>
          <button type="button" className="button button-quiet button-small" onClick={runs.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {runs.data?.length === 0 && (
        <p className="muted">
          <Trans>No imports yet.</Trans>
        </p>
      )}
      {runs.data && runs.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {runs.data.map((run) => (
            <RunItem
              key={run.id}
              run={run}
              active={run.id === active}
              onUndone={(removed, kept) => setUndone({ removed, kept })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A run of "Your imports". Its undo asks first, in place; when rows it added were edited since, the API
 * says how many and the person chooses to keep them or remove them too.
 */
function RunItem({
  run,
  active,
  onUndone,
}: {
  run: ImportRun;
  /** This page is writing it: its Cancel is above, and it is not left unfinished. */
  active: boolean;
  onUndone: (removed: Record<string, number>, kept: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<"idle" | "confirm" | "edited" | "working">("idle");
  /** The API's words for rows edited since, asking what to do with them. */
  const [asked, setAsked] = useState("");
  const [failed, setFailed] = useState("");
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: readerTimeZone(),
  }).format(new Date(run.startedAt));

  async function undo(edited?: "keep" | "remove") {
    setStep("working");
    setFailed("");
    try {
      const removed = await undoRun(run.id, edited);
      setStep("idle");
      onUndone(removed, edited === "keep");
      await invalidate(RUNS_KEY);
    } catch (err) {
      if (err instanceof ApiError && err.code === "import.editedSince") {
        setAsked(errorText(err, t`Some of the rows this import added were changed since.`));
        setStep("edited");
        return;
      }
      setStep("idle");
      setFailed(errorText(err, t`The import could not be undone. Check your connection and try again.`));
    }
  }

  let controls: ReactNode = null;
  if (run.undoUntil !== null && !active)
    switch (step) {
      case "idle":
        controls = (
          <div className="row">
            <button type="button" className="button button-quiet button-small" onClick={() => setStep("confirm")}>
              <Trans>Undo this import</Trans>
            </button>
          </div>
        );
        break;
      case "confirm":
        controls = (
          <div className="stack" data-testid="import-undo-confirm">
            <p>
              <Trans>Remove everything this import added?</Trans>
            </p>
            <div className="row">
              <button type="button" className="button button-danger button-small" onClick={() => void undo()}>
                <Trans>Yes, undo it</Trans>
              </button>
              <button type="button" className="button button-quiet button-small" onClick={() => setStep("idle")}>
                <Trans>No</Trans>
              </button>
            </div>
          </div>
        );
        break;
      case "edited":
        controls = (
          <div className="stack" data-testid="import-undo-edited">
            <p>{asked}</p>
            <div className="row">
              <button type="button" className="button button-small" onClick={() => void undo("keep")}>
                <Trans>Keep the changed ones</Trans>
              </button>
              <button type="button" className="button button-danger button-small" onClick={() => void undo("remove")}>
                <Trans>Remove them too</Trans>
              </button>
              <button type="button" className="button button-quiet button-small" onClick={() => setStep("idle")}>
                <Trans>Do not undo</Trans>
              </button>
            </div>
          </div>
        );
        break;
      case "working":
        controls = (
          <p className="muted" aria-live="polite">
            <Trans>Undoing...</Trans>
          </p>
        );
        break;
    }

  return (
    <li className="stack" data-testid="import-run" data-state={run.state}>
      <p>
        <time dateTime={run.startedAt}>{when}</time> · {FORMAT_NAMES[run.format]} · <RunState state={run.state} />
      </p>
      {run.added && anyOf(run.added) && (
        <p data-testid="import-run-added">
          {run.state === "undone" ? (
            <Trans>
              It had added <KindCounts counts={run.added} />.
            </Trans>
          ) : (
            <Trans>
              Added <KindCounts counts={run.added} />.
            </Trans>
          )}
        </p>
      )}
      {(run.state === "running" || run.state === "failed") && !active && (
        <p className="muted">
          <Trans>Unfinished: choose the same file again to go on</Trans>
        </p>
      )}
      {controls}
      {failed && (
        <p className="error-line" role="alert">
          {failed}
        </p>
      )}
    </li>
  );
}
