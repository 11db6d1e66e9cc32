import { Trans, useLingui } from "@lingui/react/macro";
import { ALL_DAY_REMINDERS, EVENT_REMINDERS } from "@nook/shared/calendar/events";
import { errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { LoadFailed } from "@nook/ui/load-failed";
import { Loading } from "@nook/ui/loading";
import { useToast } from "@nook/ui/toasts";
import { mutate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";
import { Link } from "wouter";
import { createFeed, deleteFeed, FEED_KEY, type Feed, loadFeed, updateFeed } from "./events-api.ts";

interface Reminders {
  birthdays: number | null;
  deadlines: number | null;
  events: number | null;
}
const DEFAULT_REMINDERS: Reminders = { birthdays: 900, deadlines: 900, events: 15 };

/**
 * `/feed`: the reader's calendar feed — a secret address their calendar app subscribes to, with birthdays,
 * deadlines and their events, and the reminders it carries. Shown, copied, opened as `webcal://`, made
 * anew (the old address ends at once) and switched off.
 */
export function FeedPage() {
  const { t } = useLingui();
  const { data: feed, error, retry } = useData(FEED_KEY, loadFeed);
  return (
    <section className="stack feed-page">
      <h1>
        <Trans>Your calendar in other apps</Trans>
      </h1>
      <p>
        <Trans>
          A private address your calendar app (Google Calendar, Apple Calendar, Outlook) subscribes to: birthdays,
          checklist deadlines and your events, with the reminders you choose. Anyone with the address can read it; make
          a new one if it is shared by mistake.
        </Trans>
      </p>
      {feed === undefined && error !== undefined ? (
        <LoadFailed text={errorText(error, t`Could not load your feed`)} retry={retry} />
      ) : feed === undefined ? (
        <Loading />
      ) : (
        <FeedSettings feed={feed} />
      )}
      <Link href="/">
        <Trans>Back to the calendar</Trans>
      </Link>
    </section>
  );
}

function FeedSettings({ feed }: { feed: Feed | null }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const toast = useToast();
  const [reminders, setReminders] = useState<Reminders>(
    feed ? { birthdays: feed.birthdays, deadlines: feed.deadlines, events: feed.events } : DEFAULT_REMINDERS,
  );
  const body = () => ({ ...reminders, locale: i18n.locale === "ru" ? ("ru" as const) : ("en" as const) });
  const failed = (words: string) => (err: unknown) => errorText(err, words);
  const create = useSubmit(
    async () => {
      mutate(FEED_KEY, await createFeed(body()));
      toast(feed ? t`A new address is ready: the old one no longer works` : t`Your feed is ready`);
    },
    { failed: failed(t`Could not make the feed`) },
  );
  const save = useSubmit(
    async () => {
      mutate(FEED_KEY, await updateFeed(body()));
      toast(t`Reminders saved`);
    },
    { failed: failed(t`Could not save the reminders`) },
  );
  const off = useSubmit(
    async () => {
      await deleteFeed();
      mutate(FEED_KEY, null);
      toast(t`The feed is switched off`);
    },
    { failed: failed(t`Could not switch the feed off`) },
  );
  const busy = create.busy || save.busy || off.busy;
  const copy = async () => {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      toast(t`Address copied`);
    } catch {
      toast(t`Could not copy: select the address and copy it`, { kind: "error" });
    }
  };

  const allDay: [number | null, string][] = [
    [null, t`No reminder`],
    [ALL_DAY_REMINDERS[0], t`On the day, at 09:00`],
    [ALL_DAY_REMINDERS[1], t`A day before, at 09:00`],
    [ALL_DAY_REMINDERS[2], t`A week before, at 09:00`],
  ];
  const timed: [number | null, string][] = [
    [null, t`No reminder`],
    [EVENT_REMINDERS[0], t`When it starts`],
    [EVENT_REMINDERS[1], t`15 minutes before`],
    [EVENT_REMINDERS[2], t`An hour before`],
    [EVENT_REMINDERS[3], t`A day before`],
  ];
  const choice = (field: keyof Reminders, label: string, options: [number | null, string][]) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <select
        id={`${id}-${field}`}
        className="input"
        value={String(reminders[field])}
        disabled={busy}
        onChange={(e) =>
          setReminders((r) => ({ ...r, [field]: e.target.value === "null" ? null : Number(e.target.value) }))
        }
      >
        {options.map(([value, words]) => (
          <option key={String(value)} value={String(value)}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );

  const error = create.error || save.error || off.error;
  return (
    <div className="stack">
      {feed && (
        <div className="stack feed-address">
          <label className="field-label" htmlFor={`${id}-url`}>
            <Trans>Feed address</Trans>
          </label>
          <input
            id={`${id}-url`}
            className="input feed-url"
            readOnly
            value={feed.url}
            onFocus={(e) => e.target.select()}
          />
          <div className="row">
            <button type="button" className="button" onClick={() => void copy()}>
              <Trans>Copy address</Trans>
            </button>
            <a className="button button-quiet" href={feed.webcal}>
              <Trans>Open in your calendar app</Trans>
            </a>
          </div>
          <details>
            <summary>
              <Trans>How to subscribe</Trans>
            </summary>
            <ul>
              <li>
                <Trans>
                  Google Calendar, on a computer: Other calendars, +, From URL; paste the address and choose Add
                  calendar. Google reads it again every few hours.
                </Trans>
              </li>
              <li>
                <Trans>
                  Apple Calendar: on a Mac, File, New Calendar Subscription; on an iPhone, Settings, Calendar, Accounts,
                  Add Account, Other, Add Subscribed Calendar; paste the address.
                </Trans>
              </li>
            </ul>
          </details>
        </div>
      )}
      <fieldset className="stack feed-reminders">
        <legend>
          <Trans>Reminders</Trans>
        </legend>
        {choice("birthdays", t`Birthdays`, allDay)}
        {choice("deadlines", t`Checklist deadlines`, allDay)}
        {choice("events", t`Your events`, timed)}
      </fieldset>
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        {feed ? (
          <>
            <button type="button" className="button" disabled={busy} onClick={() => void save.run()}>
              <Trans>Save reminders</Trans>
            </button>
            <button type="button" className="button button-quiet" disabled={busy} onClick={() => void create.run()}>
              <Trans>Make a new address</Trans>
            </button>
            <DeleteButton disabled={busy} onConfirm={() => void off.run()}>
              <Trans>Switch off</Trans>
            </DeleteButton>
          </>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => void create.run()}>
            <Trans>Make my feed address</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
