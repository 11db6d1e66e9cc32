import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { accountKey } from "@nook/ui/account";
import { errorText, withReason } from "@nook/ui/api";
import { Loading } from "@nook/ui/loading";
import { changesByRow, discard, type QueuedWrite, useQueue } from "@nook/ui/offline-queue";
import { lazyScreen } from "@nook/ui/screens";
import { readStored, writeStored } from "@nook/ui/stored";
import { useToast } from "@nook/ui/toasts";
import { useData } from "@nook/ui/use-data";
import { useToday } from "@nook/ui/use-today";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { BirthdayStrip } from "./birthday-strip.tsx";
import { FORM_DRAFT_KEY, parseFormDraft } from "./form-draft.ts";
import { PEOPLE_KEY, type Person, peopleApi, queuedPersonId, queuePersonDelete, shownPerson } from "./people-api.ts";
import { PersonCard } from "./person-card.tsx";
import { matchesFilter } from "./person-filter.ts";
import type { FormStart } from "./person-form.tsx";
import { QueuedPersonCard } from "./queued-person.tsx";

// The form opens on a click: its chunk and strings (its own catalog: lingui.config.ts) load then, off the first load.
const PersonForm = lazyScreen(() => import("./person-form.tsx").then((m) => m.PersonForm), "form");

/** The filter box's text lives in the address as ?q= (replaced, not pushed), so a reload or a link keeps it. */
function queryFromUrl(): string {
  return new URLSearchParams(location.search).get("q") ?? "";
}
function keepQueryInUrl(query: string) {
  const url = new URL(location.href);
  if (query) url.searchParams.set("q", query);
  else url.searchParams.delete("q");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

/**
 * People home (spec 2 §2): a filter box, 'Add Person', the upcoming
 * birthdays and the person cards; the add / edit modal.
 */
export function PeopleHome() {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const today = useToday();
  const { data: loaded, error: loadError, retry } = useData(PEOPLE_KEY, peopleApi.list);
  const [query, setQuery] = useState(queryFromUrl);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<FormStart | null>(null);
  /** A card to bring into view once rendered: the one just written. */
  const [revealId, setRevealId] = useState<number | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  useEffect(() => keepQueryInUrl(query), [query]);

  // A form left with unsaved input opens again after a reload, once the people are in (an edit needs its person).
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !loaded) return;
    reopened.current = true;
    const kept = readStored(accountKey(FORM_DRAFT_KEY), parseFormDraft, null);
    if (!kept) return;
    if (kept.kind === "add") return setForm({ kind: "add" });
    const person = loaded.find((p) => p.id === kept.personId);
    if (person) setForm({ kind: kept.kind, person });
    else writeStored(accountKey(FORM_DRAFT_KEY), undefined);
  }, [loaded]);

  // By name in the reader's language (the API's order is the database's, which knows no alphabet but English).
  const collator = useMemo(() => new Intl.Collator(i18n.locale, { sensitivity: "base", numeric: true }), [i18n.locale]);
  const people = useMemo(
    () => (loaded ? [...loaded].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id) : []),
    [loaded, collator],
  );
  // Adds, edits and deletes not on the server yet (offline-queue), the checked user's: a new person among the
  // others by name; an edit or delete waiting in its person's place (the latest of them); a refused one beside
  // its person, who stays as the server has them.
  const queue = useQueue();
  const kept = useMemo(
    () => queue.items.filter((i) => i.kind.startsWith("person") && i.state !== "sent"),
    [queue.items],
  );
  const shown = useMemo(() => {
    const byPerson = changesByRow(kept, queuedPersonId);
    type Row = { name: string; person?: Person; item?: QueuedWrite };
    const out: Row[] = [];
    for (const person of people) {
      const changes = byPerson.get(person.id);
      for (const item of changes?.refused ?? []) out.push({ name: person.name, item });
      out.push(changes?.pending ? { name: person.name, item: changes.pending } : { name: person.name, person });
    }
    for (const item of kept) if (item.kind === "person") out.push({ name: shownPerson(item).name, item });
    return out
      .map((row, at) => ({ row, at }))
      .sort((a, b) => collator.compare(a.row.name, b.row.name) || a.at - b.at)
      .map(({ row }) => row)
      .filter((row) => matchesFilter(row.person ?? shownPerson(row.item as QueuedWrite), query));
  }, [people, kept, collator, query]);

  useEffect(() => {
    if (revealId === null) return;
    document.querySelector(`[data-person-id="${revealId}"]`)?.scrollIntoView({ block: "nearest" });
    setRevealId(null);
  }, [revealId]);

  const saved = (person: Person) => {
    // The list holds them already (people-api.ts `onSent` sets it from the answer); saved after a failed load,
    // it is fetched again, with them in it.
    if (!loaded) retry();
    setForm(null);
    // The person written is shown, selected: the filter is let go if it would hide them.
    if (!matchesFilter(person, query)) setQuery("");
    setSelectedId(person.id);
    setRevealId(person.id);
  };

  const remove = async (person: Person) => {
    // Kept in this browser first (offline-queue): with no network it waits on the card, struck through.
    try {
      const { outcome } = await queuePersonDelete(person);
      const result = await outcome;
      if (result.state === "refused") {
        void discard(result.item);
        throw result.error;
      }
      setSelectedId(null);
      toast(result.state === "sent" ? t`Person deleted` : t`Kept in this browser: deleted when the network is back`);
      // The card and its buttons are gone: the filter box is a sensible place to go on from.
      filterRef.current?.focus();
    } catch (err) {
      console.error(err);
      toast(withReason(t`Failed to delete the person`, err), { kind: "error" });
    }
  };

  const total = people.length + kept.filter((i) => i.kind === "person").length;
  const count = shown.length;
  return (
    <div className="stack people">
      <div className="row people-head">
        <h1>
          <Trans>People</Trans>
        </h1>
        <button type="button" className="button" onClick={() => setForm({ kind: "add" })}>
          <Trans>Add Person</Trans>
        </button>
      </div>
      <div className="people-filter">
        <label className="visually-hidden" htmlFor="people-filter">
          <Trans>Filter people</Trans>
        </label>
        <input
          id="people-filter"
          ref={filterRef}
          className="input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t`Filter by name, e-mail or tag`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>

      {loaded === undefined && loadError === undefined ? (
        <Loading />
      ) : loaded === undefined ? (
        <div className="stack">
          <p className="error-line" role="alert">
            {errorText(loadError, t`The people could not be loaded.`)}
          </p>
          <div className="row">
            <button type="button" className="button button-quiet" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </div>
      ) : total === 0 ? (
        <p className="muted people-empty">
          <Trans>No people yet. Add the first one with 'Add Person'.</Trans>
        </p>
      ) : (
        <>
          <BirthdayStrip people={people} today={today} />
          <p className="muted people-count" aria-live="polite">
            {query.trim() ? (
              <Trans>
                {count} of {total} shown
              </Trans>
            ) : (
              <Plural value={total} one="# person" other="# people" />
            )}
          </p>
          {count === 0 ? (
            <div className="row">
              <p className="muted">
                <Trans>Nobody matches this filter.</Trans>
              </p>
              <button type="button" className="button button-quiet button-small" onClick={() => setQuery("")}>
                <Trans>Clear the filter</Trans>
              </button>
            </div>
          ) : (
            <ul className="people-list">
              {shown.map(({ person, item }) =>
                item ? (
                  <QueuedPersonCard key={item.key} item={item} onDiscard={() => void discard(item)} />
                ) : person ? (
                  <PersonCard
                    key={person.id}
                    person={person}
                    today={today}
                    selected={selectedId === person.id}
                    onToggle={() => setSelectedId((id) => (id === person.id ? null : person.id))}
                    onDuplicate={() => setForm({ kind: "duplicate", person })}
                    onEdit={() => setForm({ kind: "edit", person })}
                    onDelete={() => remove(person)}
                  />
                ) : null,
              )}
            </ul>
          )}
        </>
      )}

      {form && (
        <Suspense fallback={<Loading />}>
          <PersonForm start={form} onSaved={saved} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </div>
  );
}
