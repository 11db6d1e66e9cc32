import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, ORIGIN, resetDb } from "../test/helpers.ts";

beforeEach(resetDb);

/** Migration 0007's statements as the test D1 got them (workers/api/src/test/apply-migrations.ts). */
function usernamesMigration(): string[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name === "0007_usernames.sql");
  if (!found) throw new Error("migration 0007_usernames.sql is missing");
  return found.queries;
}

/** Rows as they could stand before 0007: its index is dropped, so `Annie` and `annie` can both be written. */
async function seedBefore0007(usernames: string[]) {
  await env.DB.prepare("DROP INDEX users_username_lower").run();
  await env.DB.batch(
    usernames.map((username, i) =>
      env.DB.prepare("INSERT INTO users (id, email, name, username, password_hash) VALUES (?, ?, ?, ?, 'h')").bind(
        i + 1,
        `user${i + 1}@example.com`,
        `User ${i + 1}`,
        username,
      ),
    ),
  );
}

async function usernames(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT username FROM users ORDER BY id").all<{ username: string }>();
  return results.map((r) => r.username);
}

async function apply0007() {
  await env.DB.batch(usernamesMigration().map((q) => env.DB.prepare(q)));
}

describe("migration 0007: usernames lower-case and unique without regard to case", () => {
  it("resolves clashes and invalid names to free, deterministic names, keeping every account and its data", async () => {
    await seedBefore0007([
      "Annie", // 1: wants annie, which 2 holds exactly → annie-1
      "annie", // 2: keeps its name
      "ANNIE", // 3: wants annie → annie-3, which 4 holds → annie-3-3
      "annie-3", // 4: keeps its name
      "\u0430nnie", // 5: a Cyrillic «а»: wants nnie, which 6 holds exactly → nnie-5
      "nnie", // 6: keeps its name
      "john.doe", // 7: '.' becomes '-'
      "анна", // 8: nothing Latin left → user
      "Юля", // 9: nothing Latin left, after 8 → user-9
      "Zed", // 10: only lower-cased
      "Ann_B-2", // 11: only lower-cased
      "X".repeat(45), // 12: lower-cased and cut to 40
    ]);
    await env.DB.prepare("INSERT INTO donate_info (user_id, title, updated_at) VALUES (1, 'Annie''s page', 0)").run();

    await apply0007();

    expect(await usernames()).toEqual([
      "annie-1",
      "annie",
      "annie-3-3",
      "annie-3",
      "nnie-5",
      "nnie",
      "john-doe",
      "user",
      "user-9",
      "zed",
      "ann_b-2",
      "x".repeat(40),
    ]);
    expect(await count("users")).toBe(12);
    expect(await count("username_moves", "1 = 1").catch((e: Error) => e.message)).toMatch(/no such table/);
    // The page stays its owner's, under the owner's new name; the one holding "annie" has none.
    const page = (name: string) => SELF.fetch(`${ORIGIN}/api/donate/public/${name}`);
    expect(await (await page("annie-1")).json()).toMatchObject({ donatePageTitle: "Annie's page" });
    expect((await page("Annie")).status).toBe(404);
    // From here the index holds: no second annie in any case.
    await expect(
      env.DB.prepare(
        "INSERT INTO users (email, name, username, password_hash) VALUES ('x@example.com', 'X', 'ANNIE', 'h')",
      ).run(),
    ).rejects.toThrow(/UNIQUE constraint failed: index 'users_username_lower'/);
  });

  it("leaves names already within the rule untouched", async () => {
    await seedBefore0007(["ann", "bob_2", "c-d", "user"]);
    await apply0007();
    expect(await usernames()).toEqual(["ann", "bob_2", "c-d", "user"]);
  });
});
