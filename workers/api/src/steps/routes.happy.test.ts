import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, expectStatus, resetDb, signedInUser } from "../test/helpers.ts";
import { newSteps, type StepsJson, stepsCall } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const put = async (id: number, body: object) =>
  (await bodyOf<{ data: StepsJson }>(await stepsCall(ann, "PUT", `/${id}`, { id, ...body }), 200)).data;

describe("steps", () => {
  it("creates a checklist with one empty line, answered as {data}", async () => {
    const res = await expectStatus(await ann.api.steps.$post({ json: { name: "  Trip to Oslo " } }), 201);
    const { data } = await res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: "Trip to Oslo",
      content: "- [ ]",
      totalItems: 0,
      completedItems: 0,
      deadline: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      modifiedAt: data.createdAt,
    });
    expect(await (await ann.api.steps[":id"].$get({ param: { id: String(data.id) } })).json()).toEqual({ data });
  });

  it("lists the user's checklists, the last changed first", async () => {
    const a = await newSteps(ann, "A");
    const b = await newSteps(ann, "B");
    await put(a.id, { content: "- [x] done" });
    const { data } = await (await ann.api.steps.$get()).json();
    expect(data.map((s) => s.name)).toEqual(["A", "B"]);
    expect(data[0]).toMatchObject({ totalItems: 1, completedItems: 1 });
    expect(b.id).toBeGreaterThan(a.id);
  });

  it("counts the items from the content, whatever the client says", async () => {
    const s = await newSteps(ann);
    const saved = await put(s.id, {
      content: "- [x] pack\n  - [x] tent\n  - [ ] stove\n- [ ] train",
      totalItems: 99,
      completedItems: -3,
    });
    expect(saved).toMatchObject({ totalItems: 4, completedItems: 2 });
    // Counts alone change nothing.
    const again = await put(s.id, { content: saved.content, totalItems: 0, completedItems: 0 });
    expect(again).toMatchObject({ totalItems: 4, completedItems: 2 });
  });

  it("does not count empty lines as items: all ticked with a trailing empty line is done", async () => {
    const s = await newSteps(ann);
    expect(s).toMatchObject({ totalItems: 0, completedItems: 0 });
    const saved = await put(s.id, { content: "- [x] a\n  - [x] b\n- [ ]" });
    expect(saved).toMatchObject({ totalItems: 2, completedItems: 2 });
    const row = await env.DB.prepare("SELECT total_items, completed_items FROM steps WHERE id = ?").bind(s.id).first();
    expect(row).toEqual({ total_items: 2, completed_items: 2 });
  });

  it("recounts a row counted by the old rule once, on its first read, and reads its columns after", async () => {
    const [a, b] = [await newSteps(ann), await newSteps(ann)];
    await put(a.id, { content: "- [x] a\n- [ ]" });
    await put(b.id, { content: "- [ ] b\n- [x] c\n- [ ]" });
    // As rows written before empty lines stopped being items hold them (migration 0009 marks them rule 0).
    await env.DB.prepare("UPDATE steps SET total_items = total_items + 1, counts_rule = 0").run();
    const stored = () =>
      env.DB.prepare("SELECT id, total_items, completed_items, counts_rule, modified_at FROM steps ORDER BY id").all();
    const before = (await stored()).results;
    const all = await (await ann.api.steps.$get()).json();
    expect(all.data.map((s) => [s.id, s.totalItems, s.completedItems])).toEqual([
      [b.id, 2, 1],
      [a.id, 1, 1],
    ]);
    const after = (await stored()).results;
    // Stored once, by the new rule; the lists' modification times are theirs, untouched by the repair.
    expect(after).toEqual([
      { ...before[0], total_items: 1, counts_rule: 1 },
      { ...before[1], total_items: 2, counts_rule: 1 },
    ]);
    // From now on the columns are the answer: a count put there by hand is what the list reads.
    await env.DB.prepare("UPDATE steps SET total_items = 7 WHERE id = ?").bind(a.id).run();
    const one = await bodyOf<{ data: StepsJson }>(await stepsCall(ann, "GET", `/${a.id}`), 200);
    expect(one.data).toMatchObject({ totalItems: 7, completedItems: 1 });
  });

  it("recounts a single list read by id, and a write in between keeps its own counts", async () => {
    const s = await newSteps(ann);
    await put(s.id, { content: "- [x] a\n- [ ]" });
    await env.DB.prepare("UPDATE steps SET total_items = 2, counts_rule = 0 WHERE id = ?").bind(s.id).run();
    const one = await bodyOf<{ data: StepsJson }>(await stepsCall(ann, "GET", `/${s.id}`), 200);
    expect(one.data).toMatchObject({ totalItems: 1, completedItems: 1 });
    expect(await put(s.id, { content: "- [ ] a\n- [ ] b" })).toMatchObject({ totalItems: 2, completedItems: 0 });
    const row = await env.DB.prepare("SELECT total_items, completed_items, counts_rule FROM steps WHERE id = ?")
      .bind(s.id)
      .first();
    expect(row).toEqual({ total_items: 2, completed_items: 0, counts_rule: 1 });
  });

  it("measures the limit on the stored form: what it stored it takes back, wide indents shrink first", async () => {
    const s = await newSteps(ann);
    // 50,000 characters once stored, more as sent (tabs and '*' bullets become two spaces and '-').
    const stored = `- [ ] ${"x".repeat(49_980)}\n  - [ ] ${"y".repeat(5)}`;
    expect(stored.length).toBe(50_000);
    const sent = stored.replace("\n  - [ ]", "\n\t\t\t\t* [ ]    ");
    expect(sent.length).toBeGreaterThan(50_000);
    const saved = await put(s.id, { content: sent });
    expect(saved.content).toBe(stored);
    expect((await put(s.id, { content: saved.content })).content).toBe(stored);
  });

  it("stores content in its canonical form; empty content is '- [ ]'", async () => {
    const s = await newSteps(ann);
    expect((await put(s.id, { content: "* [X] Done  \r\n\n\t+ [ ] child\n" })).content).toBe(
      "- [x] Done\n  - [ ] child",
    );
    expect(await put(s.id, { content: "" })).toMatchObject({ content: "- [ ]", totalItems: 0, completedItems: 0 });
    expect(await put(s.id, { content: "  \n \n" })).toMatchObject({ content: "- [ ]" });
  });

  it("renames and sets the deadline; a name without a deadline clears it; content alone keeps it", async () => {
    const s = await newSteps(ann);
    const deadline = "2026-03-01T20:59:59.999Z";
    expect(await put(s.id, { name: "Oslo", deadline })).toMatchObject({ name: "Oslo", deadline });
    expect(await put(s.id, { content: "- [ ] a", totalItems: 1, completedItems: 0 })).toMatchObject({
      name: "Oslo",
      deadline,
    });
    expect(await put(s.id, { name: "Oslo", deadline: "2026-03-01T23:00:00+03:00" })).toMatchObject({
      deadline: "2026-03-01T20:00:00.000Z",
    });
    expect(await put(s.id, { name: "Oslo" })).toMatchObject({ deadline: null });
    await put(s.id, { name: "Oslo", deadline });
    expect(await put(s.id, { name: "Oslo", deadline: null })).toMatchObject({ deadline: null });
    // The whole object, as a client may send it back: name and content together.
    const whole = await put(s.id, { ...s, name: "Both", content: "- [x] z", deadline });
    expect(whole).toMatchObject({ name: "Both", content: "- [x] z", totalItems: 1, completedItems: 1, deadline });
  });

  it("deletes a checklist", async () => {
    const s = await newSteps(ann);
    const res = await expectStatus(await ann.api.steps[":id"].$delete({ param: { id: String(s.id) } }), 200);
    expect(await res.json()).toEqual({ data: { id: s.id, message: "Steps deleted" } });
    expect((await ann.api.steps[":id"].$get({ param: { id: String(s.id) } })).status).toBe(404);
    expect((await (await ann.api.steps.$get()).json()).data).toEqual([]);
  });
});
