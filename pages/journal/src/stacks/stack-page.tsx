import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { useToast } from "@nook/ui/toasts";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { type Stack, stacksApi } from "./stacks-api.ts";

type Load = { state: "loading" } | { state: "ready"; stack: Stack } | { state: "failed"; message: string };

/**
 * /stacks/{id} (spec 1 §2 "Stack page"): the header with icon and name, edit
 * mode (icon and name, Save, two-click Delete, Cancel), and the items.
 */
export function StackPage({ id }: { id: number }) {
  const { t } = useLingui();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setLoad({ state: "loading" });
    stacksApi.get(id).then(
      (stack) => !cancelled && setLoad({ state: "ready", stack }),
      (err) => {
        // Spec 1 §8: stack errors on the stack page are logged; the page says what it can.
        console.error(err);
        if (!cancelled) setLoad({ state: "failed", message: errorText(err, t`Something went wrong :C`) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, t]);

  if (load.state === "loading")
    return (
      <p className="muted" aria-busy="true">
        <Trans>...loading stack #{id}</Trans>
      </p>
    );
  if (load.state === "failed")
    return (
      <section className="stack">
        <p className="error-line" role="alert">
          {load.message}
        </p>
        <Link href="/">
          <Trans>Back to the journal</Trans>
        </Link>
      </section>
    );

  const { stack } = load;
  return (
    <section className="stack stack-page">
      {editing ? (
        <StackEditor
          stack={stack}
          onSaved={(saved) => {
            setLoad({ state: "ready", stack: saved });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <header className="row stack-header">
          {stack.icon && (
            <span className="stack-icon" aria-hidden="true">
              {stack.icon}
            </span>
          )}
          <h1 className="user-text" dir="auto">
            {stack.name}
          </h1>
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() => setEditing(true)}
            aria-label={t`Edit stack`}
          >
            ✎
          </button>
        </header>
      )}
      {stack.items.length === 0 ? (
        <p className="muted">
          <Trans>No items yet</Trans>
        </p>
      ) : (
        <ul className="stack-items">
          {stack.items.map((item) => (
            <li key={item.id} className="card user-text" dir="auto">
              {item.title}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Edit mode: icon and name; Save, Delete (two clicks, back to the journal), Cancel. */
function StackEditor({ stack, onSaved, onCancel }: { stack: Stack; onSaved(stack: Stack): void; onCancel(): void }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [name, setName] = useState(stack.name);
  const [icon, setIcon] = useState(stack.icon);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      onSaved(await stacksApi.update(stack.id, { name, icon }));
    } catch (err) {
      setError(errorText(err, t`Something went wrong :C`));
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    try {
      await stacksApi.remove(stack.id);
      navigate("/", { replace: true });
    } catch (err) {
      // Spec 1 §8: deletes that fail say 'failed to delete'.
      toast(err instanceof ApiError && err.text ? err.text : t`failed to delete`, { kind: "error" });
    }
  }

  return (
    <form className="stack stack-editor" onSubmit={save}>
      <div className="row">
        <label className="field stack-icon-field">
          <span className="field-label">
            <Trans>Icon</Trans>
          </span>
          <input className="input" value={icon} maxLength={16} onChange={(e) => setIcon(e.target.value)} />
        </label>
        <label className="field stack-name-field">
          <span className="field-label">
            <Trans>Stack name</Trans>
          </span>
          <input className="input" dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy}>
          <Trans>Save</Trans>
        </button>
        <DeleteButton onConfirm={remove} disabled={busy} />
        <button className="button button-quiet" type="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
