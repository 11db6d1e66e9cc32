import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { DAYLIO_MOODS, IMPORT_BYTES_MAX, IMPORT_MB_MAX } from "@nook/shared/import/limits";
import type { ImportedDonatePage, ImportResult } from "@nook/shared/import/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { retryableImport } from "@nook/ui/retryable-import";
import { loadServerMessages, serverText } from "@nook/ui/server-messages";
import { originOf } from "@nook/ui/site";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Link } from "wouter";

type Format = "nook" | "daylio" | "loop";

/** The media type each format's file is sent as (the API checks it). */
const TYPES: Record<Format, string> = { nook: "application/json", daylio: "text/csv", loop: "text/csv" };

/** Loop's ZIP reader, fflate with it, loaded only when a ZIP is chosen: the page's first load does without. */
const loadLoopZip = retryableImport(
  () => import("./loop-zip.ts"),
  (m) => m.readLoopZip,
);

/** A ZIP file's first bytes ("PK\3\4"): Loop exports a ZIP, and a person may choose it or its Checkmarks.csv. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A file the page itself refuses, before sending it: its words are the error shown. */
class FileRefused extends Error {}

/** The groups a Daylio mood can belong to, best first, by their value on Nook's 1–5 mood. */
const GROUPS = Object.entries(DAYLIO_MOODS) as [keyof typeof DAYLIO_MOODS, number][];

/**
 * Import data: a Daylio or Loop Habit Tracker export. The file is
 * read by the API twice: first as a dry run, whose preview (what would be
 * added, what is already there, the custom moods and their groups, the rows
 * left out) the person confirms; then for real. Nothing is written before
 * the confirmation. A custom mood's group, and what to do with entries
 * already there with another mood, can be changed until then: each change
 * reads the preview again, the one shown staying (and the control keeping
 * the focus) until the new one comes.
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
  const [busy, setBusy] = useState(false);
  /** The write under way: the choices are fixed while it runs. */
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState("");
  /** The latest request's number: an answer to an earlier one (a choice made again meanwhile) is dropped. */
  const latest = useRef(0);

  /**
   * A Loop file as the API reads it: a CSV as chosen; Loop's ZIP read here
   * into its Checkmarks.csv, the habits' names quoted from its Habits.csv, and
   * the columns of its numeric habits (the `numeric` of import/routes.ts).
   */
  async function loopUpload(chosen: File): Promise<{ body: Blob; numeric: string }> {
    const head = new Uint8Array(await chosen.slice(0, ZIP_MAGIC.length).arrayBuffer());
    if (!ZIP_MAGIC.every((b, i) => head[i] === b)) return { body: chosen, numeric: "" };
    const read = (await loadLoopZip())(new Uint8Array(await chosen.arrayBuffer()));
    if (!read.ok)
      throw new FileRefused(
        read.problem === "noCheckmarks"
          ? t`This ZIP holds no Checkmarks.csv. Choose the ZIP Loop Habit Tracker exports (Settings, Export as CSV), or its Checkmarks.csv`
          : read.problem === "notText"
            ? t`The ZIP's Checkmarks.csv is not text (UTF-8)`
            : t`The file is not a ZIP that can be read. Choose the ZIP Loop Habit Tracker exports, or its Checkmarks.csv`,
      );
    return { body: new Blob([read.csv], { type: TYPES.loop }), numeric: read.numeric.join(",") };
  }

  async function send(chosen: File, dryRun: boolean, kind: Format, groups: Record<string, number>, change: boolean) {
    // A JSON list of ["mood", group] pairs: any name a file holds, commas and colons too (import/schemas.ts).
    const pairs = Object.entries(groups);
    const moodsParam = pairs.length ? JSON.stringify(pairs) : "";
    const { body, numeric } = kind === "loop" ? await loopUpload(chosen) : { body: chosen, numeric: "" };
    return ok(
      api.user.import.$post(
        {
          query: {
            format: kind,
            dryRun: dryRun ? "1" : "0",
            ...(moodsParam ? { moods: moodsParam } : {}),
            ...(numeric ? { numeric } : {}),
            // The preview carries it too: its counts are then the write's (the changed entries not added).
            ...(change ? { changeMoods: "1" } : {}),
            // Only the write carries it: the preview's table counts the ticked page itself (`kinds` below).
            ...(!dryRun && publishPage ? { donatePage: "1" } : {}),
          },
        },
        { init: { credentials: "include", body, headers: { "Content-Type": TYPES[kind] } } },
      ),
    );
  }

  /** Runs a request; only the latest one's answer, error and end are shown (`current` says whether it is still it). */
  async function run(action: (current: () => boolean) => Promise<void>) {
    const mine = ++latest.current;
    const current = () => mine === latest.current;
    setBusy(true);
    setError("");
    try {
      await action(current);
    } catch (err) {
      if (current())
        setError(
          err instanceof FileRefused
            ? err.message
            : errorText(err, t`The file could not be read. Check your connection and try again.`),
        );
    } finally {
      if (current()) setBusy(false);
    }
  }

  /**
   * Reads the preview. A new file or format clears the one shown; a choice made again (`keep`) leaves it
   * until the new one comes, so the list the person is working in stays, and the focus with it.
   */
  function previewOf(chosen: File, kind: Format, groups: Record<string, number>, change: boolean, keep = false) {
    if (!keep) setPreview(null);
    setDone(null);
    if (chosen.size > IMPORT_BYTES_MAX) {
      // Any preview still being read is of the file before: dropped, and with it what it would show.
      latest.current += 1;
      setPreview(null);
      setBusy(false);
      setError(t`A file to import is at most ${IMPORT_MB_MAX} MB`);
      return;
    }
    void run(async (current) => {
      try {
        const read = await send(chosen, true, kind, groups, change);
        // The reasons rows are left out are the server's words: its catalog first, so they show translated.
        if (read.skipped.count) await loadServerMessages().catch(() => {});
        if (current()) setPreview(read);
      } catch (err) {
        if (current()) setPreview(null);
        throw err;
      }
    });
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setMoods({});
    setChangeMoods(null);
    setPublishPage(false);
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

  function write(chosen: File) {
    setWriting(true);
    void run(async (current) => {
      try {
        const answer = await send(chosen, false, format, moods, changeMoods === true);
        if (current()) setDone(answer);
      } finally {
        setWriting(false);
      }
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
  const nothing = added === 0 && changing === 0;

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
      {busy && (
        <p className="muted" aria-live="polite">
          <Trans>Reading the file...</Trans>
        </p>
      )}
      <p className="error-line" role="alert">
        {error}
      </p>
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
          {done.skipped.count > 0 && <SkippedRows skipped={done.skipped} written />}
          <p>
            <a href={originOf("journal")}>
              <Trans>Open the journal</Trans>
            </a>
          </p>
        </section>
      )}
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
