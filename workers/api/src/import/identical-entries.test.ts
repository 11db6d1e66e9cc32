import { env } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { userCall } from "../test/your-data.ts";
import { importFile } from "./test-calls.ts";

// Identical entries (one content at one instant, several times) are one key of the import's plan
// (write-entries.ts), counted; each copy still has its own modification time, which a round trip keeps.

type User = Awaited<ReturnType<typeof signedInUser>>;

const exportOf = async (user: User) => bodyOf<NookExport>(await userCall(user, "GET", "/user/export"), 200);
const importNook = (user: User, file: unknown) =>
  importFile(user.token, "format=nook", JSON.stringify(file), "application/json");

const DATE = "2026-03-05T12:00:00.000Z";
/** Three edits' times, one a copy, not in the order the copies were written. */
const MODIFIED = [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 5, 13), Date.UTC(2026, 2, 6)];

/** The user's copies of one entry, each with its own modification time (set straight in D1: the API stamps now). */
async function copies(user: User, times: number[]) {
  for (const at of times) {
    const entry = await bodyOf<{ id: number }>(
      await user.call("POST", "/entries", { text: "coffee", tags: ["cafe"], date: DATE }),
      201,
    );
    await env.DB.prepare("UPDATE entries SET modified_at = ? WHERE id = ?").bind(at, entry.id).run();
  }
}
const modifiedOf = async (user: User) =>
  (
    await env.DB.prepare("SELECT modified_at AS m FROM entries WHERE user_id = ? ORDER BY id")
      .bind(user.id)
      .all<{ m: number }>()
  ).results.map((r) => r.m);

beforeEach(resetDb);

describe("identical entries through an export and an import", () => {
  it("each copy comes back with its own modifiedAt, in the export's order", async () => {
    const ann = await signedInUser("Ann");
    await copies(ann, MODIFIED);
    const file = await exportOf(ann);
    expect(file.entries.map((e) => e.modifiedAt)).toEqual(MODIFIED.map((m) => new Date(m).toISOString()));

    const bob = await signedInUser("Bob");
    const done = await bodyOf<ImportResult>(await importNook(bob, file), 201);
    expect(done.kinds.entries).toEqual({ added: 3, present: 0 });
    expect(await modifiedOf(bob)).toEqual(MODIFIED);
    expect((await exportOf(bob)).entries).toEqual(file.entries);
  });

  it("adds the copies the account lacks, each with its own time, beside the one it has", async () => {
    const ann = await signedInUser("Ann");
    await copies(ann, MODIFIED);
    const file = await exportOf(ann);
    const bob = await signedInUser("Bob");
    // Bob has the second copy already (the same time): the first and the third are added.
    await copies(bob, [MODIFIED[1] ?? 0]);
    const done = await bodyOf<ImportResult>(await importNook(bob, file), 201);
    expect(done.kinds.entries).toEqual({ added: 2, present: 1 });
    expect(await modifiedOf(bob)).toEqual([MODIFIED[1], MODIFIED[0], MODIFIED[2]]);
  });
});
