import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { newSteps, type StepsJson, stepsCall } from "./test-calls.ts";

// Another user's checklists: unseen and untouched (the route-walking suite in src/test/ covers 401s).
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;
let annsSteps: StepsJson;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  annsSteps = await newSteps(ann, "Ann's secret plan");
});

describe("one user never reaches another's checklists", () => {
  it("lists only his own", async () => {
    await newSteps(bob, "Bob's");
    const { data } = await (await stepsCall(bob, "GET", "")).json<{ data: StepsJson[] }>();
    expect(data.map((s) => s.name)).toEqual(["Bob's"]);
  });

  it("gets 404 for Ann's checklist on GET, PUT and DELETE, and nothing of hers changes", async () => {
    const before = await dumpDb();
    const path = `/${annsSteps.id}`;
    for (const res of [
      await stepsCall(bob, "GET", path),
      await stepsCall(bob, "PUT", path, { id: annsSteps.id, name: "taken", content: "- [x] mine" }),
      await stepsCall(bob, "DELETE", path),
    ])
      expect(res.status).toBe(404);
    expect(await dumpDb()).toEqual(before);
  });
});
