import { Trans, useLingui } from "@lingui/react/macro";
import {
  type ChecklistLine,
  checklistProgress,
  normalizeChecklist,
  printChecklist,
} from "@nook/shared/steps/checklist";
import { editorLines } from "@nook/shared/steps/editor";
import { ApiError, errorText, withReason } from "@nook/ui/api";
import { useReaderTimeZone } from "@nook/ui/auth";
import { DeleteButton } from "@nook/ui/delete-button";
import { useToast } from "@nook/ui/toasts";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useAutosave } from "./autosave.ts";
import { ChecklistEditor, EditorKeys } from "./checklist-editor.tsx";
import { dateOfDeadline, deadlineOfDate } from "./deadline.ts";
import { readDraft, writeDraft } from "./draft.ts";
import { ImportDialog } from "./import-dialog.tsx";
import { NameField, useNameForm } from "./name-field.tsx";
import { DeadlineDate, ProgressLine, TimeLeft } from "./progress.tsx";
import { STEPS_ALL, STEPS_KEY, type Steps, stepsApi, stepsKey } from "./steps-api.ts";

/** Ids as the API takes them (IdParam): digits only. */
const ID = /^\d{1,15}$/;

/** /{id} (spec 2 §2 "Steps checklist detail"): the header in view or edit mode, and the content editor. */
export function ChecklistPage({ id }: { id: string }) {
  const { t } = useLingui();
  const stepsId = ID.test(id) ? Number(id) : null;
  const key = stepsId === null ? null : stepsKey(stepsId);
  // null: no such checklist among the reader's (the API's 404).
  const { data, error, mutate } = useData(key, async () => {
    try {
      return await stepsApi.get(stepsId as number);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  });

  if (data === undefined && error === undefined && key !== null)
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading checklist {id}...</Trans>
      </p>
    );
  if (data === null || key === null)
    return (
      <section className="stack steps-page" data-testid="steps-missing">
        <BackLink />
        <h1>
          <Trans>Checklist not found</Trans>
        </h1>
        <p className="muted">
          <Trans>There is no checklist at this address among yours. It may have been deleted.</Trans>
        </p>
      </section>
    );
  if (data === undefined)
    return (
      <section className="stack steps-page">
        <BackLink />
        <p className="error-line" role="alert">
          {errorText(error, t`The checklist could not be loaded.`)}
        </p>
      </section>
    );
  return <Checklist steps={data} mutate={mutate} />;
}

/** The lines' content as the API stores it (what is compared, saved and kept as a draft). */
const canonical = (lines: readonly ChecklistLine[]) => normalizeChecklist(printChecklist(lines));

/** A loaded checklist: its header, and its lines, which save themselves. */
function Checklist({ steps, mutate }: { steps: Steps; mutate(steps: Steps): void }) {
  const { t } = useLingui();
  const toast = useToast();
  /** The lines as edited; null: the checklist's own (so a fresh answer shows at once). */
  // A draft this browser kept (a reload before it was saved, a save that failed, an edit made offline) comes
  // back, and saves itself, merged with what changed elsewhere since it was begun.
  const [draft] = useState(() => {
    const kept = readDraft(steps.id);
    return kept !== null && kept.content !== steps.content ? kept : null;
  });
  const [edited, setEdited] = useState<ChecklistLine[] | null>(() => (draft ? editorLines(draft.content) : null));
  const loadedLines = useMemo(() => editorLines(steps.content), [steps.content]);
  const lines = edited ?? loadedLines;
  const content = useMemo(() => canonical(lines), [lines]);
  const [importBusy, setImportBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  /** The content this page last saved, to tell its own answers from another tab's changes. */
  const ownSaved = useRef<string | null>(null);

  const autosave = useAutosave({
    id: steps.id,
    content,
    stored: steps.content,
    storedVersion: steps.modifiedAt,
    base: draft?.base,
    onSaved: (saved, { explicit }) => {
      ownSaved.current = saved.content;
      mutate(saved);
      // The home's cards; Save (and Import) read this checklist again too (spec 2 §4).
      void invalidate(explicit ? STEPS_ALL : STEPS_KEY);
    },
    // Changed elsewhere since these edits began: merged line by line, and said as it went. "Both changes kept"
    // only when they were: a line both changed keeps one change, and the toast names it and which one.
    onMerged: (merged) => {
      setEdited(editorLines(merged.content));
      const replaced = merged.overlapped.join(", ");
      const stayed = merged.notRemoved.join(", ");
      toast(
        replaced && stayed
          ? t`Changed elsewhere meanwhile: merged, but where a line changed in both places yours replaced the other change (${replaced}), and lines you removed were changed elsewhere, so they stay (${stayed})`
          : replaced
            ? t`Changed elsewhere meanwhile: merged, but where a line changed in both places yours replaced the other change (${replaced})`
            : stayed
              ? t`Changed elsewhere meanwhile: merged, but lines you removed were changed elsewhere, so they stay (${stayed})`
              : t`Changed elsewhere meanwhile: both changes kept`,
      );
    },
  });

  // Unsaved lines are kept in this browser until the server has them, with what they were edited from.
  useEffect(() => {
    writeDraft(steps.id, content === steps.content ? null : { content, base: autosave.base() });
  }, [steps.id, content, steps.content, autosave.base]);

  // Changed elsewhere (another tab, another device) while nothing here waited to be saved: shown as it is now.
  const shown = useRef(steps.content);
  useEffect(() => {
    const before = shown.current;
    shown.current = steps.content;
    if (edited && steps.content !== before && steps.content !== ownSaved.current && canonical(edited) === before)
      setEdited(null);
  }, [steps.content, edited]);

  // Back from edit mode, the keyboard is where it was: on the edit button.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const progress = checklistProgress(lines);

  async function save() {
    try {
      await autosave.save({ force: true });
      toast(t`Checklist saved`);
    } catch (err) {
      toast(withReason(t`Failed to save the checklist`, err), { kind: "error" });
    }
  }

  /** Lines from Import Data: shown and saved at once; throws what the API refused. */
  async function importLines(next: ChecklistLine[]) {
    setImportBusy(true);
    try {
      await autosave.save({ force: true, content: canonical(next) });
      setEdited(next);
    } finally {
      setImportBusy(false);
    }
  }
  /** What the pasted lines make of the checklist: one empty line gives way to them, one with text stays above them. */
  const withPasted = (pasted: ChecklistLine[]) => {
    const only = lines[0];
    return lines.length === 1 && only && !(only.text.trim() || only.completed) ? pasted : [...lines, ...pasted];
  };

  const state = autosave.state;
  return (
    <section className="stack steps-page steps-detail">
      {editing ? (
        <MetaForm
          steps={steps}
          onSaved={(saved) => {
            // The name and deadline only: lines being edited stay as they are.
            mutate(saved);
            void invalidate(STEPS_KEY);
            returnFocus.current = true;
            setEditing(false);
          }}
          onCancel={() => {
            returnFocus.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <header className="stack steps-view">
          <BackLink />
          <div className="row steps-title-row">
            <h1 className="user-text" dir="auto">
              {steps.name}
            </h1>
            <button
              ref={editButton}
              type="button"
              className="icon-button steps-edit"
              aria-label={t`Edit name and deadline`}
              title={t`Edit name and deadline`}
              onClick={() => setEditing(true)}
            >
              <PencilIcon />
            </button>
          </div>
        </header>
      )}
      <div className="stack steps-status">
        {/* Ticks are read out as they change the counts; the minute-by-minute time left is not. */}
        <div aria-live="polite">
          <ProgressLine completed={progress.completedItems} total={progress.totalItems} />
        </div>
        {steps.deadline && (
          <p className="steps-deadline">
            <span className="muted">
              <Trans>
                Due <DeadlineDate deadline={steps.deadline} />
              </Trans>
            </span>
            {progress.percent < 100 && (
              <>
                {" · "}
                <TimeLeft deadline={steps.deadline} />
              </>
            )}
          </p>
        )}
      </div>
      <div className="card stack steps-content" aria-busy={importBusy || undefined}>
        <ChecklistEditor lines={lines} onChange={setEdited} readOnly={importBusy} />
        <div className="row steps-content-actions">
          {/* A list with an item (one is a list) can be saved now; an empty one offers Import (spec 2 §2). */}
          {(progress.totalItems > 0 || lines.length > 1 || state.kind !== "saved") && (
            <button type="button" className="button" disabled={importBusy} onClick={save}>
              <Trans>Save</Trans>
            </button>
          )}
          {lines.length === 1 && (
            <button
              type="button"
              className="button button-quiet"
              disabled={importBusy}
              onClick={() => setImporting(true)}
            >
              <Trans>Import Data</Trans>
            </button>
          )}
          <span
            className={`steps-save-state${state.kind === "failed" ? " is-failed" : " muted"}`}
            data-testid="steps-dirty"
            data-state={state.kind}
            role="status"
          >
            {state.kind === "saving" ? (
              <Trans>Saving...</Trans>
            ) : state.kind === "pending" ? (
              <Trans>Unsaved changes</Trans>
            ) : state.kind === "failed" ? (
              withReason(t`Not saved`, state.error)
            ) : (
              <Trans>All changes saved</Trans>
            )}
          </span>
        </div>
        <EditorKeys />
      </div>
      {importing && (
        <ImportDialog
          measure={(pasted) => canonical(withPasted(pasted))}
          onClose={() => setImporting(false)}
          onImport={async (pasted) => {
            await importLines(withPasted(pasted));
            setImporting(false);
            toast(t`Lines imported`);
          }}
        />
      )}
    </section>
  );
}

function BackLink() {
  return (
    <Link href="/" className="steps-back">
      <Trans>← steps</Trans>
    </Link>
  );
}

function PencilIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M14 6l4 4" />
    </svg>
  );
}

/** Edit mode (spec 2 §2): the name and a date-only deadline; Save, Delete (two clicks, then '/'), Cancel. */
function MetaForm({ steps, onSaved, onCancel }: { steps: Steps; onSaved(steps: Steps): void; onCancel(): void }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const timeZone = useReaderTimeZone();
  const [date, setDate] = useState(() => dateOfDeadline(steps.deadline, timeZone));
  const form = useNameForm(
    steps.name,
    async (name) => onSaved(await stepsApi.rename(steps.id, name, deadlineOfDate(date, timeZone))),
    t`The checklist could not be saved.`,
  );
  const removal = useSubmit(
    async () => {
      await stepsApi.remove(steps.id);
      writeDraft(steps.id, null);
      void invalidate(STEPS_KEY);
      toast(t`Checklist deleted`);
      navigate("/");
    },
    {
      // A failed delete says so in a toast (its reason too); the form stays as it was.
      failed: (err) => {
        toast(withReason(t`Failed to delete the checklist`, err), { kind: "error" });
        return "";
      },
    },
  );
  const busy = form.busy || removal.busy;
  const { error, errorId, field } = form;

  return (
    <form className="card stack steps-meta" onSubmit={form.onSubmit} noValidate aria-label={t`Edit name and deadline`}>
      <NameField {...field} />
      <label className="field steps-date-field">
        <span className="field-label">
          <Trans>Deadline</Trans>
        </span>
        <input
          className="input"
          type="date"
          min="1900-01-01"
          max="2199-12-31"
          value={date}
          disabled={busy}
          onChange={(e) => setDate(e.target.value)}
        />
      </label>
      <p className="error-line" id={errorId} role="alert">
        {error}
      </p>
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          <Trans>Save</Trans>
        </button>
        <DeleteButton onConfirm={removal.run} disabled={busy} />
        <button type="button" className="button button-quiet" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
