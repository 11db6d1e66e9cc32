import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTaken, insertAccount } from "../workers/api/src/auth/accounts.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import { openD1 } from "./d1.ts";
import { applyMigrations, localQuery } from "./suite.ts";
import { repo, wrangler } from "./wrangler.ts";

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

  it("finds a fresh state's migrations all recorded, as wrangler's own apply records them", () => {
    // applyMigrations gives a fresh state every migration in one `d1 execute`: `wrangler d1 migrations list`
    // reads the same d1_migrations table and must find nothing left to apply.
    const listed = wrangler(["d1", "migrations", "list", "DB", "--local", "--persist-to", dir], { quiet: true });
    expect(listed).toContain("No migrations to apply");
    const files = readdirSync(`${repo}migrations`).filter((f) => f.endsWith(".sql"));
    expect(
      localQuery<{ name: string }>(options, "SELECT name FROM d1_migrations ORDER BY id").map((r) => r.name),
    ).toEqual(files.sort());
  }, 60_000);
});
