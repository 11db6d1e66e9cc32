import { env } from "cloudflare:test";
import type { ImportUndone } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, count, errorBodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { fillAccount, userCall } from "../test/your-data.ts";
import { daylio, importFile, moodsQuery } from "./test-calls.ts";

// "Edited since" is judged by the mark an import leaves on each row it writes (import_mark, the modification
// time it wrote: runs.ts), never by the file's own times: a file dated years ahead is no file of edits.

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

/** Years after any test's run: every modification time a file holds, moved here. */
const FUTURE = "2031-06-01T00:00:00.000Z";
/** The tables whose rows carry the mark, and the column it is of. */
const MARKED = [
  ["entries", "modified_at"],
  ["people", "modified_at"],
  ["steps", "modified_at"],
  ["events", "modified_at"],
  ["timers", "modified_at"],
  ["donate_info", "updated_at"],
] as const;

/** Source's filled account as its export, every modification time in it moved years ahead. */
async function futureFile(): Promise<NookExport> {
  const source = await signedInUser("Source");
  await fillAccount(source);
  const file = await bodyOf<NookExport>(await userCall(source, "GET", "/user/export"), 200);
  const later = <T extends { modifiedAt: string }>(rows: T[]) => rows.map((r) => ({ ...r, modifiedAt: FUTURE }));
  return {
    ...file,
    entries: later(file.entries),
    people: later(file.people),
    checklists: later(file.checklists),
    events: later(file.events),
    timers: later(file.timers),
    donateInfo: file.donateInfo && { ...file.donateInfo, updatedAt: FUTURE },
  };
}

/** The id of the user's newest import run. */
const lastRun = async (user: User) =>
  (await env.DB.prepare("SELECT max(id) AS id FROM imports WHERE user_id = ?").bind(user.id).first<{ id: number }>())
    ?.id;
const undo = (user: User, id: number | undefined, edited = "") =>
  userCall(user, "DELETE", `/user/imports/${id}${edited ? `?edited=${edited}` : ""}`);
const importNook = (file: NookExport) =>
  importFile(ann.token, "format=nook&donatePage=1", JSON.stringify(file), "application/json");

/** Every kind's rows the filled account's file adds, as the undo counts them. */
const ADDED = {
  entries: 4,
  people: 1,
  checklists: 1,
  events: 2,
  timers: 2,
  stacks: 1,
  stackItems: 2,
  donateInfo: 1,
  donations: 1,
};

describe("edited since an import", () => {
  it("a file dated years ahead: each row marked with the time written, none counted edited, all undone", async () => {
    const file = await futureFile();
    expect((await importNook(file)).status).toBe(201);
    const id = await lastRun(ann);
    // Every row the run wrote carries its mark: the file's time, years ahead.
    for (const [table, column] of MARKED) {
      const rows = await env.DB.prepare(`SELECT ${column} AS at, import_mark AS mark FROM ${table} WHERE import_id = ?`)
        .bind(id)
        .all<{ at: number; mark: number }>();
      expect(rows.results.length).toBeGreaterThan(0);
      for (const row of rows.results) expect([table, row.at, row.mark]).toEqual([table, Date.parse(FUTURE), row.at]);
    }
    // Asked without `edited`: nothing to ask about, everything goes.
    const undone = await bodyOf<ImportUndone>(await undo(ann, id), 200);
    expect(undone).toEqual({
      removed: { ...ADDED, tags: file.tags.length, metrics: file.metrics.length },
      more: false,
    });
    for (const [table] of MARKED) expect([table, await count(table, "user_id = ?", ann.id)]).toEqual([table, 0]);
  });

  it("one entry and one person edited through their routes: exactly those counted, and kept when asked", async () => {
    const file = await futureFile();
    expect((await importNook(file)).status).toBe(201);
    const id = await lastRun(ann);
    const entry = await env.DB.prepare("SELECT id, date FROM entries WHERE user_id = ? AND text LIKE 'Привет%'")
      .bind(ann.id)
      .first<{ id: number; date: number }>();
    const edited = await ann.call("PUT", "/entries", {
      entryId: entry?.id,
      text: "Привет again",
      date: new Date(entry?.date ?? 0).toISOString(),
      tags: ["up"],
      metrics: [],
    });
    expect(edited.status).toBe(200);
    const person = await env.DB.prepare("SELECT id FROM people WHERE user_id = ?").bind(ann.id).first<{ id: number }>();
    const put = await userCall(ann, "PUT", `/people/${person?.id}`, {
      id: person?.id,
      name: "Ada King",
      email: "ada@example.org",
      birthDate: "1990-03-05",
    });
    expect(put.status).toBe(200);

    const asked = await undo(ann, id);
    expect(asked.status).toBe(409);
    expect(await errorBodyOf(asked)).toMatchObject({ code: "import.editedSince", values: { count: 2 } });
    const undone = await bodyOf<ImportUndone>(await undo(ann, id, "keep"), 200);
    expect(undone.removed).toMatchObject({ ...ADDED, entries: 3, people: 0 });
    // Kept as the account's own: no run's id, no run's mark.
    const kept = await env.DB.batch<{ name: string; import_id: number | null; import_mark: number | null }>([
      env.DB.prepare("SELECT text AS name, import_id, import_mark FROM entries WHERE user_id = ?").bind(ann.id),
      env.DB.prepare("SELECT name, import_id, import_mark FROM people WHERE user_id = ?").bind(ann.id),
    ]);
    expect(kept.map((r) => r.results)).toEqual([
      [{ name: "Привет again", import_id: null, import_mark: null }],
      [{ name: "Ada King", import_id: null, import_mark: null }],
    ]);
  });

  it("Loop's and Daylio's rows are marked with the import's time: undone without asking until one is edited", async () => {
    const loop = "Date,Walk,\n2025-03-02,YES_MANUAL,\n2025-03-01,YES_MANUAL,\n";
    expect((await importFile(ann.token, "format=loop", loop)).status).toBe(201);
    expect((await bodyOf<ImportUndone>(await undo(ann, await lastRun(ann)), 200)).removed.entries).toBe(2);

    const file = daylio("2025-03-01,x,x,10:00,good,tea,,a", "2025-03-02,x,x,10:00,bad,,,b");
    expect((await importFile(ann.token, "format=daylio", file)).status).toBe(201);
    const id = await lastRun(ann);
    expect(await count("entries", "import_id = ? AND import_mark IS NOT modified_at", id)).toBe(0);
    const b = await env.DB.prepare("SELECT id, date FROM entries WHERE text = 'b'").first<{
      id: number;
      date: number;
    }>();
    const edited = await ann.call("PUT", "/entries", {
      entryId: b?.id,
      text: "b, later",
      date: new Date(b?.date ?? 0).toISOString(),
      tags: [],
      metrics: [{ name: "mood", value: 2 }],
    });
    expect(edited.status).toBe(200);
    const asked = await undo(ann, id);
    expect(await errorBodyOf(asked)).toMatchObject({ code: "import.editedSince", values: { count: 1 } });
  });

  it("a mood changed by a later import (changeMoods) is an edit of the earlier run's entry, not a row of the later", async () => {
    const file = daylio(
      "2025-03-01,x,x,10:00,Ecstatic,tea,,a",
      "2025-03-02,x,x,10:00,ecstatic,,,b",
      "2025-03-03,x,x,10:00,bad,,,c",
    );
    expect((await importFile(ann.token, moodsQuery([["Ecstatic", 3]]), file)).status).toBe(201);
    const first = await lastRun(ann);
    expect((await importFile(ann.token, `${moodsQuery([["Ecstatic", 5]])}&changeMoods=1`, file)).status).toBe(201);
    const second = await lastRun(ann);
    // The later run wrote no row of its own: undone without asking, the entries it changed left.
    const laterUndone = await bodyOf<ImportUndone>(await undo(ann, second), 200);
    expect(laterUndone.removed.entries).toBe(0);
    expect(await count("entries", "user_id = ?", ann.id)).toBe(3);
    // The earlier run's two entries whose mood it changed are edited since that run wrote them.
    const asked = await undo(ann, first);
    expect(await errorBodyOf(asked)).toMatchObject({ code: "import.editedSince", values: { count: 2 } });
  });
});

/** Migration 0021's statements as the test D1 got them (workers/api/src/test/apply-migrations.ts). */
function backfill(): string[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name === "0021_import_mark.sql");
  if (!found) throw new Error("migration 0021_import_mark.sql is missing");
  return found.queries.filter((q) => /^\s*(--.*\n\s*)*UPDATE/.test(q));
}

describe("migration 0021: rows imported before the mark", () => {
  it("take their modification time as their mark unless the rule before it counted them edited", async () => {
    const file = daylio("2025-03-01,x,x,10:00,good,,,a", "2025-03-02,x,x,10:00,bad,,,b");
    expect((await importFile(ann.token, "format=daylio", file)).status).toBe(201);
    const id = await lastRun(ann);
    const run = await env.DB.prepare("SELECT updated_at FROM imports WHERE id = ?")
      .bind(id)
      .first<{ updated_at: number }>();
    // As an import before the column left them: no mark; 'b' modified after the run's last chunk.
    await env.DB.batch([
      env.DB.prepare("UPDATE entries SET import_mark = NULL WHERE import_id = ?").bind(id),
      env.DB.prepare("UPDATE entries SET modified_at = ? WHERE text = 'b'").bind((run?.updated_at ?? 0) + 1),
    ]);
    const statements = backfill();
    expect(statements).toHaveLength(6);
    await env.DB.batch(statements.map((q) => env.DB.prepare(q)));
    const marks = await env.DB.prepare(
      "SELECT text, import_mark = modified_at AS marked FROM entries WHERE import_id = ? ORDER BY text",
    )
      .bind(id)
      .all();
    expect(marks.results).toEqual([
      { text: "a", marked: 1 },
      { text: "b", marked: null },
    ]);
    expect(await errorBodyOf(await undo(ann, id))).toMatchObject({ values: { count: 1 } });
  });
});
