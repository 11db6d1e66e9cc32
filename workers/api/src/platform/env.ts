import { isRootDomain } from "@nook/shared/common/cookie-domain";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import type { PasswordAlgorithm, PasswordCost } from "../auth/password.ts";
import type { AppEnv } from "./context.ts";
import { openSession, writeBookmark } from "./d1-session.ts";
import { newD1Time, serverTiming, timedD1 } from "./d1-timing.ts";
import { openDb } from "./db.ts";

/**
 * The vars and secrets of wrangler.toml (and `.dev.vars` locally), checked
 * once: a missing JWT_SECRET or a misspelt PASSWORD_HASH fails every request
 * with a 500 and a log line naming the setting, never silently per request.
 */
/** A service's base URL (http or https, no trailing slash needed), or empty for none. */
function serviceUrl(name: string) {
  return v.pipe(
    v.string(`${name} must be a URL or empty`),
    v.check((s) => s === "" || /^https?:\/\/[^\s]+$/.test(s), `${name} must be an http(s) URL or empty`),
    v.transform((s) => s.replace(/\/+$/, "")),
  );
}

const Vars = v.object({
  JWT_SECRET: v.pipe(
    v.string("JWT_SECRET must be a string"),
    v.minLength(32, "JWT_SECRET must be at least 32 characters"),
  ),
  SIGNUP: v.optional(v.picklist(["open", "closed"], 'SIGNUP must be "open" or "closed"'), "closed"),
  DEV_LOGIN: v.optional(v.picklist(["true", "false"], 'DEV_LOGIN must be "true" or "false"'), "false"),
  DEMO_EMAIL: v.optional(v.pipe(v.string(), v.email("DEMO_EMAIL must be an email address")), "demo@nook.localhost"),
  PASSWORD_HASH: v.optional(v.picklist(["scrypt", "pbkdf2"], 'PASSWORD_HASH must be "scrypt" or "pbkdf2"'), "scrypt"),
  // Set by the test suites only (auth/password.ts PasswordCost); a deployment leaves it out.
  PASSWORD_COST: v.optional(v.picklist(["owasp", "test"], 'PASSWORD_COST must be "owasp" or "test"'), "owasp"),
  PRODUCT_NAME: v.optional(v.pipe(v.string(), v.nonEmpty("PRODUCT_NAME must not be empty")), "Nook"),
  // The suite's apex (DESIGN §4): the session cookie's domain and the Origin check's root. Empty: see cookieDomain.
  ROOT_DOMAIN: v.optional(
    v.pipe(
      v.string("ROOT_DOMAIN must be a domain name or empty"),
      v.transform((s) => s.trim().toLowerCase()),
      v.check((s) => s === "" || isRootDomain(s), "ROOT_DOMAIN must be a domain name such as example.com, or empty"),
    ),
    "",
  ),
  // Donation polling's block explorers (donate/poll.ts); empty means that chain is not polled.
  DONATE_BTC_API: v.optional(serviceUrl("DONATE_BTC_API"), ""),
  DONATE_ETH_API: v.optional(serviceUrl("DONATE_ETH_API"), ""),
  ETHERSCAN_API_KEY: v.optional(v.string("ETHERSCAN_API_KEY must be a string"), ""),
  DONATE_POLL_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{2,6}$/, "DONATE_POLL_TIMEOUT_MS must be a number of milliseconds"),
      v.transform(Number),
    ),
    "8000",
  ),
  // The third-party random-number service (random/random-org.ts): its JSON-RPC endpoint and key.
  RANDOM_ORG_URL: v.optional(serviceUrl("RANDOM_ORG_URL"), "https://api.random.org/json-rpc/4/invoke"),
  RANDOM_ORG_API_KEY: v.optional(v.string("RANDOM_ORG_API_KEY must be a string"), ""),
  RANDOM_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{2,6}$/, "RANDOM_TIMEOUT_MS must be a number of milliseconds"), v.transform(Number)),
    "5000",
  ),
  // Web Push (push/web-push.ts): the VAPID private key, a secret (`npm run vapid` makes one); empty, no pushes.
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string("VAPID_PRIVATE_KEY must be a string"),
      v.regex(/^([A-Za-z0-9_-]{43})?$/, "VAPID_PRIVATE_KEY must be 32 bytes in base64url (npm run vapid makes one)"),
    ),
    "",
  ),
  // The contact a push service may reach the sender at (RFC 8292 §2.1); empty, https://ROOT_DOMAIN.
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string("VAPID_SUBJECT must be a string"),
      v.regex(/^((mailto:|https:\/\/)[^\s]+)?$/, "VAPID_SUBJECT must be a mailto: or https: address, or empty"),
    ),
    "",
  ),
});

export interface Config {
  jwtSecret: string;
  signupOpen: boolean;
  devLogin: boolean;
  demoEmail: string;
  passwordHash: PasswordAlgorithm;
  passwordCost: PasswordCost;
  productName: string;
  /**
   * The suite's apex (ROOT_DOMAIN), or null when unset: then `*.localhost` shares its last two labels (local dev)
   * and any other host is on its own — a host-only cookie, only its own Origin (cookie-domain.ts cookieDomain).
   */
  rootDomain: string | null;
  /** Donation polling: the explorers' base URLs (null when unset) and Etherscan's key. */
  donate: { btcApi: string | null; ethApi: string | null; ethApiKey: string | null; timeoutMs: number };
  /** The random-number service: null when its endpoint or key is unset (DESIGN §5: the key is a secret). */
  random: { url: string; apiKey: string; timeoutMs: number } | null;
  /** Web Push: the VAPID private key (its public half is worked out of it) and contact; null without a key. */
  push: { privateKey: string; subject: string } | null;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the Worker's settings; throws a ConfigError naming every bad one. */
export function parseConfig(env: Record<string, unknown>): Config {
  const result = v.safeParse(Vars, env);
  if (!result.success) {
    const words = result.issues.map((i) => {
      const key = i.path?.map((p) => String(p.key)).join(".");
      return key && i.input === undefined ? `${key} is not set (wrangler.toml vars, secrets, or .dev.vars)` : i.message;
    });
    throw new ConfigError(`Invalid Worker settings: ${words.join("; ")}`);
  }
  const vars = result.output;
  return {
    jwtSecret: vars.JWT_SECRET,
    signupOpen: vars.SIGNUP === "open",
    devLogin: vars.DEV_LOGIN === "true",
    demoEmail: vars.DEMO_EMAIL.toLowerCase(),
    passwordHash: vars.PASSWORD_HASH,
    passwordCost: vars.PASSWORD_COST,
    productName: vars.PRODUCT_NAME,
    rootDomain: vars.ROOT_DOMAIN || null,
    donate: {
      btcApi: vars.DONATE_BTC_API || null,
      ethApi: vars.DONATE_ETH_API || null,
      ethApiKey: vars.ETHERSCAN_API_KEY || null,
      timeoutMs: vars.DONATE_POLL_TIMEOUT_MS,
    },
    random:
      vars.RANDOM_ORG_URL && vars.RANDOM_ORG_API_KEY
        ? { url: vars.RANDOM_ORG_URL, apiKey: vars.RANDOM_ORG_API_KEY, timeoutMs: vars.RANDOM_TIMEOUT_MS }
        : null,
    push: vars.VAPID_PRIVATE_KEY
      ? {
          privateKey: vars.VAPID_PRIVATE_KEY,
          subject:
            vars.VAPID_SUBJECT || (vars.ROOT_DOMAIN ? `https://${vars.ROOT_DOMAIN}` : "mailto:push@nook.localhost"),
        }
      : null,
  };
}

// One parse per env object: workerd hands every request of an isolate the same one.
const parsed = new WeakMap<object, Config>();

export function configOf(env: Env): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env as unknown as Record<string, unknown>);
    parsed.set(env, config);
  }
  return config;
}

/**
 * Puts the parsed settings and the database on `c.var` for every handler: the request's D1 session
 * (`c.var.d1`, at the browser's bookmark; d1-session.ts) and drizzle over it. After the request the
 * session's bookmark goes back in its cookie, an error's answer included.
 */
export const platform = createMiddleware<AppEnv>(async function platform(c, next) {
  c.set("config", configOf(c.env));
  const session = await openSession(c);
  // Local runs and tests tell each answer's time in the database (d1-timing.ts).
  const time = c.var.config.devLogin ? newD1Time() : null;
  const d1 = time ? timedD1(session, time) : session;
  c.set("d1", d1);
  // drizzle needs only `prepare` and `batch`, which a session has as the binding has.
  c.set("db", openDb(d1 as unknown as D1Database));
  await next();
  await writeBookmark(c, d1);
  if (time) c.res.headers.set("Server-Timing", serverTiming(time));
});
