import { env } from "cloudflare:test";
import { app } from "../app.ts";
import { bearer, ORIGIN } from "../test/helpers.ts";

/**
 * random.org's JSON-RPC as the tests' outbound fetch sees it: it answers
 * `generateIntegers` with `answer` when a test sets it, else with fixed numbers
 * (`countDown`), or fails the way the test says. Never the shipped draws: what
 * a test expects is known before the call.
 */
export const SERVICE_URL = "https://random.service.test/json-rpc/4/invoke";
export const SERVICE_KEY = "test-key-never-in-a-bundle";

export type ServiceFailure =
  | "rpc-error"
  | "500"
  | "timeout"
  | "not-json"
  | "out-of-range"
  | "too-few"
  | "repeats"
  | null;

/** `n` numbers counting down from `max` (distinct while `n` fits the range), then round again from `max`. */
export const countDown = (n: number, min: number, max: number) =>
  Array.from({ length: n }, (_, i) => max - (i % (max - min + 1)));

export class RandomService {
  fail: ServiceFailure = null;
  /** The numbers the service answers, when a test chooses them. */
  answer: number[] | null = null;
  requests: { url: string; body: { jsonrpc: string; method: string; params: Record<string, unknown>; id: unknown } }[] =
    [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url !== SERVICE_URL) throw new Error(`unexpected outbound request: ${url}`);
    const body = JSON.parse(String(init?.body)) as RandomService["requests"][number]["body"];
    this.requests.push({ url, body });
    const { n, min, max } = body.params as { n: number; min: number; max: number };
    const json = (value: unknown) => Response.json(value);
    switch (this.fail) {
      case "timeout":
        return new Promise((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason ?? new Error("aborted"))),
        );
      case "500":
        return new Response("<html>upstream broke</html>", { status: 500 });
      case "not-json":
        return new Response("{", { status: 200 });
      case "rpc-error":
        return json({
          jsonrpc: "2.0",
          error: { code: 401, message: "The API key you specified does not exist" },
          id: body.id,
        });
      case "out-of-range":
        return json({ jsonrpc: "2.0", result: { random: { data: Array(n).fill(max + 1) } }, id: body.id });
      case "too-few":
        return json({
          jsonrpc: "2.0",
          result: { random: { data: countDown(Math.max(0, n - 1), min, max) } },
          id: body.id,
        });
      case "repeats":
        return json({ jsonrpc: "2.0", result: { random: { data: Array(n).fill(min) } }, id: body.id });
      default:
        return json({
          jsonrpc: "2.0",
          result: {
            random: {
              data: this.answer ?? countDown(n, min, max),
              completionTime: "",
            },
            bitsUsed: 16,
            bitsLeft: 249_984,
            requestsLeft: 999,
            advisoryDelay: 0,
          },
          id: body.id,
        });
    }
  };
}

/** The Worker's bindings with the service configured (its key a secret), or as given. */
export function withService(vars: Record<string, string> = {}): typeof env {
  // The key is a secret, not a var of wrangler.toml: `Env` does not name it.
  return {
    ...env,
    RANDOM_ORG_URL: SERVICE_URL,
    RANDOM_ORG_API_KEY: SERVICE_KEY,
    RANDOM_TIMEOUT_MS: "150",
    ...vars,
  } as typeof env;
}

/** POST /api/random/integers as a user (null: signed out), against the given bindings. */
export async function integersCall(
  user: { token: string } | null,
  body: unknown,
  bindings: typeof env = withService(),
) {
  return app.request(
    `${ORIGIN}/api/random/integers`,
    {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/json",
        ...(user ? bearer(user.token) : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    bindings,
  );
}
