import type { CalendarEvent } from "@nook/shared/calendar/events";
import type { EventBody, FeedBody } from "@nook/shared/calendar/schemas";
import { api, ok } from "@nook/ui/api";
import { invalidate } from "@nook/ui/use-data";
import { keyedWrite } from "@nook/ui/write-key";

/** The useData key of the reader's events (the form finds the one it edits there). */
export const EVENTS_KEY = "calendar/events";

/** Every answer that shows events: the spans' days, the list. */
const refresh = () => invalidate((key) => key.startsWith("calendar/"));

export async function loadEvents(): Promise<CalendarEvent[]> {
  return (await ok(api.calendar.events.$get())).data;
}

/** A new event, once however often it is retried (its Idempotency-Key). */
export async function createEvent(json: EventBody): Promise<CalendarEvent> {
  const made = await keyedWrite("calendar/event-create", json, (headers) =>
    ok(api.calendar.events.$post({ json }, { headers })),
  );
  refresh();
  return made.data;
}

/** The event replaced, against the version it was read at: changed elsewhere meanwhile, it is a 409, nothing lost. */
export async function updateEvent(event: CalendarEvent, json: EventBody): Promise<CalendarEvent> {
  const param = { id: String(event.id) };
  const saved = await keyedWrite(`calendar/event-${event.id}`, json, (headers) =>
    ok(api.calendar.events[":id"].$put({ param, json }, { headers: { ...headers, "If-Match": event.modifiedAt } })),
  );
  refresh();
  return saved.data;
}

export async function deleteEvent(id: number): Promise<void> {
  await ok(api.calendar.events[":id"].$delete({ param: { id: String(id) } }));
  refresh();
}

/** The feed's settings: its address and reminders; null when there is none. */
export type Feed = Awaited<ReturnType<typeof createFeed>>;

export const FEED_KEY = "calendar/feed";

/** The feed's settings, or null when there is none yet: a normal state (200 null), the page offers to make one. */
export function loadFeed() {
  return ok(api.calendar.feed.$get());
}

/** A new address (the old one ends at once). */
export function createFeed(json: FeedBody) {
  return ok(api.calendar.feed.$post({ json }));
}

/** New reminders on the same address. */
export function updateFeed(json: FeedBody) {
  return ok(api.calendar.feed.$put({ json }));
}

export async function deleteFeed(): Promise<void> {
  await ok(api.calendar.feed.$delete());
}
