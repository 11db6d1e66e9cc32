import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { NAME_MAX, TAG_TEXT_MAX } from "@nook/shared/journal/limits";
import { ApiError, api, errorText, ok } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { useToast } from "@nook/ui/toasts";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import "./names.css";

/** The lists, under the journal's keys: a write anywhere in the journal asks them again. */
const TAGS_KEY = "journal/tags-in-use";
const METRICS_KEY = "journal/metrics-in-use";

type Kind = "tag" | "metric";
interface Named {
  id: number;
  name: string;
  entries: number;
  people?: number;
  /** The running timer that has the tag (0 or 1): a tag only it uses is in use, not one to tidy away. */
  timers?: number;
}

/** A name's change answers whether it goes on (`more`) and, for a rename, from which entry (`after`). */
type InParts = Record<string, unknown>;

const calls = {
  tags: () => ok(api.journal["tags-in-use"].$get()),
  metrics: () => ok(api.journal["metrics-in-use"].$get()),
  // A name on many entries changes in parts (the API answers `more`, and a rename the last entry it wrote,
  // `after`): asked again until it is done.
  rename: async (kind: Kind, id: number, name: string, merge: boolean) => {
    const param = { id: String(id) };
    let after: number | undefined;
    for (;;) {
      const json = { name, merge, ...(after === undefined ? {} : { after }) };
      const answer: InParts =
        kind === "tag"
          ? await ok(api.journal.tags[":id"].$put({ param, json }))
          : await ok(api.journal.metrics[":id"].$put({ param, json }));
      if (answer.more !== true) return;
      after = typeof answer.after === "number" ? answer.after : undefined;
    }
  },
  remove: async (kind: Kind, id: number) => {
    const param = { id: String(id) };
    for (;;) {
      const answer: InParts =
        kind === "tag"
          ? await ok(api.journal.tags[":id"].$delete({ param }))
          : await ok(api.journal.metrics[":id"].$delete({ param }));
      if (answer.more !== true) return;
    }
  },
};

/**
 * /tags: the user's tags and metrics with the entries that use
 * each (a tag's people and running timer too); rename, merge (a rename onto a name that exists, after a
 * confirmation that says how many entries move) and delete (two clicks; the
 * entries stay).
 */
export function NamesPage() {
  const tags = useData(TAGS_KEY, calls.tags);
  const metrics = useData(METRICS_KEY, calls.metrics);
  return (
    <section className="stack names-page">
      <header className="row names-header">
        <h1>
          <Trans>Tags and metrics</Trans>
        </h1>
        <span className="header-gap" />
        <Link href="/">
          <Trans>Back to the journal</Trans>
        </Link>
      </header>
      <p className="muted">
        <Trans>
          Renaming onto a name that exists merges the two. Deleting takes the tag or metric off its entries; the entries
          stay.
        </Trans>
      </p>
      <div className="names-columns">
        <NameList kind="tag" data={tags} />
        <NameList kind="metric" data={metrics} />
      </div>
    </section>
  );
}

function NameList({
  kind,
  data,
}: {
  kind: Kind;
  data: { data: Named[] | undefined; error: unknown; loading: boolean; retry(): void };
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="names-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{kind === "tag" ? <Trans>Tags</Trans> : <Trans>Metrics</Trans>}</h2>
      {data.data === undefined ? (
        data.error ? (
          <div className="stack">
            <p className="error-line" role="alert">
              {errorText(data.error, t`Could not load the list`)}
            </p>
            <button type="button" className="button" onClick={data.retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : (
          <p className="muted" aria-busy="true">
            <Trans>...loading</Trans>
          </p>
        )
      ) : data.data.length === 0 ? (
        <p className="muted">
          {kind === "tag" ? (
            <Trans>No tags yet: they appear here once an entry has one.</Trans>
          ) : (
            <Trans>No metrics yet: they appear here once an entry has one.</Trans>
          )}
        </p>
      ) : (
        <ul className="names-list">
          {data.data.map((item) => (
            <NameRow key={item.id} kind={kind} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Mode = { kind: "view" } | { kind: "rename" } | { kind: "merge"; name: string; count: number };

function NameRow({ kind, item }: { kind: Kind; item: Named }) {
  const { t } = useLingui();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>({ kind: "view" });
  const [name, setName] = useState(item.name);
  const renameRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const inputId = useId();

  // Back to the row: the focus returns to its Rename button.
  useEffect(() => {
    if (mode.kind === "view" && wasOpen.current) renameRef.current?.focus();
    wasOpen.current = mode.kind !== "view";
  }, [mode.kind]);

  const done = async (words: string) => {
    toast(words);
    await invalidate("journal");
  };
  const rename = useSubmit(
    async (merge: boolean) => {
      try {
        await calls.rename(kind, item.id, name, merge);
      } catch (err) {
        const code = err instanceof ApiError ? err.code : null;
        if (!merge && (code === "journal.tagExists" || code === "journal.metricExists")) {
          const values = err instanceof ApiError ? err.said?.values : undefined;
          setMode({ kind: "merge", name: String(values?.name ?? name), count: Number(values?.count ?? 0) });
          return;
        }
        throw err;
      }
      setMode({ kind: "view" });
      await done(merge ? t`Merged` : t`Renamed`);
    },
    { failed: (err) => errorText(err, t`Could not rename it`) },
  );
  const remove = useSubmit(
    async () => {
      await calls.remove(kind, item.id);
      await done(kind === "tag" ? t`Tag deleted` : t`Metric deleted`);
    },
    { failed: (err) => errorText(err, t`Could not delete it`) },
  );
  const cancel = () => {
    setName(item.name);
    rename.setError("");
    setMode({ kind: "view" });
  };
  const error = rename.error || remove.error;
  const maxLength = kind === "tag" ? TAG_TEXT_MAX : NAME_MAX;

  return (
    <li className="names-row" data-testid={`${kind}-row`}>
      <div className="row names-line">
        <span className="user-text names-name" dir="auto">
          {item.name}
        </span>
        <span className="muted names-count">
          <Plural value={item.entries} one="# entry" other="# entries" />
          {item.people ? (
            <>
              {", "}
              <Plural value={item.people} one="# person" other="# people" />
            </>
          ) : null}
          {item.timers ? (
            <>
              {", "}
              <Plural value={item.timers} one="used by a timer" other="used by # timers" />
            </>
          ) : null}
        </span>
        {mode.kind === "view" && (
          <span className="row names-actions">
            <button
              ref={renameRef}
              type="button"
              className="button button-quiet button-small"
              aria-label={kind === "tag" ? t`Rename tag ${item.name}` : t`Rename metric ${item.name}`}
              onClick={() => {
                setName(item.name);
                setMode({ kind: "rename" });
              }}
            >
              <Trans>Rename</Trans>
            </button>
            <DeleteButton
              small
              disabled={remove.busy}
              onConfirm={() => void remove.run()}
              title={kind === "tag" ? t`Delete tag ${item.name}` : t`Delete metric ${item.name}`}
            />
          </span>
        )}
      </div>
      {mode.kind === "rename" && (
        <form
          className="row names-form"
          onSubmit={(e) => {
            e.preventDefault();
            void rename.run(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              cancel();
            }
          }}
        >
          <label className="visually-hidden" htmlFor={inputId}>
            {kind === "tag" ? t`New name of the tag ${item.name}` : t`New name of the metric ${item.name}`}
          </label>
          <input
            id={inputId}
            className="input user-text"
            dir="auto"
            // biome-ignore lint/a11y/noAutofocus: the person asked to rename this one, the field is what comes next
            autoFocus
            maxLength={maxLength}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              rename.setError("");
            }}
          />
          <button type="submit" className="button button-small" disabled={rename.busy}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className="button button-quiet button-small" onClick={cancel}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      )}
      {mode.kind === "merge" && (
        <div className="stack names-merge">
          <p role="status">
            {kind === "tag" ? (
              <Trans>
                The tag <span className="user-text">{mode.name}</span> exists. Merge{" "}
                <span className="user-text">{item.name}</span> into it?{" "}
                <Plural value={mode.count} one="# entry moves onto it." other="# entries move onto it." />
              </Trans>
            ) : (
              <Trans>
                The metric <span className="user-text">{mode.name}</span> exists. Merge{" "}
                <span className="user-text">{item.name}</span> into it?{" "}
                <Plural value={mode.count} one="# entry moves onto it." other="# entries move onto it." />
              </Trans>
            )}
          </p>
          <div className="row">
            <button
              type="button"
              className="button button-small"
              disabled={rename.busy}
              // biome-ignore lint/a11y/noAutofocus: the question just asked is answered here
              autoFocus
              onClick={() => void rename.run(true)}
            >
              <Trans>Merge</Trans>
            </button>
            <button type="button" className="button button-quiet button-small" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
