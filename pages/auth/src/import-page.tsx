import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { DAYLIO_MOODS, IMPORT_BYTES_MAX, IMPORT_MB_MAX } from "@nook/shared/import/limits";
import type { ImportedDonatePage, ImportResult } from "@nook/shared/import/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { retryableImport } from "@nook/ui/retryable-import";
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
 * added, what is already there, moods it cannot place) the person confirms;
 * then for real. Nothing is written before the confirmation.
 */
export function ImportPage() {
  const { t } = useLingui();
  const formatId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<Format>("nook");
  const [file, setFile] = useState<File | null>(null);
  const [moods, setMoods] = useState<Record<string, number>>({});
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  /** Whether the write publishes the file's donation page too (public: unticked until the person ticks it). */
  const [publishPage, setPublishPage] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

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

  async function send(chosen: File, dryRun: boolean, kind: Format, groups: Record<string, number>) {
    const moodsParam = Object.entries(groups)
      .map(([word, group]) => `${word}:${group}`)
      .join(",");
    const { body, numeric } = kind === "loop" ? await loopUpload(chosen) : { body: chosen, numeric: "" };
    return ok(
      api.user.import.$post(
        {
          query: {
            format: kind,
            dryRun: dryRun ? "1" : "0",
            ...(moodsParam ? { moods: moodsParam } : {}),
            ...(numeric ? { numeric } : {}),
            // Only the write carries it: the preview's table counts the ticked page itself (`kinds` below).
            ...(!dryRun && publishPage ? { donatePage: "1" } : {}),
          },
        },
        { init: { credentials: "include", body, headers: { "Content-Type": TYPES[kind] } } },
      ),
    );
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError("");
    try {
      await action();
    } catch (err) {
      setError(
        err instanceof FileRefused
          ? err.message
          : errorText(err, t`The file could not be read. Check your connection and try again.`),
      );
    } finally {
      setBusy(false);
    }
  }

  function previewOf(chosen: File, kind: Format, groups: Record<string, number>) {
    setPreview(null);
    setDone(null);
    if (chosen.size > IMPORT_BYTES_MAX) {
      setError(t`A file to import is at most ${IMPORT_MB_MAX} MB`);
      return;
    }
    void run(async () => setPreview(await send(chosen, true, kind, groups)));
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setMoods({});
    setPublishPage(false);
    if (chosen) previewOf(chosen, format, {});
  }

  function onFormat(kind: Format) {
    setFormat(kind);
    if (file) previewOf(file, kind, moods);
  }

  function onMood(word: string, group: number) {
    const next = { ...moods, [word.toLowerCase()]: group };
    setMoods(next);
    if (file) previewOf(file, format, next);
  }

  const unplaced = preview?.unknownMoods.filter((m) => !moods[m.mood.toLowerCase()]) ?? [];
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
        <section className="stack" aria-labelledby="import-preview-title" data-testid="import-preview">
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
          {preview.unknownMoods.length > 0 && (
            <div className="stack">
              <p>
                <Trans>
                  Daylio names these moods without their group. Say which group each belongs to (mood 5 is rad, 1 is
                  awful):
                </Trans>
              </p>
              {preview.unknownMoods.map((m) => (
                <label className="field" key={m.mood}>
                  <span className="field-label">
                    <span className="user-text">{m.mood}</span>{" "}
                    <span className="muted">
                      (<Plural value={m.count} one="# entry" other="# entries" />)
                    </span>
                  </span>
                  <select
                    className="input"
                    value={moods[m.mood.toLowerCase()] ?? ""}
                    onChange={(e) => onMood(m.mood, Number(e.target.value))}
                    disabled={busy}
                  >
                    <option value="" disabled>
                      {t`Choose a group`}
                    </option>
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
          <div className="row">
            <button
              type="button"
              className="button"
              disabled={busy || unplaced.length > 0 || added === 0 || !file}
              onClick={() =>
                file &&
                void run(async () => {
                  setDone(await send(file, false, format, moods));
                })
              }
            >
              {added === 0 ? (
                <Trans>Nothing new to import</Trans>
              ) : preview.format === "nook" ? (
                <Trans>Import what is new</Trans>
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
