/**
 * The demo account of the local suite (README "The demo"):
 *   npm run demo -- reset     its rows removed, then the account made again with a year ending today
 * Works on the state `npm start` uses (.wrangler/state), beside a running `npm start` too: the demo signs
 * in again afterwards (its sessions end with it). Other accounts are left as they are.
 */
import { openD1 } from "./d1.ts";
import { applyMigrations, ensureDevVars, resetDemo } from "./suite.ts";
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
  await resetDemo(db);
} finally {
  await close();
}
