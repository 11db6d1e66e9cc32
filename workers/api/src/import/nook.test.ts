import { env } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, dumpDb, PASSWORD, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { fillAccount, userCall } from "../test/your-data.ts";
import { jsonErrorAt } from "./nook.ts";
import { EMPTY_NOOK_DATA, importFile, nookFile } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;

async function exportOf(user: User): Promise<NookExport> {
  return bodyOf<NookExport>(await userCall(user, "GET", "/user/export"), 200);
}
/** An export without what belongs to the account rather than its data: its time and its profile. */
const data = ({ exportedAt: _, profile: __, ...rest }: NookExport) => rest;
const importNook = (user: User, file: unknown, query = "format=nook") =>
  importFile(user.token, query, JSON.stringify(file), "application/json");

beforeEach(resetDb);

describe("a Nook export imported back", () => {
  it("export → delete the account → import into a new one gives identical data, every kind, the page when asked", async () => {
    const ann = await signedInUser("Ann");
    await fillAccount(ann);
    const before = await exportOf(ann);
    expect(before.entries.length).toBeGreaterThan(2);
    expect((await userCall(ann, "DELETE", "/user/account", { password: PASSWORD })).status).toBe(200);

    const again = await signedInUser("Anna");
    const preview = await bodyOf<ImportResult>(
      await importNook(again, before, "format=nook&dryRun=1&donatePage=1"),
      200,
    );
    expect(preview.kinds).toEqual({
      entries: { added: before.entries.length, present: 0 },
      tags: { added: before.tags.length, present: 0 },
      metrics: { added: before.metrics.length, present: 0 },
      stacks: { added: 1, present: 0 },
      timers: { added: 2, present: 0 },
      people: { added: 1, present: 0 },
      checklists: { added: 1, present: 0 },
      events: { added: 2, present: 0 },
      donateInfo: { added: 1, present: 0 },
      donations: { added: 1, present: 0 },
    });
    expect(data(await exportOf(again))).toEqual(data({ ...before, ...EMPTY_NOOK_DATA }));

    expect((await importNook(again, before, "format=nook&donatePage=1")).status).toBe(201);
    expect(data(await exportOf(again))).toEqual(data(before));
  });

  it("importing the same file twice doubles nothing", async () => {
    const ann = await signedInUser("Ann");
    await fillAccount(ann);
    const file = await exportOf(ann);
    const rows = await dumpDb();
    const second = await bodyOf<ImportResult>(await importNook(ann, file), 201);
    for (const [kind, count] of Object.entries(second.kinds)) expect([kind, count.added]).toEqual([kind, 0]);
    // The one change: the record of the run and its chunk (import/runs.ts), which added nothing.
    const { login_attempts: _, sessions: __, imports: runs, import_chunks: chunks, ...after } = await dumpDb();
    const { login_attempts: ___, sessions: ____, imports: runsBefore, import_chunks: chunksBefore, ...was } = rows;
    expect(after).toEqual(was);
    expect(runs).toHaveLength((runsBefore?.length ?? 0) + 1);
    expect(chunks).toHaveLength((chunksBefore?.length ?? 0) + 1);
  });

  it("adds a running timer only to an account without one", async () => {
    const ann = await signedInUser("Ann");
    await fillAccount(ann);
    const file = await exportOf(ann);
    const bob = await signedInUser("Bob");
    await userCall(bob, "POST", "/journal/timer", { text: "his own", tags: [], initAt: new Date().toISOString() });
    const res = await bodyOf<ImportResult>(await importNook(bob, file), 201);
    expect(res.kinds.timers).toEqual({ added: 1, present: 1 });
    const running = await env.DB.prepare("SELECT text FROM timers WHERE user_id = ? AND complete = 0")
      .bind(bob.id)
      .all();
    expect(running.results).toEqual([{ text: "his own" }]);
  });
});

describe("a file that is not a Nook export is refused and nothing is written", () => {
  let ann: User;
  beforeEach(async () => {
    ann = await signedInUser("Ann");
  });
  const nook = (body: string) => () => importFile(ann.token, "format=nook", body, "application/json");
  refusesEach([
    [
      "JSON that breaks, its line named",
      "The file is not JSON: it breaks on line 3",
      nook('{\n"format": "nook",\n"version": }'),
    ],
    ["another document", "The file is not a Nook export: format is not valid", nook('{"format": "daylio"}')],
    [
      "an entry with a broken date",
      "The file is not a Nook export: entries[0].date is not valid",
      nook(
        JSON.stringify(
          nookFile({
            entries: [{ date: "yesterday", modifiedAt: "2026-03-05T12:00:00.000Z", text: "x", tags: [], metrics: [] }],
          }),
        ),
      ),
    ],
  ]);

  it("a Nook file sent as CSV is 415", async () => {
    const res = await importFile(ann.token, "format=nook", "{}", "text/csv");
    expect(res.status).toBe(415);
  });
});

describe("jsonErrorAt: where a text stops being JSON", () => {
  it("reads any JSON to its end, and finds the first wrong character of broken ones", () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonErrorAt(text)).toBe(text.length);
        expect(jsonErrorAt(` ${text} `)).toBe(text.length + 2);
      }),
    );
    for (const [text, at] of [
      ['{"a": }', 6],
      ["[1, 2,]", 6],
      ['{"a" 1}', 5],
      ["[01]", 2],
      ['"tab\there"', 0],
      ['"ok" x', 5],
      ["[[[", 3],
      ["", 0],
    ] as const)
      expect([text, jsonErrorAt(text)]).toEqual([text, at]);
    expect(jsonErrorAt(`${"[".repeat(100_000)}${"]".repeat(99_999)}`)).toBe(199_999);
  });
});
