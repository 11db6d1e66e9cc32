import { bearer, ORIGIN, send } from "../test/helpers.ts";

/** An event as the calendar's form sends one. */
export const DENTIST = {
  title: "Dentist",
  note: "Bring the card",
  date: "2026-03-19",
  start: "09:00",
  end: "09:45",
  repeat: "none",
};

/** A JSON call to /api/calendar as a signed-in user, for what the typed client forbids. */
export const calendarCall = (
  user: { token: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => send(method, `${ORIGIN}/api/calendar${path}`, body, { ...bearer(user.token), Origin: ORIGIN, ...headers });
