import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../auth/schema.ts";
import { tags } from "../journal/schema.ts";
import { createUser, resetDb } from "../test/helpers.ts";
import { openDb } from "./db.ts";
import { isUniqueViolation } from "./unique-violation.ts";

beforeEach(resetDb);

/** The error a write throws, for the checks below to read. */
async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error("the write was not refused");
}

// Real refusals from D1, bare and as drizzle wraps them.
describe("isUniqueViolation", () => {
  it("knows D1's own error, naming the index's columns", async () => {
    const ann = await createUser("Ann");
    const err = await refusal(() =>
      env.DB.prepare("INSERT INTO users (email, name, username, password_hash) VALUES (?, 'x', 'other', 'h')")
        .bind(ann.email)
        .run(),
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, "users.email")).toBe(true);
    expect(isUniqueViolation(err, "users.username")).toBe(false);
  });

  it("looks through drizzle's wrapping, in a query and in a batch, and names a two-column index", async () => {
    const ann = await createUser("Ann");
    const db = openDb(env.DB);
    const single = await refusal(() =>
      db.insert(users).values({ email: "new@example.com", name: "x", username: ann.username, passwordHash: "h" }).run(),
    );
    expect((single as Error).cause).toBeDefined();
    // Two indexes hold a username (as written and lower-cased); SQLite names the one on the expression.
    expect(isUniqueViolation(single, "users_username_lower")).toBe(true);
    expect(isUniqueViolation(single, "users.email")).toBe(false);
    const tag = { userId: ann.id, name: "coffee" };
    const batch = await refusal(() => db.batch([db.insert(tags).values(tag), db.insert(tags).values(tag)]));
    expect(isUniqueViolation(batch, "tags.user_id, tags.name")).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM tags").first("n")).toBe(0);
  });

  it("is false for other refusals and for anything that is not an error", async () => {
    const notNull = await refusal(() =>
      env.DB.prepare("INSERT INTO users (email, name, username) VALUES ('a@example.com', 'a', 'a')").run(),
    );
    expect(String(notNull)).toMatch(/NOT NULL constraint failed/);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation("UNIQUE constraint failed: users.email")).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
