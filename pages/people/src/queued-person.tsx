import { Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import { DeleteButton } from "@nook/ui/delete-button";
import { type QueuedWrite, refusalError } from "@nook/ui/offline-queue";
import { useState } from "react";
import { shownPerson } from "./people-api.ts";

/** The whole of a kept write as text, to put back by hand. */
const writeText = (p: ReturnType<typeof shownPerson>) =>
  [p.name, p.email, p.birthDate, p.tags.map((t) => t.name).join(" ")].filter(Boolean).join("\n");

/**
 * A person's add, edit or delete the server does not have yet (offline-queue): the person as the write will
 * make them (a delete: as they are, struck), waiting to be sent — Cancel takes it back — or refused: then "not
 * saved" with the server's reason, the whole of it to copy, and a Discard. Marked in words and by a dashed edge.
 */
export function QueuedPersonCard({ item, onDiscard }: { item: QueuedWrite; onDiscard(): void }) {
  const { t, i18n } = useLingui();
  const person = shownPerson(item);
  const [copied, setCopied] = useState(false);
  const refused = item.state === "refused";
  const deleting = item.kind === "person-delete";
  const label = refused ? (
    deleting ? (
      <Trans>Not deleted</Trans>
    ) : (
      <Trans>Not saved</Trans>
    )
  ) : deleting ? (
    <Trans>Delete waiting to send</Trans>
  ) : item.kind === "person-edit" ? (
    <Trans>Edit waiting to send</Trans>
  ) : (
    <Trans>Waiting to send</Trans>
  );
  return (
    <li
      className={`card person-card person-queued${refused ? " person-refused" : ""}${deleting ? " person-deleting" : ""}`}
      data-testid={refused ? "person-refused" : "person-waiting"}
      data-queue-kind={item.kind}
    >
      <div className="row person-queued-head">
        <h2 className="person-name user-text" dir="auto">
          {person.name}
        </h2>
        <span className="person-queue-label">
          <span aria-hidden="true">{refused ? "⚠ " : "⏳ "}</span>
          {label}
        </span>
      </div>
      <p className="person-email user-text">{person.email}</p>
      {person.birthDate && (
        <p className="person-born muted">
          <time dateTime={person.birthDate}>{formatDay(person.birthDate, i18n.locale, { dateStyle: "long" })}</time>
        </p>
      )}
      {person.tags.length > 0 && (
        <div className="chips">
          {person.tags.map((tag) => (
            <span key={tag.name} className="chip user-text" dir="auto">
              {tag.name}
            </span>
          ))}
        </div>
      )}
      {refused && (
        <p className="error-line person-refusal">{refusalError(item).text ?? t`The server refused this change.`}</p>
      )}
      <div className="row person-actions">
        {refused && !deleting && (
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() =>
              void navigator.clipboard.writeText(writeText(person)).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </button>
        )}
        <DeleteButton onConfirm={onDiscard} small>
          {refused ? <Trans>Discard</Trans> : <Trans>Cancel</Trans>}
        </DeleteButton>
      </div>
    </li>
  );
}
