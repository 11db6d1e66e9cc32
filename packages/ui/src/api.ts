import type { AppType } from "@nook/api/app";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { translateServerMessage } from "./server-messages.ts";
import { announcing } from "./writes.ts";

/**
 * The typed API client: every site calls /api on its own origin, with the
 * session cookie; a successful write tells the site's other tabs (writes.ts).
 */
export const api = hc<AppType>(typeof location === "undefined" ? "http://localhost" : location.origin, {
  init: { credentials: "include" },
  fetch: announcing((input, init) => fetch(input, init)),
}).api;

/** The reader's IANA zone, sent as `?tz=` where the API counts local days (DESIGN §3). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A call that did not succeed: its HTTP status (0 when the network failed)
 * and the server's message, if it sent one.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    /** The server's words as sent (English). */
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? (status ? `HTTP ${status}` : "Network error"));
  }

  /** The server's message in the reader's language (the raw text when no catalog knows it), or null. */
  get text(): string | null {
    return this.serverMessage === null ? null : translateServerMessage(this.serverMessage);
  }
}

/** The body of a typed response's success statuses only. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

async function serverMessageOf(res: { json(): Promise<unknown> }): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown; error?: unknown };
    const text = body.message ?? body.error;
    return typeof text === "string" && text ? text : null;
  } catch {
    return null;
  }
}

/**
 * Awaits a typed call and returns its success body, typed from the route;
 * anything else — an error status or no answer — is an ApiError.
 *   const entry = await ok(api.journal.entries.$post({ json }));
 */
export async function ok<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  let res: R;
  try {
    res = await request;
  } catch {
    throw new ApiError(0, null);
  }
  if (!res.ok) throw new ApiError(res.status, await serverMessageOf(res));
  return (await res.json()) as SuccessBody<R>;
}

/** The spec's failure text followed by the server's reason, translated, when it gave one: "Failed to …: reason". */
export function withReason(text: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.text : null;
  return reason ? `${text}: ${reason}` : text;
}

/** What to show for a failed call: the server's words translated, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.text) || fallback;
}
