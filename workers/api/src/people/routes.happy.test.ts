import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, expectStatus, resetDb, signedInUser } from "../test/helpers.ts";
import { ADA, peopleCall } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

async function addPerson(person: object = ADA) {
  return bodyOf<{ id: number; name: string; tags: { id: number; name: string }[] }>(
    await peopleCall(ann, "POST", "", person),
    201,
  );
}
const put = (id: number, diff: object) => peopleCall(ann, "PUT", `/${id}`, { id, ...diff });
const names = (tags: { name: string }[]) => tags.map((t) => t.name);

describe("the people book", () => {
  it("adds a person, tags normalised, and lists them by name", async () => {
    const res = await expectStatus(
      await ann.api.people.$post({
        json: {
          ...ADA,
          name: "  Ada Lovelace ",
          email: " Ada@Example.ORG",
          tags: ["Ada", "@Math", " ", "@", "ADA", "Ada  Byron"],
        },
      }),
      201,
    );
    const ada = await res.json();
    expect(ada).toEqual({
      id: expect.any(Number),
      modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      name: "Ada Lovelace",
      email: "ada@example.org",
      username: "ann",
      birthDate: "1815-12-10",
      tags: [
        { id: expect.any(Number), name: "@ada" },
        { id: expect.any(Number), name: "@ada byron" },
        { id: expect.any(Number), name: "@math" },
      ],
    });
    await addPerson({ ...ADA, name: "charles babbage", tags: [] });
    await addPerson({ ...ADA, name: "Bob", tags: [{ name: "Friend" }] });
    const all = await (await ann.api.people.$get()).json();
    expect(all.map((p) => p.name)).toEqual(["Ada Lovelace", "Bob", "charles babbage"]);
    expect(all[1]?.tags.map((t) => t.name)).toEqual(["@friend"]);
  });

  it("takes an ISO date-time as a birth date, keeping its date part", async () => {
    const p = await addPerson({ ...ADA, birthDate: "1990-05-01T00:00:00.000Z" });
    expect((await (await ann.api.people.$get()).json())[0]?.birthDate).toBe("1990-05-01");
    expect(p.name).toBe("Ada Lovelace");
  });

  it("takes a birth date of today in a zone ahead of UTC: up to the date at UTC+14", async () => {
    // At 10:00 UTC or later, UTC+14 is a day ahead of UTC; before, its date is UTC's: either is today somewhere.
    const now = new Date();
    const ahead = now.getUTCHours() >= 10 ? 1 : 0;
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ahead));
    const p = await addPerson({ ...ADA, birthDate: day.toISOString().slice(0, 10) });
    expect(p.name).toBe("Ada Lovelace");
  });

  it("shares tags with the journal: tags-for-people-sorted lists them, an entry's '@ada' is the same tag", async () => {
    const ada = await addPerson();
    const entry = await (await ann.call("POST", "/entries", { text: "tea with Ada", tags: ["@ada"] })).json<{
      tags: { id: number; name: string }[];
    }>();
    expect(entry.tags[0]?.id).toBe(ada.tags.find((t) => t.name === "@ada")?.id);
    const forPeople = await (await ann.api.journal["tags-for-people-sorted"].$get()).json();
    // Used by an entry first, then the tag only a person has.
    expect(names(forPeople)).toEqual(["@ada", "@math"]);
  });

  it("applies the diff: fields replaced, tags removed by id and added by name", async () => {
    const ada = await addPerson();
    const math = ada.tags.find((t) => t.name === "@math");
    const res = await expectStatus(
      await ann.api.people[":id"].$put({
        param: { id: String(ada.id) },
        json: {
          id: ada.id,
          name: "Augusta Ada King",
          oldName: "Ada Lovelace",
          email: "countess@example.org",
          birthDate: "1815-12-11",
          tagIdsToRemove: [math?.id ?? 0],
          tagNamesToAdd: ["Countess", "@ADA", "", "@countess"],
        },
      }),
      200,
    );
    expect(await res.json()).toMatchObject({
      id: ada.id,
      name: "Augusta Ada King",
      email: "countess@example.org",
      birthDate: "1815-12-11",
      tags: [{ name: "@ada" }, { name: "@countess" }],
    });
    // The removed tag is only unlinked: the journal's tag stays.
    expect(names(await (await ann.api.journal.tags.$get()).json())).toContain("@math");
  });

  it("renames only when the name changed from oldName, and refuses a rename of a name changed elsewhere", async () => {
    const ada = await addPerson();
    // Tab 1 renames.
    await bodyOf(await put(ada.id, { ...ADA, name: "Ada King", oldName: "Ada Lovelace" }), 200);
    // Tab 2 still shows the old name and changes only the email: the rename stays.
    const kept = await bodyOf(
      await put(ada.id, { ...ADA, email: "new@example.org", name: "Ada Lovelace", oldName: "Ada Lovelace" }),
      200,
    );
    expect(kept).toMatchObject({ name: "Ada King", email: "new@example.org" });
    // Tab 2 now renames too, from the name it saw: refused, nothing changed.
    const refused = await put(ada.id, { ...ADA, name: "Lady Ada", oldName: "Ada Lovelace" });
    expect(refused.status).toBe(409);
    expect((await (await ann.api.people.$get()).json())[0]).toMatchObject({
      name: "Ada King",
      email: "new@example.org",
    });
    // Without oldName the name given is the name.
    await bodyOf(await put(ada.id, { ...ADA, name: "Lady Ada" }), 200);
    expect((await (await ann.api.people.$get()).json())[0]?.name).toBe("Lady Ada");
  });

  it("ignores removals of tags the person does not have and additions they already have", async () => {
    const ada = await addPerson();
    const other = await addPerson({ ...ADA, name: "Bob", tags: ["bob"] });
    const res = await bodyOf<{ tags: { name: string }[] }>(
      await put(ada.id, { ...ADA, oldName: ADA.name, tagIdsToRemove: [other.tags[0]?.id], tagNamesToAdd: ["ada"] }),
      200,
    );
    expect(names(res.tags)).toEqual(["@ada", "@math"]);
    expect(names((await (await ann.api.people.$get()).json())[1]?.tags ?? [])).toEqual(["@bob"]);
  });

  it("deletes a person with their tag links, leaving the tags", async () => {
    const ada = await addPerson();
    const res = await expectStatus(await ann.api.people[":id"].$delete({ param: { id: String(ada.id) } }), 200);
    expect(await res.json()).toEqual({ message: "Person deleted", id: ada.id });
    expect(await (await ann.api.people.$get()).json()).toEqual([]);
    expect(names(await (await ann.api.journal.tags.$get()).json())).toEqual(["@ada", "@math"]);
  });
});
