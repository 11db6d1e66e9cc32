import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTaken, insertAccount } from "../workers/api/src/auth/accounts.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import { openD1 } from "./d1.ts";
import { applyMigrations, localQuery } from "./suite.ts";

// The scripts' D1 on a throwaway state folder (real migrations), read back through `wrangler d1 execute`.
const dir = mkdtempSync(`${tmpdir()}/nook-d1-`);
const options = { port: 0, persistTo: dir };

beforeAll(() => applyMigrations(options), 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openD1, local", () => {
  it("binds parameters, so quotes and question marks are data, and answers D1's own refusals", async () => {
    const { db, close } = await openD1({ persistTo: dir });
    try {
      const name = "O'Brien? -- '); DROP TABLE users; --";
      const account = { email: "ob@example.com", name, username: "ob", passwordHash: "h" };
      const { id } = await insertAccount(db, account);
      expect(await db.select({ name: users.name }).from(users).where(eq(users.id, id)).get()).toEqual({ name });
      await expect(insertAccount(db, { ...account, username: "other" })).rejects.toSatisfy(
        (err) => accountTaken(err)?.text === "Email is already in use",
      );
    } finally {
      await close();
    }
    expect(localQuery<{ name: string }>(options, "SELECT name FROM users")).toEqual([
      { name: "O'Brien? -- '); DROP TABLE users; --" },
    ]);
  }, 60_000);
});
