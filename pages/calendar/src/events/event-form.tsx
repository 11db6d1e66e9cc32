import { Trans, useLingui } from "@lingui/react/macro";
import {
  type CalendarEvent,
  EVENT_NOTE_MAX,
  EVENT_REPEATS,
  EVENT_TITLE_MAX,
  type EventRepeat,
} from "@nook/shared/calendar/events";
import { isCalendarDate } from "@nook/shared/common/calendar-date";
import { accountKey } from "@nook/ui/account";
import { errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { LoadFailed } from "@nook/ui/load-failed";
import { Loading } from "@nook/ui/loading";
import type { ScreenParams } from "@nook/ui/screens";
import { readStored, writeStored } from "@nook/ui/stored";
import { useToast } from "@nook/ui/toasts";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useToday } from "@nook/ui/use-today";
import { useEffect, useId, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { createEvent, deleteEvent, EVENTS_KEY, loadEvents, updateEvent } from "./events-api.ts";

/** What the form holds: the event's fields as typed, times kept while "all day" is ticked. */
interface Fields {
  title: string;
  note: string;
  date: string;
  allDay: boolean;
  start: string;
  end: string;
  repeat: EventRepeat;
}

/** The form's unsaved input (DESIGN §5 "Drafts"): whose (a new event's, or which one's), kept across a reload. */
const DRAFT_KEY = "calendar-event-draft";
interface Draft {
  eventId: number | null;
  fields: Fields;
}

const isString = (x: unknown): x is string => typeof x === "string";
function parseDraft(raw: unknown): Draft | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { eventId, fields } = raw as Record<string, unknown>;
  if (eventId !== null && typeof eventId !== "number") return undefined;
  if (typeof fields !== "object" || fields === null) return undefined;
  const f = fields as Record<string, unknown>;
  if (![f.title, f.note, f.date, f.start, f.end].every(isString) || typeof f.allDay !== "boolean") return undefined;
  if (!EVENT_REPEATS.includes(f.repeat as EventRepeat)) return undefined;
  return { eventId, fields: f as unknown as Fields };
}

function fieldsOf(event: CalendarEvent | null, date: string): Fields {
  if (!event) return { title: "", note: "", date, allDay: false, start: "09:00", end: "10:00", repeat: "none" };
  return {
    title: event.title,
    note: event.note,
    date: event.date,
    allDay: event.start === null,
    start: event.start ?? "09:00",
    end: event.end ?? "10:00",
    repeat: event.repeat,
  };
}

/** `/events/new` (`?date=` the day it starts on) and `/events/:id`: an event's form, the event found in the reader's list. */
export function EventFormPage({ params }: { params: ScreenParams }) {
  const { t } = useLingui();
  const id = params.id === undefined ? null : Number(params.id);
  const { data: events, error, retry } = useData(id === null ? null : EVENTS_KEY, loadEvents);
  if (id === null) return <EventForm event={null} />;
  if (events === undefined && error !== undefined)
    return <LoadFailed text={errorText(error, t`Could not load your events`)} retry={retry} />;
  if (events === undefined) return <Loading />;
  const event = events.find((e) => e.id === id);
  if (!event)
    return (
      <section className="stack">
        <h1>
          <Trans>Event not found</Trans>
        </h1>
        <Link href="/">
          <Trans>Back to the calendar</Trans>
        </Link>
      </section>
    );
  return <EventForm key={event.id} event={event} />;
}

function EventForm({ event }: { event: CalendarEvent | null }) {
  const { t } = useLingui();
  const id = useId();
  const toast = useToast();
  const today = useToday();
  const search = useSearch();
  const [, navigate] = useLocation();
  const key = accountKey(DRAFT_KEY);
  const [fields, setFields] = useState<Fields>(() => {
    const kept = readStored(key, parseDraft, undefined);
    if (kept && kept.eventId === (event?.id ?? null)) return kept.fields;
    const asked = new URLSearchParams(search).get("date") ?? "";
    return fieldsOf(event, isCalendarDate(asked) ? asked : today);
  });
  const [touched, setTouched] = useState(false);
  // Kept once typed in: a reload opens the form as it was typed (let go on save, delete or cancel).
  useEffect(() => {
    if (touched) writeStored(key, { eventId: event?.id ?? null, fields } satisfies Draft);
  }, [touched, key, event, fields]);
  const set = (patch: Partial<Fields>) => {
    setTouched(true);
    setFields((f) => ({ ...f, ...patch }));
    form.clearError();
  };
  const leave = (date: string) => {
    writeStored(key, null);
    navigate(`/?view=day&date=${date}`);
  };

  const body = () => ({
    title: fields.title,
    note: fields.note,
    date: fields.date,
    start: fields.allDay ? null : fields.start,
    end: fields.allDay ? null : fields.end,
    repeat: fields.repeat,
  });
  const form = useSubmit(
    async () => {
      const saved = event ? await updateEvent(event, body()) : await createEvent(body());
      toast(t`Event saved`);
      leave(saved.date);
    },
    { failed: (err) => errorText(err, t`Could not save the event`) },
  );
  const removal = useSubmit(
    async () => {
      if (!event) return;
      await deleteEvent(event.id);
      toast(t`Event deleted`);
      leave(event.date);
    },
    { failed: (err) => errorText(err, t`Could not delete the event`) },
  );
  const busy = form.busy || removal.busy;
  const repeats: Record<EventRepeat, string> = {
    none: t`Does not repeat`,
    weekly: t`Every week`,
    monthly: t`Every month`,
    yearly: t`Every year`,
  };
  const error = form.error || removal.error;

  return (
    <section className="stack event-page">
      <h1>{event ? <Trans>Edit event</Trans> : <Trans>New event</Trans>}</h1>
      {/* The API is the one judge of the fields (noValidate): its words are shown, in the reader's language. */}
      <form className="stack event-form" onSubmit={form.onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-title`}>
            <Trans>Title</Trans>
          </label>
          <input
            id={`${id}-title`}
            className="input"
            dir="auto"
            maxLength={EVENT_TITLE_MAX}
            required
            value={fields.title}
            disabled={busy}
            onChange={(e) => set({ title: e.target.value })}
          />
        </div>
        <div className="event-when">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-date`}>
              <Trans>Date</Trans>
            </label>
            <input
              id={`${id}-date`}
              className="input"
              type="date"
              required
              value={fields.date}
              disabled={busy}
              onChange={(e) => set({ date: e.target.value })}
            />
          </div>
          {!fields.allDay && (
            <>
              <div className="field">
                <label className="field-label" htmlFor={`${id}-start`}>
                  <Trans>Starts</Trans>
                </label>
                <input
                  id={`${id}-start`}
                  className="input"
                  type="time"
                  value={fields.start}
                  disabled={busy}
                  onChange={(e) => set({ start: e.target.value })}
                />
              </div>
              <div className="field">
                <label className="field-label" htmlFor={`${id}-end`}>
                  <Trans>Ends</Trans>
                </label>
                <input
                  id={`${id}-end`}
                  className="input"
                  type="time"
                  value={fields.end}
                  disabled={busy}
                  aria-describedby={`${id}-end-hint`}
                  onChange={(e) => set({ end: e.target.value })}
                />
              </div>
            </>
          )}
        </div>
        {!fields.allDay && fields.end <= fields.start && (
          <p className="muted form-hint" id={`${id}-end-hint`}>
            <Trans>It ends the next day.</Trans>
          </p>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={fields.allDay}
            disabled={busy}
            onChange={(e) => set({ allDay: e.target.checked })}
          />{" "}
          <Trans>All day</Trans>
        </label>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-repeat`}>
            <Trans>Repeat</Trans>
          </label>
          <select
            id={`${id}-repeat`}
            className="input"
            value={fields.repeat}
            disabled={busy}
            onChange={(e) => set({ repeat: e.target.value as EventRepeat })}
          >
            {EVENT_REPEATS.map((r) => (
              <option key={r} value={r}>
                {repeats[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-note`}>
            <Trans>Note</Trans>
          </label>
          <textarea
            id={`${id}-note`}
            className="input"
            dir="auto"
            rows={4}
            maxLength={EVENT_NOTE_MAX}
            value={fields.note}
            disabled={busy}
            onChange={(e) => set({ note: e.target.value })}
          />
        </div>
        <p className="muted form-hint">
          <Trans>Times are in your profile's time zone.</Trans>
        </p>
        <p className="error-line" role="alert">
          {error}
        </p>
        <div className="row">
          <button className="button" type="submit" disabled={busy}>
            {event ? <Trans>Update</Trans> : <Trans>Add</Trans>}
          </button>
          <button
            className="button button-quiet"
            type="button"
            disabled={busy}
            onClick={() => leave(event?.date ?? fields.date)}
          >
            <Trans>Cancel</Trans>
          </button>
          {event && <DeleteButton disabled={busy} onConfirm={() => void removal.run()} />}
        </div>
      </form>
    </section>
  );
}
