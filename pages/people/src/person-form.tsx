import { Trans, useLingui } from "@lingui/react/macro";
import type { ServerCode } from "@nook/shared/common/messages";
import { BIRTH_YEAR_MIN } from "@nook/shared/people/limits";
import { normalizePersonTag, normalizePersonTags } from "@nook/shared/people/person-tags";
import { accountKey } from "@nook/ui/account";
import { ApiError, errorText } from "@nook/ui/api";
import { Modal } from "@nook/ui/modal";
import { discard } from "@nook/ui/offline-queue";
import { loadedMessageText } from "@nook/ui/server-messages";
import { readStored, writeStored } from "@nook/ui/stored";
import { TagInput, type TagRule } from "@nook/ui/tag-input";
import { useToast } from "@nook/ui/toasts";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useToday } from "@nook/ui/use-today";
import { useEffect, useId, useRef, useState } from "react";
import { FORM_DRAFT_KEY, parseFormDraft } from "./form-draft.ts";
import { type Person, peopleApi, queuePerson, queuePersonEdit, TAG_NAMES_KEY } from "./people-api.ts";
import { tagDiff } from "./tag-diff.ts";

/** A person's tag (spec 2 §5): lower-case, a leading '@'. */
const personTag: TagRule = (raw) => ({ tag: normalizePersonTag(raw) });

/**
 * What the modal opens for: a new person, a copy of one (added as new, its name marked "(copy)" so the two
 * are told apart until it is changed), or one to edit.
 */
export type FormStart = { kind: "add" } | { kind: "duplicate"; person: Person } | { kind: "edit"; person: Person };

type Field = "name" | "email" | "birthDate" | "tags";
interface Draft {
  name: string;
  email: string;
  birthDate: string;
  tags: string[];
  /** Typed in the tag input and not yet added: saved too. */
  tagText: string;
}

function draftOf(start: FormStart, copyName: (name: string) => string): Draft {
  if (start.kind === "add") return { name: "", email: "", birthDate: "", tags: [], tagText: "" };
  const { name, email, birthDate, tags } = start.person;
  return {
    name: start.kind === "duplicate" ? copyName(name) : name,
    email,
    birthDate,
    tags: tags.map((t) => t.name),
    tagText: "",
  };
}

/** Which input a refusal is about (spec 2 §5), so that input is marked and focused. */
const FIELD_OF: Partial<Record<ServerCode, Field>> = {
  "auth.nameRequired": "name",
  "auth.nameTooLong": "name",
  "people.renamedElsewhere": "name",
  "auth.emailRequired": "email",
  "auth.emailTooLong": "email",
  "auth.emailInvalid": "email",
  "people.birthDateRequired": "birthDate",
  "people.birthDateInvalid": "birthDate",
  "people.birthDateFuture": "birthDate",
  "journal.tagNotText": "tags",
  "journal.tagTooLong": "tags",
  "journal.tooManyTags": "tags",
};
function fieldOf(error: unknown): Field | null {
  if (!(error instanceof ApiError) || !error.said) return null;
  // "<field> is required" / "is not valid" name the field by its key.
  const { code, values } = error.said;
  const named = ["name", "email", "birthDate", "tags"].find((f) => f === values.field);
  return FIELD_OF[code] ?? (named as Field | undefined) ?? null;
}

const NONE: string[] = [];

/**
 * The modal 'Add new person' / 'Edit {name}' (spec 2 §2). Name, e-mail and
 * birth date are marked required; the API checks them and its words are
 * shown here, translated. An edit sends the spec's diff: the name it was
 * opened with as oldName, and the tags removed (by id) and added (by name).
 */
export function PersonForm({
  start,
  onSaved,
  onClose,
}: {
  start: FormStart;
  onSaved(person: Person): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const id = useId();
  const errorId = `${id}-error`;
  const today = useToday();
  const copyName = (name: string) => t`${name} (copy)`;
  const personId = start.kind === "add" ? null : start.person.id;
  // Input typed before a reload comes back, if it was for this same form (FORM_DRAFT_KEY).
  const [draft, setDraft] = useState(() => {
    const kept = readStored(accountKey(FORM_DRAFT_KEY), parseFormDraft, null);
    return kept && kept.kind === start.kind && kept.personId === personId ? kept.draft : draftOf(start, copyName);
  });
  const [opened] = useState(() => JSON.stringify(draftOf(start, copyName)));
  useEffect(() => {
    const changed = JSON.stringify(draft) !== opened;
    writeStored(accountKey(FORM_DRAFT_KEY), changed ? { kind: start.kind, personId, draft } : undefined);
  }, [draft, opened, start.kind, personId]);
  /** Saved or closed: the kept input goes with the form. */
  const forget = () => writeStored(accountKey(FORM_DRAFT_KEY), undefined);
  const close = () => {
    forget();
    onClose();
  };
  const known = useData(TAG_NAMES_KEY, peopleApi.tagNames).data ?? NONE;
  /** The field the last refusal is about. */
  const [errorField, setErrorField] = useState<Field | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const editing = start.kind === "edit" ? start.person : null;

  const form = useSubmit(
    async () => {
      setErrorField(null);
      const tags = normalizePersonTags([...draft.tags, draft.tagText]);
      const fields = { name: draft.name, email: draft.email, birthDate: draft.birthDate };
      // Kept in this browser first and sent in order after what waits (offline-queue); an edit against the
      // version it was opened at. Its first try is waited for: refused, the form says why and keeps what was
      // typed; with no network it waits on its card, and the form closes.
      const { outcome } = await (editing
        ? queuePersonEdit(
            { id: editing.id, oldName: editing.name, ...fields, ...tagDiff(editing.tags, tags) },
            editing.modifiedAt,
            tags,
          )
        : queuePerson({ ...fields, tags }));
      const result = await outcome;
      if (result.state === "refused") {
        void discard(result.item);
        throw result.error;
      }
      forget();
      if (result.state === "waiting") {
        toast(t`Kept in this browser: sent when the network is back`);
        return onClose();
      }
      toast(editing ? t`Person updated` : t`Person added`);
      onSaved(result.result as Person);
    },
    {
      failed(err) {
        setErrorField(fieldOf(err));
        return errorText(err, t`Could not save the person: check your connection and try again`);
      },
      // A birth date after the reader's own today is refused here, in the API's words (which checks the
      // latest today on Earth, not knowing the reader's zone).
      check() {
        if (draft.birthDate <= today) return "";
        setErrorField("birthDate");
        return loadedMessageText("people.birthDateFuture");
      },
    },
  );
  const { busy } = form;
  const error = form.error ? { text: form.error, field: errorField } : null;
  const clearError = () => {
    form.clearError();
    setErrorField(null);
  };

  // A refusal about one input: focus it, so it is the next thing typed in.
  useEffect(() => {
    if (form.error && errorField && errorField !== "tags") inputs.current[errorField]?.focus();
  }, [form.error, errorField]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const input = (
    field: Exclude<Field, "tags">,
    label: string,
    options: { type: "text" | "email" | "date"; autoComplete?: string; min?: string; max?: string },
  ) => {
    const invalid = error?.field === field;
    return (
      <div className="field">
        {/* The star sits beside the label, not in it: the field's name stays its word, and `required` says the rest. */}
        <div className="field-head">
          <label className="field-label" htmlFor={`${id}-${field}`}>
            {label}
          </label>
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </div>
        <input
          id={`${id}-${field}`}
          ref={(el) => {
            inputs.current[field] = el;
          }}
          className="input"
          type={options.type}
          min={options.min}
          max={options.max}
          dir={options.type === "text" ? "auto" : undefined}
          autoComplete={options.autoComplete ?? "off"}
          spellCheck={false}
          required
          value={draft[field]}
          disabled={busy}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            set({ [field]: e.target.value });
            if (invalid) clearError();
          }}
        />
      </div>
    );
  };

  const name = editing?.name ?? "";
  return (
    <Modal
      title={editing ? <Trans>Edit {name}</Trans> : <Trans>Add new person</Trans>}
      onClose={close}
      dismissable={!busy}
    >
      {/* The API is the one judge of the fields (noValidate): its words are shown, in the reader's language. */}
      <form className="stack person-form" onSubmit={form.onSubmit} noValidate>
        <p className="muted form-hint">
          <Trans>Fields marked * are required.</Trans>
        </p>
        {input("name", t`Name`, { type: "text" })}
        {input("email", t`E-mail`, { type: "email" })}
        {input("birthDate", t`Birth date`, {
          type: "date",
          min: `${BIRTH_YEAR_MIN}-01-01`,
          max: today,
        })}
        <TagInput
          tags={draft.tags}
          known={known}
          text={draft.tagText}
          toTag={personTag}
          disabled={busy}
          onText={(tagText) => set({ tagText })}
          onChange={(tags) => set({ tags })}
        />
        <p className="error-line" id={errorId} role="alert">
          {error?.text}
        </p>
        <div className="row">
          <button className="button" type="submit" disabled={busy}>
            {editing ? <Trans>Update</Trans> : <Trans>Add</Trans>}
          </button>
          <button className="button button-quiet" type="button" onClick={close} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
