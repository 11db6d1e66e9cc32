import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppType } from "@nook/api/app";
import { ACCOUNT_HEADER } from "@nook/shared/common/account-header";
import type { CodedMessage, MessageValues, ServerCode } from "@nook/shared/common/messages";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { accountHeaders, adoptAccount, noticeSwitch, startAccount } from "./account.ts";
import { loadServerMessages, serverText } from "./server-messages.ts";
import { announcing, isUnsafe } from "./writes.ts";

/** This tab's own sign-ins and sign-outs: once answered, the page is the account the browser now names. */
const SIGNING = /^\/api\/(auth\/(login|register|logout|passkeys\/login)|prodyalogin|user\/account)$/;

/** Never settles: the page is starting again as another account, and this call's end is never shown. */
const never = () => new Promise<Response>(() => {});

/**
 * The answer to a call whose answer is another account's while this page is still its own: a 409 by its code
 * alone, its words in the server's catalog (no server message is in a first load).
 */
const otherAccount = () => Response.json({ code: "platform.otherAccount", values: {} }, { status: 409 });

/**
 * `fetch` that keeps a page to its account (DESIGN "In the pocket"): nothing is sent once another tab has
 * changed the browser's account (the page starts again as it, account.ts), a write names the page's account
 * (the API refuses it for another session), and an answer that is another account's is never shown or kept.
 */
export function accountFetch(fetcher: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (noticeSwitch()) return never();
    const request = input instanceof Request ? input : null;
    const method = init?.method ?? request?.method;
    let sent = init;
    if (isUnsafe(method)) {
      const headers = new Headers(init?.headers ?? request?.headers);
      for (const [name, value] of Object.entries(accountHeaders())) headers.set(name, value);
      sent = { ...init, headers };
    }
    const res = await fetcher(input, sent);
    const path = new URL(String(request?.url ?? input), "http://x").pathname;
    if (res.ok && SIGNING.test(path)) {
      adoptAccount();
      return res;
    }
    if (noticeSwitch()) return never();
    const whose = res.headers.get(ACCOUNT_HEADER);
    if (whose !== null && whose !== String(startAccount())) {
      await res.body?.cancel();
      return otherAccount();
    }
    return res;
  };
}

/**
 * The typed API client: every site calls /api on its own origin, with the
 * session cookie, as the page's account; a successful write tells the site's other tabs (writes.ts).
 */
export const api = hc<AppType>(typeof location === "undefined" ? "http://localhost" : location.origin, {
  init: { credentials: "include" },
  fetch: announcing(accountFetch((input, init) => fetch(input, init))),
}).api;

/** This browser's IANA zone: sent at sign-in (a profile without a zone takes it) and compared with the profile's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The profile's zone as the last auth check told it; null before one, or signed out. */
let profileZone: string | null = null;

/** Set by the auth check (auth.tsx): the profile's zone, "UTC" for a profile without one, as the API counts. */
export function setProfileTimeZone(zone: string | null) {
  profileZone = zone;
}

/**
 * The zone screens count days in (DESIGN §3): the profile's, not the browser's,
 * once the auth check has told it (a signed-in screen renders after it); the
 * browser's before, and signed out. Sent as `?tz=` where the API counts local
 * days, so the two never disagree about which zone they mean.
 */
export function readerTimeZone(): string {
  return profileZone ?? browserTimeZone();
}

const NO_NETWORK = msg`Offline — this needs the network`;

/**
 * A call that did not succeed: its HTTP status (0 when the network failed)
 * and the server's message, if it sent one: its English text, its code and
 * values.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    /** The server's words as sent (English). */
    readonly serverMessage: string | null,
    /** The server's message by code and values, when it named one. */
    readonly said: CodedMessage | null = null,
    /** A 409 of a stale write (platform.versionConflict): the row as it is now. */
    readonly current: unknown = undefined,
  ) {
    super(serverMessage ?? (status ? `HTTP ${status}` : "Network error"));
  }

  /** The code of the server's message, or null. */
  get code(): ServerCode | null {
    return this.said?.code ?? null;
  }

  /**
   * The server's message in the reader's language (the English as sent when no catalog knows it), or null;
   * with no answer at all and the browser offline, that the network is missing (a screen that needs
   * it says so in words).
   */
  get text(): string | null {
    // No answer while the browser knows it has no network: said as such; with a network, the screen's own words.
    if (this.status === 0) return typeof navigator !== "undefined" && !navigator.onLine ? i18n._(NO_NETWORK) : null;
    // A code the page itself answers with has no English beside it: its words are the catalog's, or none.
    if (this.said) return serverText(this.said, this.serverMessage ?? "") || null;
    return this.serverMessage;
  }
}

/** The body of a typed response's success statuses only. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

const isValues = (x: unknown): x is MessageValues =>
  typeof x === "object" &&
  x !== null &&
  !Array.isArray(x) &&
  Object.values(x).every((v) => typeof v === "string" || typeof v === "number");

/** The ApiError of an error response: its English, and its code and values when it names a code. */
async function errorOf(res: { status: number; json(): Promise<unknown> }): Promise<ApiError> {
  let body: { message?: unknown; error?: unknown; code?: unknown; values?: unknown; current?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return new ApiError(res.status, null);
  }
  const text = body.message ?? body.error;
  const english = typeof text === "string" && text ? text : null;
  // The code is the API's (DESIGN §3); one this page's catalog does not know shows the English.
  const said =
    typeof body.code === "string"
      ? { code: body.code as ServerCode, values: isValues(body.values) ? body.values : {} }
      : null;
  return new ApiError(res.status, english, said, body.current);
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
  if (!res.ok) {
    const error = await errorOf(res);
    // Its text is read at once, in the reader's language: the server catalog is loaded before the error is thrown.
    if (error.said) await loadServerMessages().catch(() => {});
    throw error;
  }
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
