import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_TYPED_MAX } from "@nook/shared/auth/limits";
import type { NookExport } from "@nook/shared/user/export";
import { ApiError, api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { retryableImport } from "@nook/ui/retryable-import";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { Invites } from "./invites.tsx";
import { Passkeys } from "./passkeys.tsx";
import { Sessions } from "./sessions.tsx";

/** What a download has received so far: bytes, and entries counted as they pass. */
interface Progress {
  bytes: number;
  entries: number;
}

/** The three downloads: the JSON export, the entries as CSV, and the journal as Markdown files in a ZIP. */
type Kind = "json" | "csv" | "markdown";

/**
 * The Markdown writer, fflate with it, loaded only when the Markdown download is asked for: neither is in
 * the auth site's first load, nor in this screen's.
 */
const loadJournalZip = retryableImport(
  () => import("./journal-markdown.ts"),
  (m) => m.journalZip,
);

/**
 * Counts entries in the stream as it comes, without parsing it. JSON: each entry is an object opening
 * with `{"date":"` (the format's order), which no string can hold (its quotes are escaped). CSV: records
 * end with a line break outside quotes (RFC 4180; a doubled quote inside flips twice), less the header.
 */
function entryCounter(kind: "json" | "csv") {
  if (kind === "json") {
    const mark = '{"date":"';
    let tail = "";
    let count = 0;
    return (text: string) => {
      const seen = tail + text;
      for (let at = seen.indexOf(mark); at >= 0; at = seen.indexOf(mark, at + mark.length)) count++;
      // A mark cut between two chunks is counted with the next; a whole one is not counted twice.
      tail = seen.slice(Math.max(0, seen.length - mark.length + 1));
      return count;
    };
  }
  let quoted = false;
  let records = 0;
  return (text: string) => {
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      else if (ch === "\n" && !quoted) records++;
    }
    return Math.max(0, records - 1);
  };
}

/** The file's name from `Content-Disposition`, or a plain one. */
function fileName(disposition: string | null, kind: "json" | "csv") {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? `nook-export.${kind}`;
}

/** Reads an export's stream to its end, telling the progress as it goes: its bytes, entries and file name. */
async function receive(kind: "json" | "csv", progress: (p: Progress) => void) {
  const res = kind === "json" ? await api.user.export.$get() : await api.user.export["entries.csv"].$get();
  // An error body (signed out, 401) becomes the ApiError every screen shows.
  if (!res.ok || !res.body) await ok(Promise.resolve(res));
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const count = entryCounter(kind);
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let entries = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    entries = count(decoder.decode(value, { stream: true }));
    progress({ bytes, entries });
  }
  return { parts, bytes, entries, name: fileName(res.headers.get("Content-Disposition"), kind) };
}

/** Saves bytes as a file of the given name, as a link with `download` does. */
function save(parts: BlobPart[], type: string, name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads one kind and saves it. The Markdown is made here, in the browser, from the JSON export: the
 * API streams that export a page of rows at a time and holds no more of it, where a ZIP made on the
 * Worker would need a route of its own and a ZIP written as a stream to stay within its memory. The ZIP
 * is named as the JSON is (`nook-<username>-<day>.zip`), and its size is what the progress then says.
 */
async function download(kind: Kind, progress: (p: Progress) => void, making: () => void): Promise<Progress> {
  if (kind !== "markdown") {
    const got = await receive(kind, progress);
    save(got.parts as BlobPart[], kind === "json" ? "application/json" : "text/csv", got.name);
    return { bytes: got.bytes, entries: got.entries };
  }
  // The writer loads while the export streams.
  const writer = loadJournalZip();
  writer.catch(() => {});
  const got = await receive("json", progress);
  const doc = JSON.parse(await new Blob(got.parts as BlobPart[]).text()) as NookExport;
  const journalZip = await writer;
  making();
  // A moment for the status line to say so (a frame and a little more): making the ZIP holds the page until
  // it is done. Not requestAnimationFrame, which never comes in a hidden tab.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const zip = journalZip(doc);
  save([zip as BlobPart], "application/zip", `${got.name.replace(/\.json$/, "")}.zip`);
  return { bytes: zip.byteLength, entries: doc.entries.length };
}

function Downloads() {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<Kind | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [zipping, setZipping] = useState(false);
  const [done, setDone] = useState<Progress | null>(null);
  const { busy, error, run } = useSubmit(
    async (which: Kind) => {
      setKind(which);
      setDone(null);
      setZipping(false);
      setProgress({ bytes: 0, entries: 0 });
      setDone(await download(which, setProgress, () => setZipping(true)));
    },
    { failed: (err) => errorText(err, t`The download failed. Try again.`) },
  );
  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? t`${i18n.number(Math.ceil(bytes / 1024))} KB`
      : t`${i18n.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
  const shown = busy ? progress : done;
  return (
    <section className="stack" aria-labelledby="your-data-download">
      <h2 id="your-data-download">
        <Trans>Your data</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Everything you keep in Nook, as one file: your profile, entries with their tags and metrics, stacks, timers,
          people, checklists, calendar events and your donation page. The entries also as a spreadsheet (CSV).
        </Trans>
      </p>
      <p className="muted">
        <Trans>
          The journal also as Markdown: a ZIP with one file a day, its mood and metrics at the top and its tags as
          #tags, which opens as an Obsidian vault and reads in any editor.
        </Trans>
      </p>
      <div className="row">
        <button className="button" type="button" disabled={busy} onClick={() => run("json")}>
          <Trans>Download my data</Trans>
        </button>
        <button className="button button-quiet" type="button" disabled={busy} onClick={() => run("csv")}>
          <Trans>Download entries (CSV)</Trans>
        </button>
        <button className="button button-quiet" type="button" disabled={busy} onClick={() => run("markdown")}>
          <Trans>Download the journal (Markdown)</Trans>
        </button>
      </div>
      <p className="muted" role="status" aria-live="polite" data-testid="download-progress">
        {shown && kind ? (
          busy ? (
            zipping ? (
              <Trans>
                Writing the Markdown: <Plural value={shown.entries} one="# entry" other="# entries" />
              </Trans>
            ) : (
              <Trans>
                Downloading: {size(shown.bytes)}, <Plural value={shown.entries} one="# entry" other="# entries" />
              </Trans>
            )
          ) : (
            <Trans>
              Saved: {size(shown.bytes)}, <Plural value={shown.entries} one="# entry" other="# entries" />
            </Trans>
          )
        ) : null}
      </p>
      <p className="error-line" role="alert">
        {error}
      </p>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useLingui();
  const { ended } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const warningId = useId();
  const { busy, error, onSubmit, clearError } = useSubmit(
    async () => {
      await ok(api.user.account.$delete({ json: { password } }));
      // Signed out as by Logout: the profile's guard then sends to the same plain /login, never back here.
      await ended();
      navigate("/login", { replace: true });
    },
    {
      failed: (err) =>
        err instanceof ApiError && err.status === 401
          ? t`The password is incorrect`
          : errorText(err, t`Failed to delete the account`),
    },
  );
  if (!open)
    return (
      <section className="stack" aria-labelledby="your-data-delete">
        <h2 id="your-data-delete">
          <Trans>Delete account</Trans>
        </h2>
        <div className="row">
          <button className="button button-quiet" type="button" onClick={() => setOpen(true)}>
            <Trans>Delete account…</Trans>
          </button>
        </div>
      </section>
    );
  return (
    <form className="stack" aria-labelledby="your-data-delete" onSubmit={onSubmit}>
      <h2 id="your-data-delete">
        <Trans>Delete account</Trans>
      </h2>
      <p id={warningId}>
        <Trans>
          This deletes your account and everything in it, on every Nook site: your profile, all your entries with their
          tags and metrics, stacks, timers, people, checklists, calendar events and the calendar feed, your donation
          page and the donations it recorded. It cannot be undone. Download your data first if you may want it again.
        </Trans>
      </p>
      <label className="field">
        <span className="field-label">
          <Trans>PASSWORD</Trans>
        </span>
        <input
          className="input"
          type="password"
          required
          maxLength={PASSWORD_TYPED_MAX}
          autoComplete="current-password"
          aria-describedby={warningId}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError();
          }}
        />
      </label>
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        <button className="button button-danger" type="submit" disabled={busy}>
          {busy ? <Trans>Deleting...</Trans> : <Trans>Delete my account and all its data</Trans>}
        </button>
        <button
          className="button button-quiet"
          type="button"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            setPassword("");
            clearError();
          }}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/**
 * Every way into the account, in one place: the browsers signed in now and the passkeys that can sign in
 * without the password, so a way in that the person does not recognise is seen beside the others.
 */
function WaysIn() {
  return (
    <section className="stack" aria-labelledby="ways-in-title" data-testid="ways-in">
      <h2 id="ways-in-title">
        <Trans>Where you can sign in</Trans>
      </h2>
      <p className="muted">
        <Trans>
          The browsers signed in to your account, and the passkeys that sign in without your password. End or remove any
          you do not recognise, then change your password.
        </Trans>
      </p>
      <Sessions />
      <Passkeys />
    </section>
  );
}

/** The profile's "Your data": the ways in, the downloads, and leaving. Loaded apart from the profile's first load. */
export function YourData() {
  return (
    <div className="card stack page-narrow">
      <WaysIn />
      <Invites />
      <Downloads />
      <DeleteAccount />
    </div>
  );
}
