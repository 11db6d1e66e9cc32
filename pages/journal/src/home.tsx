import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { EntriesPanel } from "./entries/entries-panel.tsx";
import { scopeFromSearch } from "./entries/scope.ts";
import { type EntrySearch, isSearching, searchFromUrl, searchToUrl } from "./entries/search.ts";
import { EntryForm, type FormStart } from "./form/entry-form.tsx";
import type { Entry } from "./journal-api.ts";
import { StacksPanel } from "./stacks/stacks-panel.tsx";
import "./journal.css";

const TABS = ["entries", "new-entry", "stacks"] as const;
type Tab = (typeof TABS)[number];
const TAB_NAMES: Record<Tab, MessageDescriptor> = {
  entries: msg`Entries`,
  "new-entry": msg`New entry`,
  stacks: msg`Stacks`,
};

function tabFromHash(): Tab {
  const hash = location.hash.slice(1);
  if ((TABS as readonly string[]).includes(hash)) return hash as Tab;
  // A link to some entries (a person's, a day's, a search's) opens on them.
  return scopeFromSearch(location.search) || isSearching(searchFromUrl(location.search)) ? "entries" : "new-entry";
}

/**
 * Journal home (spec §2): tabs entries / new entry / stacks, new entry by
 * default, kept in the URL hash. From 1024 px all three panels show at once.
 */
export function JournalHome() {
  const { i18n } = useLingui();
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const [scope] = useState(() => scopeFromSearch(location.search));
  const [search, setSearch] = useState<EntrySearch>(() => searchFromUrl(location.search));
  // The search lives in the address: a reload, or a link, opens on it.
  const onSearch = useCallback((next: EntrySearch) => {
    history.replaceState(null, "", `${location.pathname}${searchToUrl(next, location.search)}${location.hash}`);
    setSearch(next);
  }, []);
  const [start, setStart] = useState<FormStart>({ kind: "new", seq: 0 });

  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const choose = useCallback((next: Tab) => {
    history.replaceState(null, "", `${location.pathname}${location.search}#${next}`);
    setTab(next);
  }, []);
  const showEntries = useCallback(() => choose("entries"), [choose]);
  const [highlight, setHighlight] = useState<{ id: number } | null>(null);
  // After a write the list shows where the written entry landed. What the journal shows (the list, the
  // suggestions, the stacks) is read again by the write itself, once: the queue's `invalidates`, the lift's own.
  const changed = useCallback((id: number | null) => {
    setHighlight(id === null ? null : { id });
  }, []);
  const open = useCallback(
    (next: { kind: "edit" | "duplicate"; entry: Entry }) => {
      setStart((s) => ({ ...next, seq: s.seq + 1 }));
      choose("new-entry");
    },
    [choose],
  );

  return (
    <div className="journal">
      <h1 className="visually-hidden">
        <Trans>Journal</Trans>
      </h1>
      <div
        className="tabs"
        role="tablist"
        onKeyDown={(e) => {
          // The ARIA tabs pattern: arrows move between tabs, Home/End jump to the ends.
          const i = TABS.indexOf(tab);
          const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
          if (next === undefined) return;
          e.preventDefault();
          const target = TABS[(next + TABS.length) % TABS.length] ?? tab;
          choose(target);
          document.getElementById(`tab-${target}`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="tab"
            onClick={() => choose(t)}
          >
            {i18n._(TAB_NAMES[t])}
          </button>
        ))}
      </div>
      <div className="panels">
        {/* The form first: after the skip link, the next Tab is its text; from 1024 px it and the
            stacks stand beside a wide list (journal.css). */}
        <section
          className="panel"
          id="panel-new-entry"
          data-panel="new-entry"
          data-active={tab === "new-entry" || undefined}
          role="tabpanel"
          aria-labelledby="tab-new-entry"
        >
          <EntryForm
            start={start}
            onSaved={changed}
            onDone={() => setStart((s) => ({ kind: "new", seq: s.seq + 1 }))}
          />
        </section>
        <section
          className="panel"
          id="panel-stacks"
          data-panel="stacks"
          data-active={tab === "stacks" || undefined}
          role="tabpanel"
          aria-labelledby="tab-stacks"
        >
          <StacksPanel />
        </section>
        <section
          className="panel"
          id="panel-entries"
          data-panel="entries"
          data-active={tab === "entries" || undefined}
          role="tabpanel"
          aria-labelledby="tab-entries"
        >
          {/* The days' headings are h3: on a phone, with the form's panel hidden, this keeps them under an h2. */}
          <h2 className="visually-hidden">{i18n._(TAB_NAMES.entries)}</h2>
          <EntriesPanel
            scope={scope}
            search={search}
            onSearch={onSearch}
            onShortcut={showEntries}
            highlight={highlight}
            onChanged={changed}
            onEdit={(entry) => open({ kind: "edit", entry })}
            onDuplicate={(entry) => open({ kind: "duplicate", entry })}
          />
        </section>
      </div>
    </div>
  );
}
