import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { Modal } from "@nook/ui/modal";
import { useToast } from "@nook/ui/toasts";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { ItemForm, isStackItemType, TYPE_NAMES } from "./item-form.tsx";
import { type Stack, type StackItem, stacksApi } from "./stacks-api.ts";
import { ItemWidget } from "./widgets/item-widget.tsx";

type Load = { state: "loading" } | { state: "ready"; stack: Stack } | { state: "failed"; message: string };

/**
 * /stacks/{id} (spec 1 §2 "Stack page"): the header with icon and name, edit
 * mode (icon and name, Save, two-click Delete, Cancel), and the items.
 */
export function StackPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [editing, setEditing] = useState(false);
  /** The item modal: a new item, or the item being edited. */
  const [modal, setModal] = useState<{ item: StackItem | null } | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger: a saved item reloads the stack
  useEffect(() => {
    let cancelled = false;
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
  }, [id, t, version]);

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
          <span className="header-gap" />
          <button type="button" className="button" onClick={() => setModal({ item: null })}>
            <Trans>+ Add Item</Trans>
          </button>
        </header>
      )}
      {modal && (
        <Modal
          title={modal.item ? <Trans>Edit Stack Item</Trans> : <Trans>Add New Item</Trans>}
          onClose={() => setModal(null)}
        >
          <ItemForm
            stackId={stack.id}
            item={modal.item}
            onDone={(changed) => {
              setModal(null);
              if (changed) setVersion((v) => v + 1);
            }}
          />
        </Modal>
      )}
      {stack.items.length === 0 ? (
        <p className="muted">
          <Trans>No items yet</Trans>
        </p>
      ) : (
        (["list", "stats"] as const).map((part) => {
          // Spec 1 §2: list-type items first, then the statistics area.
          const items = stack.items.filter((item) => (item.type === "list") === (part === "list"));
          if (!items.length) return null;
          return (
            <div key={part} className={part === "list" ? "stack-lists" : "stack-stats"}>
              {items.map((item) =>
                isStackItemType(item.type) ? (
                  <ItemWidget
                    key={item.id}
                    item={item}
                    type={item.type}
                    actions={
                      <>
                        <span className="muted widget-type">{i18n._(TYPE_NAMES[item.type])}</span>
                        {editing && (
                          <button
                            type="button"
                            className="button button-quiet button-small"
                            onClick={() => setModal({ item })}
                          >
                            <Trans>Edit</Trans>
                          </button>
                        )}
                      </>
                    }
                  />
                ) : null,
              )}
            </div>
          );
        })
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
