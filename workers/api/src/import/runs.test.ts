import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb, signedInUser } from "../test/helpers.ts";
import { IMPORT_STALE_MS } from "./runs.ts";
import { daylio, importFile } from "./test-calls.ts";

// An import's write is a run, one at a time an account (import/runs.ts): the same file sent three times at
// once (a double click, a retried upload, three tabs) writes one copy, and never answers 5xx.

beforeEach(resetDb);

/** A year of Daylio days, one entry a day: enough that three sends overlap. */
const FILE = daylio(
  ...Array.from({ length: 365 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
    return `${day},x,x,09:00,good,walk | tea,,day ${i}`;
  }),
);

const entriesOf = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM entries WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n;
const runsOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT state, summary FROM imports WHERE user_id = ? ORDER BY id")
      .bind(userId)
      .all<{ state: string; summary: string | null }>()
  ).results;

describe("an import run", () => {
  it("the same file three times at once: one run, its one chunk written once, the others answered with it", async () => {
    const ann = await signedInUser("Ann");
    const answers = await Promise.all([1, 2, 3].map(() => importFile(ann.token, "format=daylio", FILE)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.every((s) => s < 500)).toBe(true);
    // However the three interleave, no entry is written twice: one copy of the year.
    expect(await entriesOf(ann.id)).toBe(365);
    // One writes (201); the same file sent meanwhile joins its run and is given its answer (200, replayed),
    // or, come while the run is being begun, is told another is running.
    expect(statuses.filter((s) => s === 201)).toEqual([201]);
    for (const res of answers)
      if (res.status === 409)
        expect(await res.json()).toMatchObject({
          code: "import.running",
          message: "Another import of yours is still running: wait for it to finish, then try again",
        });
      else if (res.status === 200) {
        expect(res.headers.get("Idempotent-Replayed")).toBe("true");
        expect(await res.json()).toMatchObject({ kinds: { entries: { added: 365, present: 0 } } });
      }
    // One run, finished, and what it added counted from its rows.
    const runs = await runsOf(ann.id);
    expect(runs.map((r) => r.state)).toEqual(["done"]);
    expect(JSON.parse(runs[0]?.summary ?? "{}")).toMatchObject({ entries: 365, tags: 2, metrics: 1 });

    // Sent again afterwards (the retried upload): a run of its own, which adds nothing.
    const again = await importFile(ann.token, "format=daylio", FILE);
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ kinds: { entries: { added: 0, present: 365 } } });
    expect(await entriesOf(ann.id)).toBe(365);
  });

  it("while a run is running another import waits its turn; a run left running by a dead Worker is taken over", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO imports (user_id, format, state, file_hash, started_at, updated_at) VALUES (?, 'nook', 'running', 'x', ?, ?)",
    )
      .bind(ann.id, now - 1000, now - 1000)
      .run();
    const refused = await importFile(ann.token, "format=daylio", FILE);
    expect(refused.status).toBe(409);
    expect(await entriesOf(ann.id)).toBe(0);
    // Another account is not held up by Ann's run; a dry run is not a run.
    expect((await importFile(bob.token, "format=daylio", FILE)).status).toBe(201);
    expect((await importFile(ann.token, "format=daylio&dryRun=1", FILE)).status).toBe(200);

    // Left without a chunk for IMPORT_STALE_MS: the page that sent it went away.
    await env.DB.prepare("UPDATE imports SET updated_at = ? WHERE user_id = ?")
      .bind(now - IMPORT_STALE_MS - 1, ann.id)
      .run();
    expect((await importFile(ann.token, "format=daylio", FILE)).status).toBe(201);
    expect((await runsOf(ann.id)).map((r) => r.state)).toEqual(["failed", "done"]);
    expect(await entriesOf(ann.id)).toBe(365);
  });

  it("a run that fails is marked failed, and the next one runs", async () => {
    const ann = await signedInUser("Ann");
    const broken = daylio("2025-01-01,x,x,09:00,good,walk,,ok", "2025-01-02,x,x,09:00,sublime,walk,,?");
    expect((await importFile(ann.token, "format=daylio", broken)).status).toBe(400);
    // A file refused before it is written is no run at all.
    expect(await runsOf(ann.id)).toEqual([]);
    expect((await importFile(ann.token, "format=daylio", FILE)).status).toBe(201);
    expect((await runsOf(ann.id)).map((r) => r.state)).toEqual(["done"]);
  });
});
