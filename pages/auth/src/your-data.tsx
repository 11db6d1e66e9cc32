import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MAX } from "@nook/shared/auth/limits";
import { ApiError, api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";
import { useLocation } from "wouter";

/** What a download has received so far: bytes, and entries counted as they pass. */
interface Progress {
  bytes: number;
  entries: number;
}

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

/** Reads the export's stream to its end, telling the progress as it goes, and saves it as a file. */
async function download(kind: "json" | "csv", progress: (p: Progress) => void) {
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
  const blob = new Blob(parts as BlobPart[], { type: kind === "json" ? "application/json" : "text/csv" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(res.headers.get("Content-Disposition"), kind);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { bytes, entries };
}

function Downloads() {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<"json" | "csv" | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState<Progress | null>(null);
  const { busy, error, run } = useSubmit(
    async (which: "json" | "csv") => {
      setKind(which);
      setDone(null);
      setProgress({ bytes: 0, entries: 0 });
      setDone(await download(which, setProgress));
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
          people, checklists and your donation page. The entries also as a spreadsheet (CSV).
        </Trans>
      </p>
      <div className="row">
        <button className="button" type="button" disabled={busy} onClick={() => run("json")}>
          <Trans>Download my data</Trans>
        </button>
        <button className="button button-quiet" type="button" disabled={busy} onClick={() => run("csv")}>
          <Trans>Download entries (CSV)</Trans>
        </button>
      </div>
      <p className="muted" role="status" aria-live="polite" data-testid="download-progress">
        {shown && kind ? (
          busy ? (
            <Trans>
              Downloading: {size(shown.bytes)}, <Plural value={shown.entries} one="# entry" other="# entries" />
            </Trans>
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
      ended();
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
          tags and metrics, stacks, timers, people, checklists, your donation page and the donations it recorded. It
          cannot be undone. Download your data first if you may want it again.
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
          maxLength={PASSWORD_MAX}
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

/** The profile's "Your data": the downloads, and leaving. Loaded apart from the profile's first load. */
export function YourData() {
  return (
    <div className="card stack page-narrow">
      <Downloads />
      <DeleteAccount />
    </div>
  );
}
