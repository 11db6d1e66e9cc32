import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import { ageOn } from "@nook/shared/people/birthdays";
import { DeleteButton } from "@nook/ui/delete-button";
import { originOf } from "@nook/ui/site";
import { type KeyboardEvent, type MouseEvent, useId, useRef } from "react";
import type { Person } from "./people-api.ts";

/** The journal's entries tagged with any of the person's tags: one `?tag=` each, so a comma in a tag stays in it. */
export function journalHref(person: Pick<Person, "tags">): string {
  return `${originOf("journal")}/?${new URLSearchParams(person.tags.map((t) => ["tag", t.name]))}`;
}

/**
 * One person (spec 2 §2): name, e-mail, birth date and age, tags, and a link
 * to the journal entries with their tags. The name is a button that selects
 * the card — a click anywhere else on it does too — and a selected card
 * offers Duplicate, Edit and Delete; Escape in it puts them away.
 */
export function PersonCard({
  person,
  today,
  selected,
  onToggle,
  onDuplicate,
  onEdit,
  onDelete,
}: {
  person: Person;
  today: string;
  selected: boolean;
  onToggle(): void;
  onDuplicate(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useLingui();
  const actionsId = useId();
  const nameButton = useRef<HTMLButtonElement>(null);
  const { name } = person;
  const age = person.birthDate <= today ? ageOn(person.birthDate, today) : null;

  // A click on the card's free space selects it; its links and buttons keep their own, and so does selecting text.
  const clickCard = (e: MouseEvent) => {
    if ((e.target as Element).closest("a, button, input")) return;
    if (window.getSelection()?.toString()) return;
    onToggle();
  };
  // Escape anywhere in a selected card puts its actions away, and focus back on its name.
  const keyInCard = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !selected) return;
    onToggle();
    nameButton.current?.focus();
  };
  return (
    <li
      className={`card person-card${selected ? " person-selected" : ""}`}
      data-testid="person"
      data-person-id={person.id}
      onClick={clickCard}
      onKeyDown={keyInCard}
    >
      <h2 className="person-name">
        <button
          ref={nameButton}
          type="button"
          className="person-select"
          aria-expanded={selected}
          aria-controls={selected ? actionsId : undefined}
          onClick={onToggle}
        >
          <span className="user-text" dir="auto">
            {name}
          </span>
        </button>
      </h2>
      <a className="person-email user-text" href={`mailto:${person.email}`}>
        {person.email}
      </a>
      <p className="person-born muted">
        <time dateTime={person.birthDate}>{formatDay(person.birthDate, i18n.locale, { dateStyle: "long" })}</time>
        {age !== null && (
          <>
            {" · "}
            <span data-testid="person-age">
              <Plural value={age} one="# year old" other="# years old" />
            </span>
          </>
        )}
      </p>
      {person.tags.length > 0 && (
        <>
          <div className="chips" data-testid="person-tags">
            {person.tags.map((tag) => (
              <span key={tag.id} className="chip user-text" dir="auto">
                {tag.name}
              </span>
            ))}
          </div>
          <a className="person-journal" href={journalHref(person)} aria-label={t`Journal entries: ${name}`}>
            <Trans>Journal entries</Trans>
          </a>
        </>
      )}
      {selected && (
        <div className="row person-actions" id={actionsId}>
          <button type="button" className="button button-quiet button-small" onClick={onDuplicate}>
            <Trans>Duplicate</Trans>
          </button>
          <button type="button" className="button button-quiet button-small" onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
          <DeleteButton onConfirm={onDelete} small title={t`Delete ${name}`} />
        </div>
      )}
    </li>
  );
}
