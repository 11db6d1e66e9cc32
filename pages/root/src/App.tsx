import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAuth } from "@nook/ui/auth";
import { originOf, SITE_NAMES, type SiteName } from "@nook/ui/site";
import { TodayPanel } from "./today.tsx";

/** The launcher's links, in the spec's order (spec §1). */
const LINKS: { site: Exclude<SiteName, "root">; about: MessageDescriptor }[] = [
  { site: "lupileon", about: msg`Your birth date: body statistics, zodiacs, sun and moon` },
  { site: "journal", about: msg`Entries with tags, metrics and mood; stacks of statistics` },
  { site: "steps", about: msg`Checklists with progress and deadlines` },
  { site: "calendar", about: msg`Year and month at a glance` },
  { site: "people", about: msg`The people you know and their birthdays` },
  { site: "random", about: msg`Tarot, random numbers and dice` },
  { site: "kids", about: msg`Alphabet, numbers and toys for children` },
  { site: "auth", about: msg`Sign in, your profile and password` },
  { site: "donate", about: msg`Your donation page and what it received` },
];

/** The launcher: signed in, Today first (today.tsx) and the sites below it; signed out, the sites. */
export function App() {
  const { i18n } = useLingui();
  const signedIn = useAuth().state.status === "authenticated";
  const Heading = signedIn ? "h2" : "h1";
  return (
    <section className="stack">
      {signedIn && <TodayPanel />}
      <Heading className="visually-hidden">
        <Trans>All sites</Trans>
      </Heading>
      <nav className="launcher">
        {LINKS.map(({ site, about }) => (
          <a key={site} className="launcher-card" href={`${originOf(site)}/`}>
            <strong>{i18n._(SITE_NAMES[site])}</strong>
            <span className="muted">{i18n._(about)}</span>
          </a>
        ))}
      </nav>
    </section>
  );
}

/** What the Offline banner says still works here (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`Everything here works offline.`;
