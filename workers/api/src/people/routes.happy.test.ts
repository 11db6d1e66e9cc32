import { beforeEach, describe, expect, it } from "vitest";
import { resetDb, signedInUser } from "../test/helpers.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

describe("people", () => {
  it("smoke", async () => {
    const res = await ann.api.people.$post({ json: { name: "Ada", email: "ada@x.org", birthDate: "1990-02-28", tags: ["Ada", "@Friends", ""] } });
    expect(res.status).toBe(201);
    const ada = await res.json();
    expect(ada).toMatchObject({ name: "Ada", username: "ann", tags: [{ name: "@ada" }, { name: "@friends" }] });
    if (!("id" in ada)) throw new Error();
    const put = await ann.api.people[":id"].$put({ param: { id: String(ada.id) }, json: { id: ada.id, name: "Ada L", oldName: "Ada", email: "a@x.org", birthDate: "1990-02-28", tagIdsToRemove: [ada.tags[0]!.id], tagNamesToAdd: ["Math"] } });
    expect(await put.json()).toMatchObject({ name: "Ada L", tags: [{ name: "@friends" }, { name: "@math" }] });
    const steps = await (await ann.api.steps.$post({ json: { name: "Move" } })).json();
    expect(steps).toMatchObject({ data: { content: "- [ ]", totalItems: 1, completedItems: 0 } });
    if (!("data" in steps)) throw new Error();
    const upd = await ann.api.steps[":id"].$put({ param: { id: String(steps.data.id) }, json: { id: steps.data.id, content: "* [X] a\n\t- [ ] b", totalItems: 9, completedItems: 9 } });
    expect(await upd.json()).toMatchObject({ data: { content: "- [x] a\n  - [ ] b", totalItems: 2, completedItems: 1 } });
    await ann.api.steps[":id"].$put({ param: { id: String(steps.data.id) }, json: { id: steps.data.id, name: "Move", deadline: "2026-03-01T20:00:00.000Z" } });
    await ann.call("POST", "/entries", { text: "x", date: "2026-02-28T10:00:00.000Z" });
    const cal = await ann.api.calendar.$get({ query: { from: "2026-02-01", to: "2026-03-31" } });
    expect(await cal.json()).toEqual({
      birthdays: [{ date: "2026-02-28", personId: ada.id, name: "Ada L", age: 36 }],
      deadlines: [{ date: "2026-03-01", stepsId: steps.data.id, name: "Move" }],
      activity: { "2026-02-28": 1 },
    });
  });
});
