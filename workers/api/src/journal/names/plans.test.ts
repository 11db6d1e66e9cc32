import { beforeAll, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser } from "../../test/helpers.ts";
import { plansProblems, sqlOf } from "../../test/query-plans.ts";

// A tag's or metric's rename, merge and delete write every entry that has it (their fingerprints name it):
// each statement reads through an index, a row of its list at a time — never the account's entries with
// the list walked for each (on 40,000 entries, that holds D1 for seconds).

let statements: string[] = [];

beforeAll(async () => {
  await resetDb();
  const ann = await signedInUser("Ann");
  for (let i = 0; i < 3; i++)
    await ann.call("POST", "/entries", {
      text: `day ${i}`,
      tags: ["run", "jog", "walk"],
      metrics: [
        { name: "km", value: i + 1 },
        { name: "cups", value: 2 },
      ],
    });
  await ann.call("POST", "/entries", { text: "alone", tags: ["run"], metrics: [{ name: "miles", value: 3 }] });
  const id = async (kind: "tags" | "metrics", name: string) =>
    (await bodyOf<{ id: number; name: string }[]>(await ann.call("GET", `/${kind}`), 200)).find((t) => t.name === name)
      ?.id;
  const [run, jog, walk, km, cups] = [
    await id("tags", "run"),
    await id("tags", "jog"),
    await id("tags", "walk"),
    await id("metrics", "km"),
    await id("metrics", "cups"),
  ];
  statements = await sqlOf(async () => {
    expect((await ann.call("PUT", `/tags/${run}`, { name: "running" })).status).toBe(200);
    expect((await ann.call("PUT", `/tags/${jog}`, { name: "running", merge: true })).status).toBe(200);
    expect((await ann.call("DELETE", `/tags/${walk}`)).status).toBe(200);
    expect((await ann.call("PUT", `/metrics/${km}`, { name: "distance" })).status).toBe(200);
    expect(
      (await ann.call("PUT", `/metrics/${await id("metrics", "miles")}`, { name: "distance", merge: true })).status,
    ).toBe(200);
    expect((await ann.call("DELETE", `/metrics/${cups}`)).status).toBe(200);
  });
});

describe("a name's rename, merge and delete", () => {
  it("write the entries' fingerprints", () => {
    expect(statements.some((q) => /update "entries" set "fingerprint"/i.test(q))).toBe(true);
  });

  it("read each statement's rows through an index, the list outside", async () => {
    expect(await plansProblems(statements)).toEqual({});
  });
});
