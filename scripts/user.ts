/**
 * Account admin over wrangler's D1, local (default) or remote.
 *   npm run user -- add --email ann@example.com --name Ann --username ann [--password ...] [--remote]
 *   npm run user -- list [--remote]
 *   npm run user -- set-password --email ann@example.com [--password ...] [--remote]
 * Without --password a strong one is generated and printed once. Local runs use
 * `npm start`'s database; --persist-to names another state folder.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import * as v from "valibot";
import { firstIssueMessage, RegisterBody } from "../packages/shared/src/auth.ts";
import { hashPassword } from "../workers/api/src/auth/password.ts";
import { sqlString } from "./suite.ts";
import { wrangler } from "./wrangler.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    username: { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string", default: ".wrangler/state" },
  },
});
const where = values.remote ? "--remote" : "--local";
// Local runs use the same state folder as `npm start`.
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values["persist-to"]];

function run(sql: string) {
  const out = wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true });
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[]).at(-1)?.results ?? [];
}

function die(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = positionals[0];
if (command === "add") {
  const password = values.password ?? randomBytes(12).toString("base64url");
  const parsed = v.safeParse(RegisterBody, {
    email: values.email,
    name: values.name,
    username: values.username,
    password,
  });
  if (!parsed.success)
    die(
      `${firstIssueMessage(parsed.issues)}\nusage: npm run user -- add --email E --name N --username U [--password P] [--remote]`,
    );
  const { email, name, username } = parsed.output;
  const taken = run(
    `SELECT email, username FROM users WHERE email = ${sqlString(email)} OR username = ${sqlString(username)}`,
  );
  if (taken.length) die(taken[0]?.email === email ? "Email is already in use" : "Username is already taken");
  run(
    `INSERT INTO users (email, name, username, password_hash) VALUES (${sqlString(email)}, ${sqlString(name)}, ${sqlString(username)}, ${sqlString(await hashPassword(password))})`,
  );
  console.log(`added ${email} (${where.slice(2)})${values.password ? "" : `\npassword: ${password}`}`);
} else if (command === "list") {
  for (const u of run("SELECT id, email, name, username FROM users ORDER BY id"))
    console.log(`${u.id}\t${u.email}\t${u.username}\t${u.name}`);
} else if (command === "set-password") {
  const password = values.password ?? randomBytes(12).toString("base64url");
  if (!values.email) die("usage: npm run user -- set-password --email E [--password P] [--remote]");
  if (password.length < 8 || password.length > 128) die("Password must be 8 to 128 characters");
  const email = values.email.trim().toLowerCase();
  const found = run(`SELECT id FROM users WHERE email = ${sqlString(email)}`);
  if (!found.length) die(`No account with email ${email}`);
  // A new password ends every session of the account.
  run(
    `UPDATE users SET password_hash = ${sqlString(await hashPassword(password))} WHERE email = ${sqlString(email)}; DELETE FROM sessions WHERE user_id = ${Number(found[0]?.id)}`,
  );
  console.log(`password set for ${email}${values.password ? "" : `\npassword: ${password}`}`);
} else {
  die("usage: npm run user -- add|list|set-password [--email E --name N --username U --password P] [--remote]");
}
