import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorOf, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { ADA, peopleCall } from "./test-calls.ts";

// Refusals: 400 with words that name the wrong field, nothing written; unknown ids 404.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let adaId: number;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  adaId = (await (await peopleCall(ann, "POST", "", ADA)).json<{ id: number }>()).id;
});

const call = (method: string, path: string, body?: unknown) => peopleCall(ann, method, path, body);
const diff = (extra: object = {}) => ({ id: adaId, ...ADA, oldName: ADA.name, ...extra });

/** A day after today everywhere on Earth: two days after UTC's (UTC+14 is at most one ahead). */
const AFTER_TODAY = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe("bad input is refused and nothing is written", () => {
  const cases: [string, () => string, string, () => unknown][] = [
    ["POST", () => "", "Name is required", () => ({ ...ADA, name: "  " })],
    ["POST", () => "", "Name is required", () => ({ ...ADA, name: undefined })],
    ["POST", () => "", "Name is too long", () => ({ ...ADA, name: "x".repeat(101) })],
    ["POST", () => "", "Email is required", () => ({ ...ADA, email: "" })],
    ["POST", () => "", "Email is required", () => ({ ...ADA, email: undefined })],
    ["POST", () => "", "Email is not valid", () => ({ ...ADA, email: "ada at home" })],
    ["POST", () => "", "Birth date is required", () => ({ ...ADA, birthDate: "" })],
    ["POST", () => "", "Birth date is required", () => ({ ...ADA, birthDate: undefined })],
    ["POST", () => "", "Birth date is not a valid date", () => ({ ...ADA, birthDate: "2025-02-29" })],
    ["POST", () => "", "Birth date is not a valid date", () => ({ ...ADA, birthDate: "10/12/1815" })],
    ["POST", () => "", "Birth date must be a date from year 1800 to 2199", () => ({ ...ADA, birthDate: "1700-01-01" })],
    ["POST", () => "", "Birth date cannot be after today", () => ({ ...ADA, birthDate: "2150-01-01" })],
    ["POST", () => "", "Birth date cannot be after today", () => ({ ...ADA, birthDate: AFTER_TODAY })],
    ["POST", () => "", "Birth date cannot be after today", () => ({ ...ADA, birthDate: `${AFTER_TODAY}T00:00:00Z` })],
    ["POST", () => "", "Tags must be a list", () => ({ ...ADA, tags: "ada" })],
    ["POST", () => "", "A tag must be text", () => ({ ...ADA, tags: [42] })],
    ["POST", () => "", "A tag is at most 64 characters", () => ({ ...ADA, tags: ["x".repeat(65)] })],
    ["POST", () => "", "At most 50 tags", () => ({ ...ADA, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })],
    ["PUT", () => `/${adaId}`, "Name is required", () => diff({ name: "" })],
    ["PUT", () => `/${adaId}`, "Email is not valid", () => diff({ email: "nope" })],
    ["PUT", () => `/${adaId}`, "Birth date is required", () => diff({ birthDate: undefined })],
    ["PUT", () => `/${adaId}`, "Birth date cannot be after today", () => diff({ birthDate: "2150-06-01" })],
    ["PUT", () => `/${adaId}`, "Tags must be a list", () => diff({ tagIdsToRemove: "1" })],
    ["PUT", () => `/${adaId}`, "The id must be a whole number", () => diff({ tagIdsToRemove: [1, "x"] })],
    ["PUT", () => `/${adaId}`, "A tag must be text", () => diff({ tagNamesToAdd: [null] })],
    ["PUT", () => `/${adaId}`, "The id in the body does not match the address", () => diff({ id: adaId + 1 })],
    ["PUT", () => `/${adaId}`, "Id is required", () => diff({ id: undefined })],
    ["PUT", () => "/ada", "The id must be a whole number", () => diff()],
    ["DELETE", () => "/1.5", "The id must be a whole number", () => undefined],
  ];
  refusesEach(cases.map(([method, path, words, body]) => [method, words, () => call(method, path(), body())]));

  it("refuses a body that is not JSON", async () => {
    const before = await dumpDb();
    const res = await ann.api.people.$post({ json: ADA }, { init: { body: "{not json" } });
    expect(res.status).toBe(400);
    expect(await dumpDb()).toEqual(before);
  });
});

describe("unknown ids", () => {
  it("answer 404 with words, nothing changed", async () => {
    const before = await dumpDb();
    for (const res of [await call("PUT", "/999999", diff({ id: 999999 })), await call("DELETE", "/999999")]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe("Person not found");
    }
    expect(await dumpDb()).toEqual(before);
  });

  it("a rename against a stale oldName is 409 with words, nothing changed", async () => {
    const before = await dumpDb();
    const res = await call("PUT", `/${adaId}`, diff({ name: "Lady Ada", oldName: "Someone else" }));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe("This person was renamed elsewhere: reload to see the new name");
    expect(await dumpDb()).toEqual(before);
  });
});
