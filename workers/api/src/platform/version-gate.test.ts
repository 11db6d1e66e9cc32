import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";

// A write made against the version its writer read (If-Match: the modifiedAt it was given): the current
// version writes; a stale one is 409 with the row as it is now, and changes nothing.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

interface Kind {
  name: string;
  /** Makes the row; answers the path, the method of a write, and its version now. */
  make(): Promise<{ path: string; method: string; version: string }>;
  /** A write's body, `n` telling writes apart. */
  body(n: number): unknown;
  /** The version in a write's answer. */
  versionOf(answer: Record<string, unknown>): string;
  /** What the answer's `current` shows of write `n`. */
  shows(current: unknown, n: number): void;
}

const data = (a: Record<string, unknown>) => (a.data ?? a) as Record<string, unknown>;
const kinds: Kind[] = [
  {
    name: "an entry",
    async make() {
      const { body } = await call("POST", "/journal/entries", { text: "first" });
      entryId = body.id as number;
      return { path: "/journal/entries", method: "PUT", version: body.modifiedAt as string };
    },
    body: (n) => ({ entryId, text: `edit ${n}` }),
    versionOf: (a) => a.modifiedAt as string,
    shows: (current, n) => expect(current).toMatchObject({ text: `edit ${n}` }),
  },
  {
    name: "a checklist",
    async make() {
      const { body } = await call("POST", "/steps", { name: "Trip" });
      checklistId = data(body).id as number;
      return { path: `/steps/${checklistId}`, method: "PUT", version: data(body).modifiedAt as string };
    },
    body: (n) => ({ id: checklistId, content: `- [ ] milk ${n}`, totalItems: 1, completedItems: 0 }),
    versionOf: (a) => data(a).modifiedAt as string,
    shows: (current, n) => expect(current).toMatchObject({ content: `- [ ] milk ${n}` }),
  },
  {
    name: "a person",
    async make() {
      const { body } = await call("POST", "/people", {
        name: "Ada",
        email: "ada@example.org",
        birthDate: "1990-03-05",
      });
      personId = body.id as number;
      return { path: `/people/${personId}`, method: "PUT", version: body.modifiedAt as string };
    },
    body: (n) => ({
      id: personId,
      name: "Ada",
      oldName: "Ada",
      email: `ada${n}@example.org`,
      birthDate: "1990-03-05",
      tagIdsToRemove: [],
      tagNamesToAdd: [],
    }),
    versionOf: (a) => a.modifiedAt as string,
    shows: (current, n) => expect(current).toMatchObject({ email: `ada${n}@example.org` }),
  },
  {
    name: "the donation page",
    async make() {
      const { body } = await call("PUT", "/donate/info", page(0));
      return { path: "/donate/info", method: "PUT", version: body.modifiedAt as string };
    },
    body: (n) => page(n),
    versionOf: (a) => a.modifiedAt as string,
    shows: (current, n) => expect(current).toMatchObject({ donatePageTitle: `Page ${n}` }),
  },
  {
    name: "the profile",
    async make() {
      const { body } = await call("GET", "/auth/me", undefined);
      return { path: "/user/profile", method: "PUT", version: body.modifiedAt as string };
    },
    body: (n) => ({ email: "ann@example.com", name: `Ann ${n}`, username: "ann", accentColor: "orange" }),
    versionOf: (a) => a.modifiedAt as string,
    shows: (current, n) => expect(current).toMatchObject({ name: `Ann ${n}` }),
  },
];
let entryId = 0;
let checklistId = 0;
let personId = 0;
const page = (n: number) => ({
  donatePageTitle: `Page ${n}`,
  ethAddress: "",
  btcAddress: "",
  paypalDonateButtonId: "",
});

describe("a write against a version (If-Match)", () => {
  for (const kind of kinds)
    it(`${kind.name}: the version read writes; a stale one is 409 with the row as it is, nothing changed`, async () => {
      const made = await kind.make();
      expect(made.version).toMatch(/^\d{4}-\d\d-\d\dT/);
      // Two devices read it at this version. The laptop writes first, as an entity tag.
      await new Promise((r) => setTimeout(r, 2));
      const laptop = await call(made.method, made.path, kind.body(1), { "If-Match": `"${made.version}"` });
      expect(laptop.status, JSON.stringify(laptop.body)).toBe(200);
      const newer = kind.versionOf(laptop.body);
      expect(newer).not.toBe(made.version);

      // The phone's write, made against the old version: refused, the laptop's row in the answer.
      const before = await dumpDb();
      const phone = await call(made.method, made.path, kind.body(2), { "If-Match": made.version });
      expect(phone.status).toBe(409);
      expect(phone.body).toMatchObject({
        code: "platform.versionConflict",
        message: "This was changed elsewhere since you opened it",
      });
      kind.shows(phone.body.current, 1);
      expect(await dumpDb()).toEqual(before);

      // Against the newer version it writes; without the header, as before, it writes too.
      expect((await call(made.method, made.path, kind.body(3), { "If-Match": newer })).status).toBe(200);
      expect((await call(made.method, made.path, kind.body(4))).status).toBe(200);
      // An If-Match that is no version: 400, nothing written.
      const after = await dumpDb();
      const bad = await call(made.method, made.path, kind.body(5), { "If-Match": "yesterday" });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: "platform.ifMatchInvalid" });
      expect(await dumpDb()).toEqual(after);
    });
});

describe("an edit sent again after its answer was lost (a queued edit, Idempotency-Key)", () => {
  it("is answered with the entry as written, not refused as stale; another body with the key is 422", async () => {
    const { body: made } = await call("POST", "/journal/entries", { text: "first" });
    const id = made.id as number;
    const edit = { entryId: id, text: "edited offline" };
    const headers = { "If-Match": `"${made.modifiedAt as string}"`, "Idempotency-Key": "edit-1" };
    await new Promise((r) => setTimeout(r, 2));
    const first = await call("PUT", "/journal/entries", edit, headers);
    expect(first.status).toBe(200);
    // The answer never reached the browser: the queue sends the same write, with the same key, again.
    const before = await dumpDb();
    const again = await call("PUT", "/journal/entries", edit, headers);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, text: "edited offline", modifiedAt: first.body.modifiedAt });
    expect(await dumpDb()).toEqual(before);
    // The key with another edit: refused, nothing written.
    const other = await call("PUT", "/journal/entries", { ...edit, text: "else" }, headers);
    expect(other.status).toBe(422);
    expect(await dumpDb()).toEqual(before);
    // Without the key, the stale version is what it is: 409.
    const stale = await call("PUT", "/journal/entries", edit, { "If-Match": headers["If-Match"] });
    expect(stale.status).toBe(409);
  });

  it("a stale edit refused with its key leaves the key free: sent again, it is refused again, not replayed", async () => {
    const { body: made } = await call("POST", "/journal/entries", { text: "first" });
    const id = made.id as number;
    await new Promise((r) => setTimeout(r, 2));
    await call(
      "PUT",
      "/journal/entries",
      { entryId: id, text: "laptop" },
      { "If-Match": `"${made.modifiedAt as string}"` },
    );
    const phone = { "If-Match": `"${made.modifiedAt as string}"`, "Idempotency-Key": "phone-1" };
    const before = await dumpDb();
    for (let i = 0; i < 2; i++) {
      const res = await call("PUT", "/journal/entries", { entryId: id, text: "phone" }, phone);
      expect(res.status).toBe(409);
      expect(res.body.current).toMatchObject({ text: "laptop" });
    }
    expect(await dumpDb()).toEqual(before);
  });
});

describe("a person's edit sent again after its answer was lost (Idempotency-Key)", () => {
  it("is answered with the person as written, not refused as renamed or changed elsewhere", async () => {
    const { body: made } = await call("POST", "/people", {
      name: "Ada",
      email: "ada@example.com",
      birthDate: "1990-12-10",
      tags: ["@ada"],
    });
    const id = made.id as number;
    const edit = { id, oldName: "Ada", name: "Ada L.", email: "ada@example.com", birthDate: "1990-12-10" };
    const headers = { "If-Match": `"${made.modifiedAt as string}"`, "Idempotency-Key": "rename-1" };
    await new Promise((r) => setTimeout(r, 2));
    const first = await call("PUT", `/people/${id}`, edit, headers);
    expect(first.status).toBe(200);
    const before = await dumpDb();
    const again = await call("PUT", `/people/${id}`, edit, headers);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, name: "Ada L.", modifiedAt: first.body.modifiedAt });
    expect(await dumpDb()).toEqual(before);
    // Without the key the same write is stale, and a rename from a name that is no longer hers: 409, in those words.
    const stale = await call("PUT", `/people/${id}`, edit, { "If-Match": headers["If-Match"] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "people.renamedElsewhere" });
    // Not a rename (the name she has now): stale all the same, with the person as they are.
    const email = { ...edit, oldName: "Ada L.", email: "ada@elsewhere.example" };
    const staleEmail = await call("PUT", `/people/${id}`, email, { "If-Match": headers["If-Match"] });
    expect(staleEmail.status).toBe(409);
    expect(staleEmail.body.current).toMatchObject({ name: "Ada L.", email: "ada@example.com" });
    expect(await dumpDb()).toEqual(before);
  });
});
