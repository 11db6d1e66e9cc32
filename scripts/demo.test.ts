import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount } from "../workers/api/src/auth/accounts.ts";
import { openD1 } from "./d1.ts";
import { applyMigrations, DEMO, localQuery, resetDemo, seedDemo } from "./suite.ts";

// The scripts' D1 on a throwaway state folder (real migrations), as `npm start` and `npm run demo` use theirs.
const dir = mkdtempSync(`${tmpdir()}/nook-demo-`);
const options = { port: 0, persistTo: dir };

beforeAll(() => applyMigrations(options), 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const count = (sql: string) => localQuery<{ n: number }>(options, sql)[0]?.n;
const rowsOf = (email: string) =>
  count(`SELECT count(*) AS n FROM entries WHERE user_id = (SELECT id FROM users WHERE email = '${email}')`);

describe("the demo of npm start and npm run demo -- reset", () => {
  it("is seeded once, with its year, on an empty database; reset makes it again and leaves the rest", async () => {
    expect(await seedDemo(options, { year: true })).toBe(true);
    const seeded = rowsOf(DEMO.email) as number;
    expect(seeded).toBeGreaterThan(950);
    // A database with users is left as it is.
    expect(await seedDemo(options, { year: true })).toBe(false);

    const { db, close } = await openD1({ persistTo: dir });
    try {
      const ann = await insertAccount(db, {
        email: "ann@example.com",
        name: "Ann",
        username: "ann",
        passwordHash: "h",
      });
      await db.$client
        .prepare("INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?1, 'mine', 1, 1, 'f')")
        .bind(ann.id)
        .run();
      const before = localQuery<{ id: number }>(options, `SELECT id FROM users WHERE email = '${DEMO.email}'`)[0]?.id;
      const { removed, id } = await resetDemo(db);
      expect(removed).toBe(before);
      expect(id).not.toBe(before);
    } finally {
      await close();
    }
    // The same today's year again, nothing of the old account left, Ann's entry untouched.
    expect(rowsOf(DEMO.email)).toBe(seeded);
    expect(count(`SELECT count(*) AS n FROM entries WHERE user_id NOT IN (SELECT id FROM users)`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM tags WHERE user_id NOT IN (SELECT id FROM users)`)).toBe(0);
    expect(localQuery<{ text: string }>(options, "SELECT text FROM entries WHERE fingerprint = 'f'")).toEqual([
      { text: "mine" },
    ]);
    expect(count("SELECT count(*) AS n FROM users")).toBe(2);
  }, 120_000);
});
