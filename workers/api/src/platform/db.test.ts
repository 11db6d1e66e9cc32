import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../auth/schema.ts";
import { count, resetDb } from "../test/helpers.ts";
import { openDb } from "./db.ts";

beforeEach(resetDb);

describe("db.batch", () => {
  it("lands a batch of query builders whole or not at all", async () => {
    const db = openDb(env.DB);
    const row = (email: string, username: string) => ({ email, name: "X", username, passwordHash: "x" });
    await db.batch([
      db.insert(users).values(row("a@example.com", "a")),
      db.insert(users).values(row("b@example.com", "b")),
    ]);
    expect(await count("users")).toBe(2);
    // The second insert breaks the unique email: the first one of the batch is undone with it.
    await expect(
      db.batch([
        db.insert(users).values(row("c@example.com", "c")),
        db.insert(users).values(row("a@example.com", "d")),
      ]),
    ).rejects.toThrow();
    expect(await count("users")).toBe(2);
  });

  it("cannot take raw sql with parameters — why every batched write is a builder", async () => {
    const db = openDb(env.DB);
    // drizzle's D1 batch calls `stmt.bind` on what db.run(sql…) returns, which has no statement.
    await expect(
      db.batch([
        db.run(
          sql`INSERT INTO ${users} (email, name, username, password_hash) VALUES (${"e@example.com"}, 'E', 'e', 'x')`,
        ),
      ]),
    ).rejects.toThrow();
    expect(await count("users")).toBe(0);
  });
});
