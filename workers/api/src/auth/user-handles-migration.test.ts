import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../test/helpers.ts";

beforeEach(resetDb);

/** Migration 0019's statements as the test D1 got them (workers/api/src/test/apply-migrations.ts). */
function migration0019(): string[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name === "0019_passkey_challenges.sql");
  if (!found) throw new Error("migration 0019_passkey_challenges.sql is missing");
  return found.queries;
}

/** The database as it stood before 0019: no challenges table or its view, no user handles. */
async function before0019() {
  await env.DB.batch(
    [
      "DROP TRIGGER users_user_handle_fill",
      "DROP INDEX users_user_handle_unique",
      "ALTER TABLE users DROP COLUMN user_handle",
      "DROP TRIGGER webauthn_challenge_spend_check",
      "DROP VIEW webauthn_challenge_spend",
      "DROP TABLE webauthn_challenges",
    ].map((q) => env.DB.prepare(q)),
  );
}

const handles = async () =>
  (await env.DB.prepare("SELECT user_handle AS handle FROM users ORDER BY id").all<{ handle: string | null }>())
    .results;

describe("migration 0019: every account's WebAuthn user handle is random", () => {
  it("gives each account there is a handle of 32 random bytes, and each account inserted later one too", async () => {
    await before0019();
    await env.DB.batch(
      [1, 2, 3].map((id) =>
        env.DB.prepare("INSERT INTO users (id, email, name, username, password_hash) VALUES (?, ?, 'U', ?, 'h')").bind(
          id,
          `user${id}@example.com`,
          `user${id}`,
        ),
      ),
    );
    await env.DB.batch(migration0019().map((q) => env.DB.prepare(q)));

    // Inserted after it, by any statement that leaves the column out (the CLI, a test's helper): filled too.
    await env.DB.prepare(
      "INSERT INTO users (id, email, name, username, password_hash) VALUES (4, 'user4@example.com', 'U', 'user4', 'h')",
    ).run();
    const all = (await handles()).map((r) => r.handle);
    expect(all).toHaveLength(4);
    for (const handle of all) expect(handle).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(all).size).toBe(4);
    // Never the id: 64 hex digits are 32 bytes, none of them an account's number.
    expect(all).not.toContain("1");
  });
});
