import { beforeEach, describe, expect, it } from "vitest";
import { ADA, peopleCall } from "../people/test-calls.ts";
import { newSteps, stepsCall } from "../steps/test-calls.ts";
import { resetDb, signedInUser } from "../test/helpers.ts";

// Another user's days: none of Ann's birthdays, deadlines or entries reach Bob's calendar.
describe("the calendar is one user's", () => {
  beforeEach(resetDb);

  it("shows Bob nothing of Ann's", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    await peopleCall(ann, "POST", "", { ...ADA, birthDate: "1990-03-05" });
    const s = await newSteps(ann);
    await stepsCall(ann, "PUT", `/${s.id}`, { id: s.id, name: "x", deadline: "2026-03-05T12:00:00Z" });
    await ann.call("POST", "/entries", { text: "x", date: "2026-03-05T12:00:00Z" });
    const query = { query: { from: "2026-03-01", to: "2026-03-31" } };
    expect(await (await bob.api.calendar.$get(query)).json()).toEqual({
      birthdays: [],
      deadlines: [],
      events: [],
      activity: {},
    });
    const annsOwn = await (await ann.api.calendar.$get(query)).json();
    expect(annsOwn).toMatchObject({ birthdays: [{ date: "2026-03-05" }], deadlines: [{ date: "2026-03-05" }] });
  });
});
