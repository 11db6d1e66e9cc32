import type { AppType } from "@nook/api/app";
import { hc } from "hono/client";

/** The typed API client: every site calls /api on its own origin, with the session cookie. */
export const api = hc<AppType>(typeof location === "undefined" ? "http://localhost" : location.origin, {
  init: { credentials: "include" },
}).api;

/** The server's message of a failed response, if it sent one. */
export async function errorMessage(res: { json(): Promise<unknown> }): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown; error?: unknown };
    const text = body.message ?? body.error;
    return typeof text === "string" && text ? text : undefined;
  } catch {
    return undefined;
  }
}
