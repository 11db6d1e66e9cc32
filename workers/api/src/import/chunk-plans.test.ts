import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { plansProblems, sqlOf } from "../test/query-plans.ts";
import { fillAccount, userCall } from "../test/your-data.ts";
import { daylio, importFile, importInChunks, moodsQuery } from "./test-calls.ts";

// Every statement an import runs, previewing and writing each format (a Nook file holding every kind, a
// Daylio file whose moods change on a second import, Loop's checkmarks), reads through an index, a row of
// its list at a time: EXPLAIN QUERY PLAN shows no table read whole and no account's rows walked with the
// list inside them. chunk-cost.test.ts measures what that buys, at a chunk's largest.

let statements: string[] = [];

beforeAll(async () => {
  await resetDb();
  const ann = await signedInUser("Ann");
  const bob = await signedInUser("Bob");
  await fillAccount(ann);
  const file = JSON.stringify(await bodyOf(await userCall(ann, "GET", "/user/export"), 200));
  const days = daylio("2025-03-01,x,x,10:00,Ecstatic,tea | run,,a", "2025-03-02,x,x,10:00,bad,,,b");
  const loop = "Date,Run,Read,\n2026-03-02,YES_MANUAL,NO,\n2026-03-01,YES_MANUAL,YES_MANUAL,\n";
  statements = await sqlOf(async () => {
    for (const query of ["format=nook&dryRun=1", "format=nook&donatePage=1", "format=nook&donatePage=1"])
      expect((await importInChunks(bob.token, query, file)).status).toBeLessThan(300);
    // The run undone: its rows found by the run, not by walking the account.
    const runs = await bodyOf<{ id: number }[]>(await userCall(bob, "GET", "/user/imports"), 200);
    for (const run of runs)
      expect((await userCall(bob, "DELETE", `/user/imports/${run.id}?edited=remove`)).status).toBe(200);
    for (const query of [moodsQuery([["Ecstatic", 3]]), `${moodsQuery([["Ecstatic", 5]])}&changeMoods=1`]) {
      expect((await importFile(bob.token, `${query}&dryRun=1`, days)).status).toBe(200);
      expect((await importInChunks(bob.token, query, days)).status).toBe(201);
    }
    expect((await importInChunks(bob.token, "format=loop", loop)).status).toBe(201);
    expect((await importInChunks(bob.token, "format=loop&dryRun=1", loop)).status).toBe(200);
  });
});

describe("an import's statements", () => {
  it("are many (the recorder saw the import's own)", () => {
    expect(statements.filter((q) => /INSERT INTO entries\b/.test(q)).length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThan(30);
  });

  it("an undo's finds the run's rows by the run (an index on import_id)", async () => {
    const undo = statements.filter((q) => /import_id = \?2 LIMIT/.test(q));
    expect(undo.length).toBeGreaterThan(5);
    for (const q of undo) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q}`).bind(1, 1, 1).all<{ detail: string }>();
      expect(results.map((r) => r.detail).join(" / "), q).toMatch(
        // The donation page is the account's one row, found by its key.
        /_import \(import_id=\? AND user_id=\?\)|PRIMARY KEY \((?:rowid|user_id)=\?\)/,
      );
    }
  });

  it("each read through an index, the list outside", async () => {
    expect(await plansProblems(statements)).toEqual({});
  });
});
