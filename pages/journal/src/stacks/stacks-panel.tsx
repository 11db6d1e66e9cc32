import { Trans, useLingui } from "@lingui/react/macro";
import { errorText } from "@nook/ui/api";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";
import { Link } from "wouter";
import { STACKS_KEY, stacksApi } from "./stacks-api.ts";

/** The journal's Stacks panel (spec 1 §2): the stacks as buttons to their pages, 'New stack', and the tools. */
export function StacksPanel() {
  // Spec 1 §8: a failed list fetch shows an empty list, and is logged (useData logs).
  const { data, error } = useData(STACKS_KEY, stacksApi.list);
  const stacks = data ?? (error === undefined ? null : []);
  const [creating, setCreating] = useState(false);

  return (
    <div className="stack">
      <h2>
        <Trans>Stacks</Trans>
      </h2>
      {stacks === null ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading stacks...</Trans>
        </p>
      ) : stacks.length === 0 ? (
        <p className="muted">
          <Trans>No stacks yet.</Trans>
        </p>
      ) : (
        <ul className="stack-list">
          {stacks.map((s) => (
            <li key={s.id}>
              <Link href={`/stacks/${s.id}`} className="button button-quiet stack-button" data-testid="stack-link">
                {s.icon && <span aria-hidden="true">{s.icon}</span>}
                <span className="user-text" dir="auto">
                  {s.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <NewStackForm
          onCreated={() => {
            setCreating(false);
            void invalidate(STACKS_KEY);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <button type="button" className="button button-quiet" onClick={() => setCreating(true)}>
          <Trans>New stack</Trans>
        </button>
      )}
      <h2>
        <Trans>Tools</Trans>
      </h2>
      <ul className="tool-list">
        <li>
          <Link href="/tools/timer">
            <Trans>timer</Trans>
          </Link>
        </li>
        <li>
          <Link href="/tools/runner">
            <Trans>runner</Trans>
          </Link>
        </li>
        <li>
          <Link href="/pixels">
            <Trans>year in pixels</Trans>
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** Spec 1 §4: opens with 'New stack', closes on success; an error shows under the form. */
function NewStackForm({ onCreated, onCancel }: { onCreated(): void; onCancel(): void }) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [icon, setIcon] = useState("");
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      await stacksApi.create(name, icon);
      onCreated();
    },
    {
      failed: (err) => errorText(err, t`Something went wrong :C`),
    },
  );

  return (
    <form className="stack new-stack-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Trans>New stack</Trans>
      </h3>
      <label className="field">
        <span className="field-label">
          <Trans>Stack name</Trans>
        </span>
        {/* biome-ignore lint/a11y/noAutofocus: the form opens on the user's click, to type its name at once */}
        <input className="input" dir="auto" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">
          <Trans>Icon</Trans>
        </span>
        <input
          className="input"
          value={icon}
          placeholder="☕"
          maxLength={16}
          onChange={(e) => setIcon(e.target.value)}
        />
      </label>
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy}>
          <Trans>Create</Trans>
        </button>
        <button className="button button-quiet" type="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
