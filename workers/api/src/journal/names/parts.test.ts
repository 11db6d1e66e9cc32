import { env } from "cloudflare:test";
import { NAMES_PART_ENTRIES } from "@nook/shared/journal/limits";
import { beforeEach, describe, expect, it } from "vitest";
import { readServerTiming } from "../../platform/d1-timing.ts";
import { count, resetDb, signedInUser } from "../../test/helpers.ts";
import { entryFingerprint } from "../fingerprint.ts";

// A tag or metric on more entries than a request writes (NAMES_PART_ENTRIES) is renamed, merged or deleted
// in parts: each answer says `more` until the last, each holds D1 briefly, and at the end every entry is
// as a one-request change leaves it (its links, its fingerprint, the counts).

const ENTRIES = 2 * NAMES_PART_ENTRIES + NAMES_PART_ENTRIES / 10;
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await ann.call("POST", "/entries", { text: "a cup", tags: ["coffee"], metrics: [{ name: "mugs", value: 1 }] });
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ENTRIES})
      INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
      SELECT ?1, 'day ' || i, i * 60000, i, 'stale' FROM n`,
  )
    .bind(ann.id)
    .run();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO tags (user_id, name) VALUES (?1, 'smoke')").bind(ann.id),
    env.DB.prepare("INSERT INTO metrics (user_id, name) VALUES (?1, 'cups')").bind(ann.id),
    env.DB.prepare(
      `INSERT INTO entry_tags (entry_id, tag_id) SELECT e.id, (SELECT id FROM tags WHERE user_id = ?1 AND name = 'smoke')
        FROM entries e WHERE e.user_id = ?1 AND e.fingerprint = 'stale'`,
    ).bind(ann.id),
    env.DB.prepare(
      `INSERT INTO entry_metrics (entry_id, metric_id, value) SELECT e.id,
        (SELECT id FROM metrics WHERE user_id = ?1 AND name = 'cups'), e.id % 5
        FROM entries e WHERE e.user_id = ?1 AND e.fingerprint = 'stale'`,
    ).bind(ann.id),
    env.DB.prepare("UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id)"),
  ]);
});

const idOf = async (table: "tags" | "metrics", name: string) =>
  (
    await env.DB.prepare(`SELECT id FROM ${table} WHERE user_id = ? AND name = ?`).bind(ann.id, name).first<{
      id: number;
    }>()
  )?.id;

/** Sends the change again while its answer says `more` (a rename naming its `after`): the answers' bodies. */
async function inParts(method: "PUT" | "DELETE", path: string, body?: Record<string, unknown>) {
  const answers: Record<string, unknown>[] = [];
  let after: unknown;
  for (let n = 0; n < 10; n++) {
    const res = await ann.call(method, path, body && { ...body, ...(after === undefined ? {} : { after }) });
    expect(res.status).toBe(200);
    const time = readServerTiming(res.headers.get("Server-Timing"));
    expect(time?.total).toBeLessThan(1_000);
    expect(time?.longest).toBeLessThan(250);
    const answer = (await res.json()) as Record<string, unknown>;
    answers.push(answer);
    if (!answer.more) return answers;
    after = answer.after;
  }
  throw new Error("still more after ten parts");
}

/** The entries whose fingerprint is not their content's: none, when every part has been written. */
async function wrongFingerprints() {
  const { results } = await env.DB.prepare(
    `SELECT e.text, e.fingerprint AS f,
      (SELECT json_group_array(t.name) FROM entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id) AS t,
      (SELECT json_group_array(json_object('name', m.name, 'value', em.value)) FROM entry_metrics em
        JOIN metrics m ON m.id = em.metric_id WHERE em.entry_id = e.id) AS m
      FROM entries e WHERE e.user_id = ?`,
  )
    .bind(ann.id)
    .all<{ text: string; f: string; t: string; m: string }>();
  let wrong = 0;
  for (const r of results) if ((await entryFingerprint(r.text, JSON.parse(r.t), JSON.parse(r.m))) !== r.f) wrong += 1;
  return wrong;
}

describe(`a name on ${ENTRIES.toLocaleString("en")} entries`, () => {
  it("is renamed in parts, each naming the last entry written", async () => {
    const answers = await inParts("PUT", `/tags/${await idOf("tags", "smoke")}`, { name: "smoking" });
    expect(answers.map((a) => a.more ?? false)).toEqual([true, true, false]);
    expect(answers.at(-1)).toMatchObject({ name: "smoking", entries: ENTRIES });
    expect(await wrongFingerprints()).toBe(0);
  });

  it("is merged in parts: the entries move, the tag goes last, the counts are right", async () => {
    const smoke = await idOf("tags", "smoke");
    const answers = await inParts("PUT", `/tags/${smoke}`, { name: "coffee", merge: true });
    expect(answers.map((a) => a.more ?? false)).toEqual([true, true, false]);
    expect(answers.at(-1)).toMatchObject({ name: "coffee", entries: ENTRIES + 1 });
    expect(await count("tags", "id = ?", smoke)).toBe(0);
    expect(await count("tags", "name = 'coffee' AND use_count = ?", ENTRIES + 1)).toBe(1);
    expect(await wrongFingerprints()).toBe(0);
  });

  it("is deleted in parts: the entries stay, without it", async () => {
    const answers = await inParts("DELETE", `/tags/${await idOf("tags", "smoke")}`);
    expect(answers.map((a) => a.more ?? false)).toEqual([true, true, false]);
    expect(answers.at(-1)).toMatchObject({ message: "Tag deleted" });
    expect(await count("entries")).toBe(ENTRIES + 1);
    expect(await count("entry_tags")).toBe(1);
    expect(await wrongFingerprints()).toBe(0);
  });

  it("a metric is renamed, merged and deleted in parts", async () => {
    const renamed = await inParts("PUT", `/metrics/${await idOf("metrics", "cups")}`, { name: "cup" });
    expect(renamed.map((a) => a.more ?? false)).toEqual([true, true, false]);
    expect(await wrongFingerprints()).toBe(0);
    const merged = await inParts("PUT", `/metrics/${await idOf("metrics", "cup")}`, { name: "mugs", merge: true });
    expect(merged.at(-1)).toMatchObject({ name: "mugs", entries: ENTRIES + 1 });
    expect(await count("metrics", "name = 'cup'")).toBe(0);
    expect(await wrongFingerprints()).toBe(0);
    const deleted = await inParts("DELETE", `/metrics/${await idOf("metrics", "mugs")}`);
    expect(deleted.map((a) => a.more ?? false)).toEqual([true, true, false]);
    expect(await count("entry_metrics")).toBe(0);
    expect(await wrongFingerprints()).toBe(0);
  });
});
