/**
 * Account admin over wrangler's D1, local (default) or remote, with the API's
 * own account rules (workers/api/src/auth/accounts.ts).
 *   npm run user -- add --email ann@example.com --name Ann --username ann [--password ...] [--remote]
 *   npm run user -- list [--remote]
 *   npm run user -- set-password --email ann@example.com [--password ...] [--remote]
 * Without --password a strong one is generated and printed once. Local runs use
 * `npm start`'s database; --persist-to names another state folder.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import * as v from "valibot";
import { RegisterBody } from "../packages/shared/src/auth/schemas.ts";
import { firstIssueMessage } from "../packages/shared/src/common/validation.ts";
import { accountTaken, insertAccount, replacePassword } from "../workers/api/src/auth/accounts.ts";
import { hashPassword } from "../workers/api/src/auth/password.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import { wranglerDb } from "./d1-proxy.ts";

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
const where = values.remote ? "remote" : "local";
// Local runs use the same state folder as `npm start`.
const db = wranglerDb(values.remote ? ["--remote"] : ["--local", "--persist-to", values["persist-to"]]);

function die(text: string): never {
  console.error(text);
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
      `${firstIssueMessage(parsed.issues).text}\nusage: npm run user -- add --email E --name N --username U [--password P] [--remote]`,
    );
  const { email, name, username } = parsed.output;
  try {
    await insertAccount(db, { email, name, username, passwordHash: await hashPassword(password) });
  } catch (err) {
    const taken = accountTaken(err);
    if (taken) die(taken.text);
    throw err;
  }
  console.log(`added ${email} (${where})${values.password ? "" : `\npassword: ${password}`}`);
} else if (command === "list") {
  const rows = await db
    .select({ id: users.id, email: users.email, username: users.username, name: users.name })
    .from(users)
    .orderBy(asc(users.id));
  for (const u of rows) console.log(`${u.id}\t${u.email}\t${u.username}\t${u.name}`);
} else if (command === "set-password") {
  if (!values.email) die("usage: npm run user -- set-password --email E [--password P] [--remote]");
  const password = values.password ?? randomBytes(12).toString("base64url");
  const checked = v.safeParse(RegisterBody.entries.password, password);
  if (!checked.success) die(firstIssueMessage(checked.issues).text);
  const email = values.email.trim().toLowerCase();
  const found = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!found) die(`No account with email ${email}`);
  // A new password ends every session of the account.
  await replacePassword(db, found.id, await hashPassword(password));
  console.log(`password set for ${email}${values.password ? "" : `\npassword: ${password}`}`);
} else {
  die("usage: npm run user -- add|list|set-password [--email E --name N --username U --password P] [--remote]");
}
