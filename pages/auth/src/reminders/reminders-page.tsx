import { Trans, useLingui } from "@lingui/react/macro";
import { accountKey } from "@nook/ui/account";
import { api, errorText, ok } from "@nook/ui/api";
import { formatCalendarDay } from "@nook/ui/dates";
import { useStored } from "@nook/ui/stored";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import {
  enablePush,
  type PushOutcome,
  permissionNow,
  pushSupported,
  removeDevice,
  syncDeviceLang,
  thisDeviceId,
} from "./push-device.ts";
import { type PushDevice, type ReminderSettings, remindersApi } from "./reminders-api.ts";
import "./reminders.css";

const SETTINGS_KEY = "reminders/settings";
const DEVICES_KEY = "reminders/devices";
const STREAKS_KEY = "reminders/streak-items";
/** What was changed and not yet saved, kept per account so a reload loses nothing of it. */
const DRAFT_KEY = "reminders-draft";

/** The times a reminder starts at when turned on: the evening's for the day and the streaks, the night's quiet. */
const STARTING = { daily: "21:00", streaks: "20:00", quietFrom: "22:00", quietTo: "08:00" };

const isTime = (x: unknown): x is string => typeof x === "string" && /^\d\d:\d\d$/.test(x);

/** A kept draft, if it still reads as the whole settings. */
function parseDraft(x: unknown): ReminderSettings | null | undefined {
  if (typeof x !== "object" || x === null) return undefined;
  const d = x as Record<string, unknown>;
  const daily = d.daily as { time?: unknown } | null;
  const streaks = d.streaks as { time?: unknown; items?: unknown } | null;
  const quiet = d.quiet as { from?: unknown; to?: unknown } | null;
  const ok =
    (daily === null || isTime(daily?.time)) &&
    (streaks === null ||
      (isTime(streaks?.time) && Array.isArray(streaks.items) && streaks.items.every((i) => typeof i === "number"))) &&
    (quiet === null || (isTime(quiet?.from) && isTime(quiet?.to))) &&
    typeof d.birthdays === "boolean" &&
    typeof d.deadlines === "boolean" &&
    typeof d.events === "boolean";
  return ok ? (x as ReminderSettings) : undefined;
}

/** Whether any reminder is on (quiet hours alone remind of nothing). */
const anyOn = (s: ReminderSettings) => s.daily !== null || s.streaks !== null || s.birthdays || s.deadlines || s.events;

/** A streaks item of the account's, with its stack's name, for the list to choose from. */
interface StreakItem {
  id: number;
  title: string;
  stack: string;
}

/** Every streaks item of the account's stacks, in the stacks' order. */
async function loadStreakItems(): Promise<StreakItem[]> {
  const stacks = await ok(api.journal.stacks.$get());
  const full = await Promise.all(
    stacks.map((s) => ok(api.journal.stacks[":id"].$get({ param: { id: String(s.id) } }))),
  );
  return full.flatMap((stack) =>
    stack.items
      .filter((item) => item.type === "streaks")
      .map((item) => ({ id: item.id, title: item.title, stack: stack.name })),
  );
}

/**
 * Reminders: which of the account's reminders are on and when — "How was today?", streaks at risk,
 * birthdays, deadlines, own events, quiet hours — and the devices that get them. Notifications are asked for
 * only when a person turns a reminder on (or asks for this device), never on opening the page; where the
 * browser refuses, the page says what to do and the settings are kept all the same.
 */
export function RemindersPage() {
  const { t, i18n } = useLingui();
  const settings = useData(SETTINGS_KEY, remindersApi.settings);
  const [draft, setDraft] = useStored(accountKey(DRAFT_KEY), parseDraft, null);
  const values = draft ?? settings.data ?? null;
  const [saved, setSaved] = useState(false);
  const [push, setPush] = useState<PushOutcome | null>(null);
  // This device's reminders in the page's language: sent again when the site's language changed since it signed up.
  const lang = i18n.locale === "ru" ? "ru" : "en";
  useEffect(() => {
    syncDeviceLang(lang).catch(() => undefined);
  }, [lang]);

  // The streaks items to choose from (StreaksField shows them from the same key).
  const streakItems = useData(values?.streaks ? STREAKS_KEY : null, loadStreakItems);

  const save = useSubmit(
    async () => {
      if (!values) return;
      // An item deleted since it was chosen is not listed, so it could not be unticked: it is not sent either.
      const known = streakItems.data;
      const sent =
        values.streaks && known
          ? {
              ...values,
              streaks: {
                ...values.streaks,
                items: values.streaks.items.filter((id) => known.some((i) => i.id === id)),
              },
            }
          : values;
      const answer = await remindersApi.save(sent);
      settings.mutate(answer);
      setDraft(null);
      setSaved(true);
    },
    { failed: (err) => errorText(err, t`The reminders could not be saved. Check your connection and try again.`) },
  );

  const signUp = useSubmit(
    async () => {
      const outcome = await enablePush(lang);
      setPush(outcome);
      if (outcome.state === "on") await invalidate(DEVICES_KEY);
    },
    {
      failed: (err) =>
        errorText(err, t`This device could not be signed up for reminders. Check your connection and try again.`),
    },
  );

  const change = (next: ReminderSettings) => {
    // Turning a reminder on is when this device is signed up (the browser asking first, if it must), unless it is.
    const signedUp = thisDeviceId() !== null && permissionNow() === "granted";
    if (values && turnedOn(values, next) && !signedUp) void signUp.run();
    setDraft(next);
    setSaved(false);
    save.clearError();
  };

  if (!values)
    return (
      <section className="card stack page-narrow reminders" aria-labelledby="reminders-title">
        <h1 id="reminders-title">
          <Trans>Reminders</Trans>
        </h1>
        {settings.error === undefined ? (
          <p className="muted" aria-busy="true">
            <Trans>Loading...</Trans>
          </p>
        ) : (
          <>
            <p className="error-line" role="alert">
              {errorText(settings.error, t`The reminders could not be loaded.`)}
            </p>
            <div className="row">
              <button type="button" className="button" onClick={settings.retry}>
                <Trans>Retry</Trans>
              </button>
            </div>
          </>
        )}
      </section>
    );

  return (
    <div className="stack page-narrow reminders">
      <form className="card stack" aria-labelledby="reminders-title" onSubmit={save.onSubmit}>
        <h1 id="reminders-title">
          <Trans>Reminders</Trans>
        </h1>
        <p className="muted">
          <Trans>Nook can remind you on this device at the times you choose, in your profile's time zone.</Trans>
        </p>
        <DailyField values={values} change={change} disabled={save.busy} />
        <StreaksField values={values} change={change} disabled={save.busy} />
        <fieldset className="field reminders-group">
          <legend className="field-label">
            <Trans>ON THE DAY</Trans>
          </legend>
          <Check
            checked={values.birthdays}
            disabled={save.busy}
            onChange={(on) => change({ ...values, birthdays: on })}
          >
            <Trans>Birthdays</Trans>
          </Check>
          <Check
            checked={values.deadlines}
            disabled={save.busy}
            onChange={(on) => change({ ...values, deadlines: on })}
          >
            <Trans>Deadlines</Trans>
          </Check>
          <Check checked={values.events} disabled={save.busy} onChange={(on) => change({ ...values, events: on })}>
            <Trans>Your events</Trans>
          </Check>
          <p className="muted">
            <Trans>
              With the same lead times as your calendar feed; without one, at 09:00 on the day, and 15 minutes before an
              event's start.
            </Trans>
          </p>
        </fieldset>
        <QuietField values={values} change={change} disabled={save.busy} />
        <div className="row">
          <button className="button" type="submit" disabled={save.busy}>
            {save.busy ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
          </button>
          {draft !== null && !save.busy && (
            <span className="muted">
              <Trans>Not saved yet</Trans>
            </span>
          )}
        </div>
        <p className="muted" aria-live="polite" data-testid="reminders-saved">
          {saved && draft === null ? <Trans>Saved.</Trans> : null}
        </p>
        <p className="error-line" role="alert">
          {save.error}
        </p>
      </form>
      <PushState
        outcome={push}
        remindersOn={anyOn(values)}
        busy={signUp.busy}
        error={signUp.error}
        signUp={() => void signUp.run()}
      />
      <Devices />
      <Link href="/profile">
        <Trans>Back to the profile</Trans>
      </Link>
    </div>
  );
}

/** Whether a kind of reminder was off and is now on. */
function turnedOn(before: ReminderSettings, after: ReminderSettings): boolean {
  return (
    (before.daily === null && after.daily !== null) ||
    (before.streaks === null && after.streaks !== null) ||
    (!before.birthdays && after.birthdays) ||
    (!before.deadlines && after.deadlines) ||
    (!before.events && after.events)
  );
}

interface FieldProps {
  values: ReminderSettings;
  change(next: ReminderSettings): void;
  disabled: boolean;
}

function Check({
  checked,
  disabled,
  onChange,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="row reminders-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

function TimeInput({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange(time: string): void;
}) {
  return (
    <label className="field reminders-time">
      <span className="field-label">{label}</span>
      <input
        className="input"
        type="time"
        required
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function DailyField({ values, change, disabled }: FieldProps) {
  const { t } = useLingui();
  const daily = values.daily;
  return (
    <fieldset className="field reminders-group">
      <legend className="field-label">
        <Trans>EVERY DAY</Trans>
      </legend>
      <Check
        checked={daily !== null}
        disabled={disabled}
        onChange={(on) => change({ ...values, daily: on ? { time: STARTING.daily } : null })}
      >
        <Trans>"How was today?", unless today's mood is logged</Trans>
      </Check>
      {daily && (
        <TimeInput
          label={t`TIME`}
          value={daily.time}
          disabled={disabled}
          onChange={(time) => change({ ...values, daily: { time } })}
        />
      )}
    </fieldset>
  );
}

function StreaksField({ values, change, disabled }: FieldProps) {
  const { t } = useLingui();
  const streaks = values.streaks;
  const items = useData(streaks ? STREAKS_KEY : null, loadStreakItems);
  const toggle = (id: number, on: boolean) => {
    if (!streaks) return;
    const chosen = on ? [...streaks.items.filter((i) => i !== id), id] : streaks.items.filter((i) => i !== id);
    change({ ...values, streaks: { ...streaks, items: chosen } });
  };
  return (
    <fieldset className="field reminders-group">
      <legend className="field-label">
        <Trans>STREAKS AT RISK</Trans>
      </legend>
      <Check
        checked={streaks !== null}
        disabled={disabled}
        onChange={(on) => change({ ...values, streaks: on ? { time: STARTING.streaks, items: [] } : null })}
      >
        <Trans>A streak that ends tonight unless you log it</Trans>
      </Check>
      {streaks && (
        <>
          <TimeInput
            label={t`EVENING TIME`}
            value={streaks.time}
            disabled={disabled}
            onChange={(time) => change({ ...values, streaks: { ...streaks, time } })}
          />
          <fieldset className="field reminders-items">
            <legend className="field-label">
              <Trans>FOR THESE STREAKS</Trans>
            </legend>
            {items.data === undefined && items.error === undefined && (
              <p className="muted" aria-busy="true">
                <Trans>Loading your streaks...</Trans>
              </p>
            )}
            {items.data === undefined && items.error !== undefined && (
              <div className="row">
                <p className="error-line" role="alert">
                  {errorText(items.error, t`Your streaks could not be loaded.`)}
                </p>
                <button type="button" className="button button-quiet button-small" onClick={items.retry}>
                  <Trans>Retry</Trans>
                </button>
              </div>
            )}
            {items.data?.length === 0 && (
              <p className="muted">
                <Trans>No streaks yet: add a streaks item to a stack in the journal.</Trans>
              </p>
            )}
            {items.data?.map((item) => (
              <Check
                key={item.id}
                checked={streaks.items.includes(item.id)}
                disabled={disabled}
                onChange={(on) => toggle(item.id, on)}
              >
                <span className="user-text" dir="auto">
                  {item.title}
                </span>{" "}
                <span className="muted user-text" dir="auto">
                  ({item.stack})
                </span>
              </Check>
            ))}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}

function QuietField({ values, change, disabled }: FieldProps) {
  const { t } = useLingui();
  const quiet = values.quiet;
  return (
    <fieldset className="field reminders-group">
      <legend className="field-label">
        <Trans>QUIET HOURS</Trans>
      </legend>
      <Check
        checked={quiet !== null}
        disabled={disabled}
        onChange={(on) => change({ ...values, quiet: on ? { from: STARTING.quietFrom, to: STARTING.quietTo } : null })}
      >
        <Trans>No reminders between these times</Trans>
      </Check>
      {quiet && (
        <div className="row reminders-times">
          <TimeInput
            label={t`FROM`}
            value={quiet.from}
            disabled={disabled}
            onChange={(from) => change({ ...values, quiet: { ...quiet, from } })}
          />
          <TimeInput
            label={t`TO`}
            value={quiet.to}
            disabled={disabled}
            onChange={(to) => change({ ...values, quiet: { ...quiet, to } })}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * Whether this device gets the reminders, in words: signed up, or what stands in the way and what to do about
 * it. Before anything was asked, the browser's standing is read without asking (a permission already refused
 * is said at once); and a device not yet signed up, with reminders on, can be signed up with a button.
 */
function PushState({
  outcome,
  remindersOn,
  busy,
  error,
  signUp,
}: {
  outcome: PushOutcome | null;
  remindersOn: boolean;
  busy: boolean;
  error: string;
  signUp(): void;
}) {
  const state =
    outcome?.state ??
    (!pushSupported()
      ? "unsupported"
      : permissionNow() === "denied"
        ? "denied"
        : thisDeviceId() !== null && permissionNow() === "granted"
          ? "on"
          : null);
  if (!remindersOn && outcome === null && error === "") return null;
  return (
    <section className="card stack" aria-labelledby="push-state-title" data-testid="push-state">
      <h2 id="push-state-title">
        <Trans>This device</Trans>
      </h2>
      <p aria-live="polite" data-state={state ?? "off"}>
        {state === "on" && <Trans>This device gets your reminders.</Trans>}
        {state === "denied" && (
          <Trans>
            Notifications are blocked for this site, so this device cannot show reminders. To allow them, open the
            site's settings in your browser (the icon beside the address), set Notifications to Allow, then reload this
            page. Your settings are kept.
          </Trans>
        )}
        {state === "unsupported" && (
          <Trans>
            This browser cannot receive reminders: it has no notifications for web pages (Push API) or no service
            worker. Try another browser, or on an iPhone add the site to the home screen first. Your settings are kept.
          </Trans>
        )}
        {state === "unconfigured" && (
          <Trans>
            This server cannot send reminders yet: it has no push keys. Whoever runs it can set them up. Your settings
            are kept.
          </Trans>
        )}
        {state === "no-worker" && (
          <Trans>
            The site's offline worker is not running on this page yet. Reload the page and try again. Your settings are
            kept.
          </Trans>
        )}
        {state === null && remindersOn && <Trans>This device does not get your reminders yet.</Trans>}
      </p>
      {(state === null || state === "no-worker") && remindersOn && (
        <div className="row">
          <button type="button" className="button" disabled={busy} onClick={signUp}>
            {busy ? <Trans>Asking the browser...</Trans> : <Trans>Get reminders on this device</Trans>}
          </button>
        </div>
      )}
      <p className="error-line" role="alert">
        {error}
      </p>
    </section>
  );
}

/** The devices that get the account's reminders, newest first, each with Remove; this one marked. */
function Devices() {
  const { t, i18n } = useLingui();
  const list = useData(DEVICES_KEY, remindersApi.devices);
  const [said, setSaid] = useState<ReactNode>(null);
  const remove = useSubmit(
    async (device: PushDevice) => {
      setSaid(null);
      await removeDevice(device.id);
      list.mutate((list.data ?? []).filter((d) => d.id !== device.id));
      setSaid(<Trans>The device no longer gets reminders.</Trans>);
    },
    { failed: (err) => errorText(err, t`The device could not be removed. Check your connection and try again.`) },
  );
  const [removing] = remove.busyWith ?? [];
  const mine = thisDeviceId();
  const devices = list.data;
  return (
    <section className="card stack" aria-labelledby="devices-title" data-testid="push-devices">
      <h2 id="devices-title">
        <Trans>Devices that get reminders</Trans>
      </h2>
      {devices === undefined && list.error === undefined && (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      )}
      {devices === undefined && list.error !== undefined && (
        <div className="row">
          <p className="error-line" role="alert">
            {errorText(list.error, t`The devices could not be loaded.`)}
          </p>
          <button type="button" className="button button-quiet button-small" onClick={list.retry}>
            <Trans>Retry</Trans>
          </button>
        </div>
      )}
      {devices?.length === 0 && (
        <p className="muted">
          <Trans>No device gets your reminders yet.</Trans>
        </p>
      )}
      {devices && devices.length > 0 && (
        <ul className="stack reminders-devices">
          {devices.map((d) => {
            // A device the page could not name is listed with an empty name (""), or null.
            const name = d.device || t`An unknown device`;
            const added = formatCalendarDay(d.createdAt.slice(0, 10), i18n.locale);
            return (
              <li key={d.id} className="row reminders-device" data-testid="push-device">
                <div className="stack reminders-device-what">
                  <strong>
                    <span className="user-text">{name}</span>
                    {d.id === mine && (
                      <>
                        {" "}
                        <span className="badge">
                          <Trans>This device</Trans>
                        </span>
                      </>
                    )}
                  </strong>
                  <span className="muted">
                    <Trans>Added {added}</Trans>
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={remove.busy}
                  aria-label={t`Remove ${name}, added ${added}`}
                  onClick={() => void remove.run(d)}
                >
                  {removing?.id === d.id ? <Trans>Removing...</Trans> : <Trans>Remove</Trans>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted" aria-live="polite">
        {said}
      </p>
      <p className="error-line" role="alert">
        {remove.error}
      </p>
    </section>
  );
}
