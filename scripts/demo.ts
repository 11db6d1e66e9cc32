/**
 * The demo account of the local suite (README "The demo"):
 *   npm run demo -- reset     its rows removed, then the account made again with a year ending today
 * Works on the state `npm start` uses (.wrangler/state), beside a running `npm start` too: the demo signs
 * in again afterwards (its sessions end with it). Other accounts are left as they are.
 */
import { eq } from "drizzle-orm";
import { leaveStatements, purgeAccount } from "../workers/api/src/auth/delete-account.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import { openD1 } from "./d1.ts";
import { applyMigrations, DEMO, ensureDevVars, insertDemo, seedDemoYear } from "./suite.ts";
import { repo } from "./wrangler.ts";

const [command] = process.argv.slice(2);
if (command !== "reset") {
  console.error("usage: npm run demo -- reset");
  process.exit(2);
}

const persistTo = `${repo}.wrangler/state`;
ensureDevVars();
applyMigrations({ port: 0, persistTo });
const { db, close } = await openD1({ persistTo });
try {
  const demo = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email)).get();
  if (demo) {
    // As an account's deletion goes (auth/delete-account.ts): unreachable first, then its rows a part at a time.
    const d1 = db.$client;
    await d1.batch(leaveStatements(d1, { id: demo.id, email: DEMO.email }, Date.now()));
    while (!(await purgeAccount(d1, demo.id, { parts: 1_000, ms: 10_000 })).gone);
    console.log(`• the demo account (id ${demo.id}) and its rows removed`);
  }
  const { id } = await insertDemo(db);
  console.log(`• the demo account made again (id ${id}): ${DEMO.email} / ${DEMO.password}`);
  await seedDemoYear(db, id);
} finally {
  await close();
}
