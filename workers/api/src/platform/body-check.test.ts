import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, count, createUser, dumpDb, errorBodyOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";

beforeEach(resetDb);

const TOO_LARGE = {
  message: "The body is larger than 256 KB",
  error: "The body is larger than 256 KB",
  code: "platform.bodyTooLarge",
  values: { max: 256 },
};
const NOT_JSON = {
  message: "The body must be JSON",
  error: "The body must be JSON",
  code: "platform.notJson",
  values: {},
};

/** A valid entry with an unknown field the schema drops, so only its size is wrong. */
const paddedEntry = (bytes: number) => JSON.stringify({ text: "big", padding: "x".repeat(bytes) });

/** The body as a stream of 16 KB chunks, so it goes without a Content-Length. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 16_384));
      at += 16_384;
    },
  });
}

describe("a body over 256 KB", () => {
  it("is refused with 413 before it is parsed, by its Content-Length or as it is read", async () => {
    const ann = await signedInUser("Ann");
    const post = (body: BodyInit) =>
      SELF.fetch(`${ORIGIN}/api/journal/entries`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
        body,
      });
    const stated = await post(paddedEntry(300_000));
    expect(stated.status).toBe(413);
    expect(await errorBodyOf(stated)).toEqual(TOO_LARGE);
    const streamed = await post(chunked(paddedEntry(300_000)));
    expect(streamed.status).toBe(413);
    expect(await errorBodyOf(streamed)).toEqual(TOO_LARGE);
    expect(await count("entries")).toBe(0);
    // Under the limit, streamed or not, the same entry is written.
    expect((await post(paddedEntry(200_000))).status).toBe(201);
    expect((await post(chunked(paddedEntry(200_000)))).status).toBe(201);
  });

  it("is refused signed out, at sign-up and sign-in", async () => {
    await createUser("Ann");
    for (const path of ["/api/auth/login", "/api/auth/register"]) {
      const res = await SELF.fetch(`${AUTH}${path}`, {
        method: "POST",
        headers: { Origin: AUTH, "Content-Type": "application/json" },
        body: JSON.stringify({ email: "ann@example.com", password: "x".repeat(300_000) }),
      });
      expect(res.status).toBe(413);
      expect(await errorBodyOf(res)).toEqual(TOO_LARGE);
    }
  });
});

describe("a body that is not declared JSON", () => {
  it("is refused with 415, so a text/plain body naming a timer does not reset the running one", async () => {
    const ann = await signedInUser("Ann");
    const running = await ann.call("POST", "/timer", { text: "running", initAt: new Date().toISOString() });
    expect(running.status).toBe(201);
    const before = await dumpDb();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", null]) {
      const res = await SELF.fetch(`${ORIGIN}/api/journal/timer`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, ...(type ? { "Content-Type": type } : {}) },
        body: JSON.stringify({ id: 999_999 }),
      });
      expect(res.status, String(type)).toBe(415);
      expect(await errorBodyOf(res)).toEqual(NOT_JSON);
    }
    expect(await dumpDb()).toEqual(before);
  });

  it("passes as JSON with a charset, and a route without a body needs none", async () => {
    const ann = await signedInUser("Ann");
    const res = await SELF.fetch(`${ORIGIN}/api/journal/stacks`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${ann.token}`,
        Origin: ORIGIN,
        "Content-Type": "application/json; charset=utf-8",
      },
      body: JSON.stringify({ name: "mine", icon: "★" }),
    });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: number }>();
    expect((await ann.call("DELETE", `/stacks/${id}`)).status).toBe(200);
  });
});

describe("a route that takes a body", () => {
  it("refuses a request without one with 400, not as an empty object (the timer reset's id is optional)", async () => {
    const ann = await signedInUser("Ann");
    await ann.call("POST", "/timer", { text: "running", initAt: new Date().toISOString() });
    const before = await dumpDb();
    const res = await ann.call("DELETE", "/timer");
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toEqual(NOT_JSON);
    expect(await dumpDb()).toEqual(before);
    // An empty object is a body: it resets the running timer.
    expect((await ann.call("DELETE", "/timer", {})).status).toBe(200);
  });
});

const NOT_OBJECT = {
  message: "The body must be a JSON object",
  error: "The body must be a JSON object",
  code: "platform.notObject",
  values: {},
};
const NOT_UTF8 = {
  message: "The body is not valid UTF-8 text",
  error: "The body is not valid UTF-8 text",
  code: "platform.notUtf8",
  values: {},
};

describe("a JSON body that must be an object", () => {
  it("refuses an array and every other JSON value at the timer's reset, the timer still running", async () => {
    const ann = await signedInUser("Ann");
    expect((await ann.call("POST", "/timer", { text: "running", initAt: new Date().toISOString() })).status).toBe(201);
    const before = await dumpDb();
    for (const body of ["[]", " \n[{}]", "[1]", "null", "0", "true", '"{}"', '""']) {
      const res = await SELF.fetch(`${ORIGIN}/api/journal/timer`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
        body,
      });
      expect([body, res.status]).toEqual([body, 400]);
      expect(await errorBodyOf(res)).toEqual(NOT_OBJECT);
    }
    expect(await dumpDb()).toEqual(before);
    // An object after JSON's whitespace is one.
    const reset = await SELF.fetch(`${ORIGIN}/api/journal/timer`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body: "\r\n\t {}",
    });
    expect(reset.status).toBe(200);
  });

  it("refuses an array at sign-in and at an entry's create, before anything is counted or written", async () => {
    const ann = await signedInUser("Ann");
    const before = await dumpDb();
    const login = await SELF.fetch(`${AUTH}/api/auth/login`, {
      method: "POST",
      headers: { Origin: AUTH, "Content-Type": "application/json" },
      body: JSON.stringify([{ email: ann.email, password: "x" }]),
    });
    expect([login.status, await errorBodyOf(login)]).toEqual([400, NOT_OBJECT]);
    const entry = await ann.call("POST", "/entries", [{ text: "an entry" }]);
    expect([entry.status, await errorBodyOf(entry)]).toEqual([400, NOT_OBJECT]);
    expect(await dumpDb()).toEqual(before);
  });
});

describe("a body that is not UTF-8", () => {
  /** A JSON entry whose text holds these bytes where a character would be. */
  const entryWith = (bytes: number[]) => {
    const [head, tail] = ['{"text":"caf', '"}'].map((s) => new TextEncoder().encode(s));
    return new Uint8Array([...head!, ...bytes, ...tail!]);
  };
  const post = (token: string, body: Uint8Array) =>
    SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body,
    });

  it("is refused with 400 and nothing written, where it was stored as U+FFFD", async () => {
    const ann = await signedInUser("Ann");
    const before = await dumpDb();
    for (const bytes of [
      [0xe9], // Latin-1's é
      [0xc3], // a sequence cut short
      [0xc0, 0xaf], // an overlong '/'
      [0xed, 0xa0, 0x80], // a surrogate's code
      [0xf8, 0x88, 0x80, 0x80, 0x80], // a five-byte form
      [0xff],
    ]) {
      const res = await post(ann.token, entryWith(bytes));
      expect([bytes, res.status]).toEqual([bytes, 400]);
      expect(await errorBodyOf(res)).toEqual(NOT_UTF8);
    }
    expect(await dumpDb()).toEqual(before);
    // The same é in UTF-8 is an entry.
    const ok = await post(ann.token, entryWith([0xc3, 0xa9]));
    expect(ok.status).toBe(201);
    expect(await count("entries", "text = ?", "café")).toBe(1);
  });

  it("is refused signed out too, at sign-in, before the throttle counts it", async () => {
    await createUser("Ann");
    const body = new Uint8Array([
      ...new TextEncoder().encode('{"email":"ann@example.com","password":"pass'),
      0xff,
      ...new TextEncoder().encode('word!"}'),
    ]);
    const res = await SELF.fetch(`${AUTH}/api/auth/login`, {
      method: "POST",
      headers: { Origin: AUTH, "Content-Type": "application/json" },
      body,
    });
    expect([res.status, await errorBodyOf(res)]).toEqual([400, NOT_UTF8]);
    expect(await count("login_attempts")).toBe(0);
  });
});
