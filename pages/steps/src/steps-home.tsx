import { Trans, useLingui } from "@lingui/react/macro";
import { errorText } from "@nook/ui/api";
import { useData } from "@nook/ui/use-data";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { NameField, useNameForm } from "./name-field.tsx";
import { DeadlineDate, ProgressLine, TimeLeft } from "./progress.tsx";
import { STEPS_KEY, type Steps, stepsApi } from "./steps-api.ts";

/** The steps home (spec 2 §2): the cards of the lists, newest changed first, and 'New Steps'. */
export function StepsHome() {
  const { t } = useLingui();
  // Spec 2 §8: a failed fetch is logged (useData logs) and no cards are shown; the page says so in words.
  const { data: list, error, mutate } = useData(STEPS_KEY, stepsApi.list);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  const formId = useId();

  return (
    <div className="stack steps-page">
      <div className="row steps-home-head">
        <h1>
          <Trans>Steps</Trans>
        </h1>
        <button
          type="button"
          className="button"
          aria-expanded={creating}
          aria-controls={formId}
          onClick={() => setCreating((open) => !open)}
        >
          <Trans>New Steps</Trans>
        </button>
      </div>
      {creating && (
        <CreateForm
          id={formId}
          onCreated={(steps) => {
            mutate((l) => [steps, ...(l ?? [])]);
            setCreated(steps.id);
            setCreating(false);
          }}
        />
      )}
      {list === undefined && error === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading checklists...</Trans>
        </p>
      ) : list === undefined ? (
        <p className="error-line" role="alert">
          {errorText(error, t`The checklists could not be loaded.`)}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">
          <Trans>No checklists yet. Make one with New Steps.</Trans>
        </p>
      ) : (
        <ul className="steps-cards" aria-label={t`Your checklists`}>
          {list.map((s) => (
            <StepsCard key={s.id} steps={s} focus={s.id === created} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StepsCard({ steps, focus }: { steps: Steps; focus: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  // A checklist just made: the keyboard is on its card, one Enter away from it.
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);
  const done = steps.totalItems > 0 && steps.completedItems === steps.totalItems;
  return (
    <li>
      <Link ref={link} href={`/${steps.id}`} className="steps-card" data-testid="steps-card">
        <span className="steps-card-name user-text" dir="auto">
          {steps.name}
        </span>
        <ProgressLine completed={steps.completedItems} total={steps.totalItems} />
        {steps.deadline && (
          <span className="steps-deadline muted">
            <Trans>
              Due <DeadlineDate deadline={steps.deadline} />
            </Trans>
            {!done && (
              <>
                {" · "}
                <TimeLeft deadline={steps.deadline} />
              </>
            )}
          </span>
        )}
      </Link>
    </li>
  );
}

/** The create form: a name, required (spec 2 §5); the error shows in the form. */
function CreateForm({ id, onCreated }: { id: string; onCreated(steps: Steps): void }) {
  const { t } = useLingui();
  const { busy, error, errorId, field, onSubmit } = useNameForm(
    "",
    async (name) => onCreated(await stepsApi.create(name)),
    t`The checklist could not be created.`,
  );

  return (
    <form id={id} className="card stack steps-create" onSubmit={onSubmit} noValidate aria-label={t`New checklist`}>
      <NameField {...field} />
      <p className="error-line" id={errorId} role="alert">
        {error}
      </p>
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          <Trans>Create</Trans>
        </button>
      </div>
    </form>
  );
}
