import { Trans, useLingui } from "@lingui/react/macro";
import { NAME_MAX, SEARCH_TEXT_MAX } from "@nook/shared/journal/limits";
import { MOOD_EMOJI, MOODS } from "@nook/shared/journal/mood";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type EntrySearch, isSearching, NO_SEARCH } from "./search.ts";

/** How long typing pauses before the box's words are looked for. */
const TYPING_PAUSE_MS = 400;

/** A filter: its words above its control. */
function SearchField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, always an input or a select
    <label className="field search-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** Whether a key press lands in something that takes text (then `/` is typed, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The entries' search: a box for words and tags (`/` anywhere on the page focuses it), and filters — the days,
 * the mood, a metric's range — behind a disclosure that opens by itself when one is set. Each change is the
 * search at once (the box's after a pause in typing); the address keeps it (entries-panel.tsx).
 */
export function SearchBar({
  search,
  onSearch,
  onShortcut,
}: {
  search: EntrySearch;
  onSearch(next: EntrySearch): void;
  /** `/` was pressed: the entries panel is to be shown (the tabs of a narrow screen). */
  onShortcut?(): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(search.q);
  const filtersSet = Boolean(search.from || search.to || search.moodMin || search.moodMax || search.metric);
  const [open, setOpen] = useState(filtersSet);

  // The address changed the search (back, a link): the box shows it.
  useEffect(() => setTyped(search.q), [search.q]);
  // Typing settles into a search.
  useEffect(() => {
    if (typed === search.q) return;
    const timer = setTimeout(() => onSearch({ ...search, q: typed }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, onSearch]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      onShortcut?.();
      box.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onShortcut]);

  const set = (field: keyof EntrySearch) => (e: { currentTarget: { value: string } }) =>
    onSearch({ ...search, q: typed, [field]: e.currentTarget.value });
  const moods = (field: "moodMin" | "moodMax", label: string) => (
    <SearchField label={label}>
      <select value={search[field]} onChange={set(field)}>
        <option value="">{t`any`}</option>
        {MOODS.map((m) => (
          <option key={m} value={m}>
            {MOOD_EMOJI[m]} {m}
          </option>
        ))}
      </select>
    </SearchField>
  );

  return (
    <search className="entry-search">
      <form
        className="row entry-search-row"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ ...search, q: typed });
        }}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          <Trans>Search entries</Trans>
        </label>
        <input
          ref={box}
          id={`${id}-q`}
          type="search"
          className="input entry-search-box"
          value={typed}
          maxLength={SEARCH_TEXT_MAX}
          placeholder={t`Search: words, #tag, !tag`}
          aria-keyshortcuts="/"
          enterKeyHint="search"
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && typed) {
              e.preventDefault();
              setTyped("");
              onSearch({ ...search, q: "" });
            }
          }}
        />
        <button
          type="button"
          className="button button-quiet button-small"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen((o) => !o)}
        >
          <Trans>Filters</Trans>
          {filtersSet ? " •" : ""}
        </button>
        {isSearching(search) && (
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() => {
              setTyped("");
              onSearch(NO_SEARCH);
            }}
          >
            <Trans>Clear search</Trans>
          </button>
        )}
      </form>
      <fieldset id={`${id}-filters`} className="entry-search-filters" hidden={!open}>
        <legend className="visually-hidden">
          <Trans>Filters</Trans>
        </legend>
        <SearchField label={<Trans>From</Trans>}>
          <input
            type="date"
            className="input"
            value={search.from}
            max={search.to || undefined}
            onChange={set("from")}
          />
        </SearchField>
        <SearchField label={<Trans>To</Trans>}>
          <input type="date" className="input" value={search.to} min={search.from || undefined} onChange={set("to")} />
        </SearchField>
        {moods("moodMin", t`Mood from`)}
        {moods("moodMax", t`Mood to`)}
        <SearchField label={<Trans>Metric</Trans>}>
          <input className="input" value={search.metric} maxLength={NAME_MAX} onChange={set("metric")} />
        </SearchField>
        <SearchField label={<Trans>at least</Trans>}>
          <input type="number" className="input" inputMode="decimal" value={search.min} onChange={set("min")} />
        </SearchField>
        <SearchField label={<Trans>at most</Trans>}>
          <input type="number" className="input" inputMode="decimal" value={search.max} onChange={set("max")} />
        </SearchField>
      </fieldset>
    </search>
  );
}
