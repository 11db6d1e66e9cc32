import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { Modal } from "@nook/ui/modal";
import { useToast } from "@nook/ui/toasts";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ItemForm, TYPE_NAMES } from "./item-form.tsx";
import { STACKS_KEY, type Stack, type StackItem, stackKey, stacksApi } from "./stacks-api.ts";
import { ItemWidget } from "./widgets/item-widget.tsx";

export { NamesPage } from "../names/names-page.tsx";
export { PixelsPage } from "../pixels/pixels-page.tsx";

/**
 * /stacks/{id} (spec 1 §2 "Stack page"): the header with icon and name, edit
 * mode (icon and name, Save, two-click Delete, Cancel), and the items.
 */
export function StackPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const { data: stack, error, mutate } = useData(stackKey(id), () => stacksApi.get(id));
  const [editing, setEditing] = useState(false);
  /** The item modal: a new item, or the item being edited. */
  const [modal, setModal] = useState<{ item: StackItem | null } | null>(null);

  if (stack === undefined && error === undefined)
    return (
      <p className="muted" aria-busy="true">
        <Trans>...loading stack #{id}</Trans>
      </p>
    );
  if (stack === undefined)
    return (
      // Spec 1 §8: stack errors on the stack page are logged (useData does); the page says what it can.
      <section className="stack">
        <p className="error-line" role="alert">
          {errorText(error, t`Something went wrong :C`)}
        </p>
        <Link href="/">
          <Trans>Back to the journal</Trans>
        </Link>
      </section>
    );

  return (
    <section className="stack stack-page">
      {editing ? (
        <StackEditor
          stack={stack}
          onSaved={(saved) => {
            mutate(saved);
            void invalidate(STACKS_KEY);
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
              if (changed) void invalidate(stackKey(stack.id));
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
              {items.map((item) => (
                <ItemWidget
                  key={item.id}
                  item={item}
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
              ))}
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
  const { busy, error, onSubmit } = useSubmit(async () => onSaved(await stacksApi.update(stack.id, { name, icon })), {
    failed: (err) => errorText(err, t`Something went wrong :C`),
  });
  async function remove() {
    try {
      await stacksApi.remove(stack.id);
      void invalidate(STACKS_KEY);
      navigate("/", { replace: true });
    } catch (err) {
      // Spec 1 §8: deletes that fail say 'failed to delete'.
      toast(err instanceof ApiError && err.text ? err.text : t`failed to delete`, { kind: "error" });
    }
  }

  return (
    <form className="stack stack-editor" onSubmit={onSubmit}>
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
