/**
 * Account admin over the API's D1, local (default) or remote, with the API's
 * own account rules (workers/api/src/auth/accounts.ts).
 *   npm run user -- add --email ann@example.com --name Ann --username ann [--password ...] [--remote]
 *   npm run user -- list [--remote]
 *   npm run user -- set-password --email ann@example.com [--password ...] [--remote]
 *   npm run user -- invite ann@example.com [--site https://auth.example.com] [--remote]
 * Without --password a strong one is generated and printed once. `invite` prints a single-use link to the
 * sign-up page lasting 7 days, made in the name of that account (auth/invites.ts), on the auth site: --site,
 * or locally `npm start`'s (PORT or 8787), remotely `https://auth.<ROOT_DOMAIN>` of wrangler.toml. Local runs use
 * `npm start`'s database; --persist-to names another state folder.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import * as v from "valibot";
import { INVITES_WAITING_MAX, RegisterBody } from "../packages/shared/src/auth/schemas.ts";
import { firstIssueMessage } from "../packages/shared/src/common/validation.ts";
import { accountTaken, insertAccount, replacePassword } from "../workers/api/src/auth/accounts.ts";
import { makeInvite } from "../workers/api/src/auth/invites.ts";
import { hashPassword } from "../workers/api/src/auth/password.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import { weakPassword } from "../workers/api/src/auth/weak-passwords.ts";
import type { Db } from "../workers/api/src/platform/db.ts";
import { openD1 } from "./d1.ts";

const OPTIONS = {
  email: { type: "string" },
  name: { type: "string" },
  username: { type: "string" },
  password: { type: "string" },
  site: { type: "string" },
  remote: { type: "boolean", default: false },
  "persist-to": { type: "string", default: ".wrangler/state" },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

/** Where the command writes: its lines, and a refusal's words. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** What the command refuses: printed alone, exit code 1. */
class Refused extends Error {}

const generated = () => randomBytes(12).toString("base64url");

/** The auth site's origin an invite link opens: --site, else the local suite's, else the deployment's root domain's. */
function authSite(values: Values): string {
  if (values.site) return values.site.replace(/\/+$/, "");
  if (!values.remote) return `http://auth.nook.localhost:${process.env.PORT ?? "8787"}`;
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const root = /^ROOT_DOMAIN\s*=\s*"([^"]*)"/m.exec(toml)?.[1];
  if (!root) throw new Refused("ROOT_DOMAIN is not set in wrangler.toml: name the auth site with --site https://…");
  return `https://auth.${root}`;
}

/** The command to run once the database is open, its input checked before (no proxy is started for a typo). */
function command(
  name: string | undefined,
  values: Values,
  out: Output,
  positionals: string[] = [],
): (db: Db) => Promise<void> {
  const where = values.remote ? "remote" : "local";
  if (name === "add") {
    const password = values.password ?? generated();
    const parsed = v.safeParse(RegisterBody, {
      email: values.email,
      name: values.name,
      username: values.username,
      password,
    });
    if (!parsed.success)
      throw new Refused(
        `${firstIssueMessage(parsed.issues).text}\nusage: npm run user -- add --email E --name N --username U [--password P] [--remote]`,
      );
    const { email, username } = parsed.output;
    const weak = weakPassword(password, { email, username });
    if (weak) throw new Refused(weak.text);
    return async (db) => {
      try {
        await insertAccount(db, {
          email,
          name: parsed.output.name,
          username,
          passwordHash: await hashPassword(password),
        });
      } catch (err) {
        const taken = accountTaken(err);
        if (taken) throw new Refused(taken.text);
        throw err;
      }
      out.log(`added ${email} (${where})${values.password ? "" : `\npassword: ${password}`}`);
    };
  }
  if (name === "list")
    return async (db) => {
      const rows = await db
        .select({ id: users.id, email: users.email, username: users.username, name: users.name })
        .from(users)
        .orderBy(asc(users.id));
      for (const u of rows) out.log(`${u.id}\t${u.email}\t${u.username}\t${u.name}`);
    };
  if (name === "set-password") {
    if (!values.email) throw new Refused("usage: npm run user -- set-password --email E [--password P] [--remote]");
    const password = values.password ?? generated();
    const checked = v.safeParse(RegisterBody.entries.password, password);
    if (!checked.success) throw new Refused(firstIssueMessage(checked.issues).text);
    const email = values.email.trim().toLowerCase();
    return async (db) => {
      const found = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.email, email))
        .get();
      if (!found) throw new Refused(`No account with email ${email}`);
      const weak = weakPassword(password, { email, username: found.username });
      if (weak) throw new Refused(weak.text);
      // A new password ends every session of the account.
      await replacePassword(db, found.id, await hashPassword(password));
      out.log(`password set for ${email}${values.password ? "" : `\npassword: ${password}`}`);
    };
  }
  if (name === "invite") {
    const given = values.email ?? positionals[1];
    if (!given) throw new Refused("usage: npm run user -- invite EMAIL [--site https://auth.example.com] [--remote]");
    const email = given.trim().toLowerCase();
    const site = authSite(values);
    return async (db) => {
      const found = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      if (!found) throw new Refused(`No account with email ${email}`);
      const invite = await makeInvite(db, found.id);
      if (!invite)
        throw new Refused(`${email} has ${INVITES_WAITING_MAX} invite links waiting: withdraw one on the profile`);
      out.log(
        `${site}/signup?invite=${invite.token}\n(one account, until ${new Date(invite.expiresAt).toISOString()}; ${where})`,
      );
    };
  }
  throw new Refused(
    "usage: npm run user -- add|list|set-password|invite [--email E --name N --username U --password P] [--remote]",
  );
}

/** Runs the command (its arguments as after `npm run user --`) and resolves to its exit code. */
export async function user(args: string[], out: Output = console): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  try {
    const run = command(positionals[0], values, out, positionals);
    const { db, close } = await openD1(values.remote ? "remote" : { persistTo: values["persist-to"] });
    try {
      await run(db);
    } finally {
      await close();
    }
    return 0;
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    out.error(err.message);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await user(process.argv.slice(2));
