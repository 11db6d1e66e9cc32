import { beforeEach, describe, expect, it } from "vitest";
import { ADA } from "../people/test-calls.ts";
import { newSteps } from "../steps/test-calls.ts";
import { bearer, dumpDb, errorBodyOf, ORIGIN, resetDb, send, signedInUser } from "./helpers.ts";

// What a client sends is bounded (DESIGN §3): a number outside its stated range, a NUL or another control
// character, an unpaired surrogate (which storage would turn into U+FFFD unseen) is a 400 in words, and
// nothing is written. The contracts' walk (packages/shared/src/common/bounds.test.ts) shows every field has
// them; these show the routes refuse them.

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let stackId: number;
let itemId: number;
let stepsId: number;
let timerId: number;

const api = (method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api${path}`, body, { ...bearer(ann.token), Origin: ORIGIN });

async function created(res: Response): Promise<{ id: number }> {
  if (res.status !== 201) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json<{ id: number }>();
}

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  stackId = (await created(await api("POST", "/journal/stacks", { name: "Habits" }))).id;
  const item = { stackId, title: "Coffee", type: "sum", config: { filter: [{ name: "coffee" }] } };
  itemId = (await created(await api("POST", "/journal/stack-items", item))).id;
  stepsId = (await newSteps(ann)).id;
  timerId = (await created(await api("POST", "/journal/timer", { initAt: "2026-03-01T10:00:00Z" }))).id;
});

/** The request is refused with 400 and this code (and these values), and not a row changes. */
async function refused(request: () => Promise<Response>, code: string, values?: Record<string, string | number>) {
  const before = await dumpDb();
  const res = await request();
  expect(res.status).toBe(400);
  const body = await errorBodyOf(res);
  expect(body.code).toBe(code);
  if (values) expect(body.values).toEqual(values);
  expect(await dumpDb()).toEqual(before);
}

describe("numbers outside their stated range", () => {
  const item = () => ({ stackId, title: "Tea", type: "sum", config: { filter: [{ name: "tea" }] } });
  const position = { min: -1_000_000_000, max: 1_000_000_000 };

  for (const value of [1e308, -1e308, 1_000_000_001, -1_000_000_001])
    it(`a stack item's position of ${value} → 400, on create and on update`, async () => {
      await refused(
        () => api("POST", "/journal/stack-items", { ...item(), position: value }),
        "stacks.positionRange",
        position,
      );
      await refused(
        () => api("PUT", `/journal/stack-items/${itemId}`, { title: "Coffee", position: value }),
        "stacks.positionRange",
        position,
      );
    });

  it("a stack item's position at either end is kept", async () => {
    const low = await created(await api("POST", "/journal/stack-items", { ...item(), position: position.min }));
    const put = await api("PUT", `/journal/stack-items/${low.id}`, { title: "Tea", position: position.max });
    expect(put.status).toBe(200);
    const stack = await (await api("GET", `/journal/stacks/${stackId}`)).json<{
      items: { id: number; position: number }[];
    }>();
    expect(stack.items.find((i) => i.id === low.id)?.position).toBe(position.max);
  });

  it("a timer's pausedTimeDiff of 1e308 → 400", async () => {
    const timer = { id: timerId, text: "", tags: [], startedAt: "2026-03-01T10:00:00Z", pausedAt: null };
    // The whole span of the journal's dates, 1900-01-01 to the end of 2199, in milliseconds.
    const max = Date.UTC(2200, 0, 1) - 1 - Date.UTC(1900, 0, 1);
    await refused(() => api("PUT", "/journal/timer", { ...timer, pausedTimeDiff: 1e308 }), "timer.pausedDiffTooLarge", {
      max,
    });
    await refused(
      () => api("PUT", "/journal/timer", { ...timer, pausedTimeDiff: max + 1 }),
      "timer.pausedDiffTooLarge",
    );
  });

  it("an id of 1e308 or of sixteen digits → 400", async () => {
    await refused(() => api("PUT", "/journal/entries", { entryId: 1e308, text: "x" }), "journal.idNotWhole");
    await refused(() => api("DELETE", "/journal/timer", { id: 1e16 }), "journal.idNotWhole");
    await refused(() => api("PUT", `/steps/${stepsId}`, { id: 1e308, name: "Trip" }), "journal.idNotWhole");
    await refused(() => api("GET", "/journal/entries/1000000000000000"), "journal.idNotWhole");
  });
});

describe("text that is not text", () => {
  /** A request with a text in one field, and the field a refusal names. */
  const fields: [string, string, (text: string) => Promise<Response>][] = [
    ["an entry's text", "text", (t) => api("POST", "/journal/entries", { text: t })],
    ["an entry's tag", "tags", (t) => api("POST", "/journal/entries", { tags: [t] })],
    ["a metric's label", "name", (t) => api("POST", "/journal/entries", { metrics: [{ name: t, value: 1 }] })],
    ["a filter's tag", "tags", (t) => api("POST", "/journal/entries-by-config", { config: { filter: [{ name: t }] } })],
    ["a person's name", "name", (t) => api("POST", "/people", { ...ADA, name: t })],
    ["a person's tag", "tags", (t) => api("POST", "/people", { ...ADA, tags: [t] })],
    ["a checklist's title", "name", (t) => api("POST", "/steps", { name: t })],
    [
      "a checklist's content",
      "content",
      (t) => api("PUT", `/steps/${stepsId}`, { id: stepsId, content: `- [ ] ${t}` }),
    ],
    ["a stack's name", "name", (t) => api("POST", "/journal/stacks", { name: t })],
    ["a stack item's title", "title", (t) => api("PUT", `/journal/stack-items/${itemId}`, { title: t })],
    ["a timer's text", "text", (t) => api("POST", "/journal/timer", { text: t, initAt: "2026-03-01T10:00:00Z" })],
    ["a donation page's title", "donatePageTitle", (t) => api("PUT", "/donate/info", { donatePageTitle: t })],
    [
      "the profile's name",
      "name",
      (t) => api("PUT", "/user/profile", { email: "ann@example.com", name: t, username: "ann", accentColor: "blue" }),
    ],
  ];

  for (const [what, field, request] of fields) {
    it(`a NUL in ${what} → 400, nothing written`, () =>
      refused(() => request("tea\u0000time"), "platform.textControl", { field }));
    it(`a lone surrogate in ${what} → 400, nothing written`, () =>
      refused(() => request("tea\uD83Ctime"), "platform.textBroken", { field }));
  }

  it("a control character other than tab and line breaks is refused in text of several lines too", async () => {
    await refused(() => api("POST", "/journal/entries", { text: "ring\u0007" }), "platform.textControl");
    await refused(() => api("POST", "/journal/entries", { text: "esc\u001b[31m" }), "platform.textControl");
  });

  it("a tab or a line break is refused in a one-line text", async () => {
    await refused(() => api("POST", "/people", { ...ADA, name: "Ada\tLovelace" }), "platform.textControl");
    await refused(() => api("POST", "/steps", { name: "Trip\nto Oslo" }), "platform.textControl");
  });

  it("a NUL in a query or a path is refused in the parameter's words", async () => {
    await refused(() => api("GET", "/calendar?from=2026-01-01%00&to=2026-01-02"), "calendar.rangeNotDates");
    await refused(() => api("GET", "/journal/entries?before=2026-01-01T00:00:00Z%00"), "journal.beforeInvalid");
    await refused(() => api("GET", "/calendar?from=2026-01-01&to=2026-01-02&tz=UTC%00"), "auth.unknownTimeZone");
    await refused(() => api("GET", "/lupileon/signs/2026-01-01%00"), "lupileon.dateInvalid");
  });

  it("keeps tabs, line breaks and characters beyond the first plane exactly, where lines are allowed", async () => {
    const text = "line one\r\n\tline two 🎄\nЁлка";
    const entry = await created(await api("POST", "/journal/entries", { text, tags: ["🎄 tree"] }));
    const read = await (await api("GET", `/journal/entries/${entry.id}`)).json<{
      text: string;
      tags: { name: string }[];
    }>();
    expect(read.text).toBe(text);
    expect(read.tags.map((t) => t.name)).toEqual(["🎄 tree"]);
    // A checklist takes a tab, and keeps its canonical form: an indent of two spaces (steps/checklist.ts).
    const saved = await api("PUT", `/steps/${stepsId}`, { id: stepsId, content: "- [ ] pack\r\n\t- [x] tent 🎄" });
    expect((await saved.json<{ data: { content: string } }>()).data.content).toBe("- [ ] pack\n  - [x] tent 🎄");
  });
});
