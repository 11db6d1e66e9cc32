import { describe, expect, it } from "vitest";
import { clickTarget, notificationOf, parsePayload } from "./notification.ts";

// The auth site's worker as the local suite serves it.
const here = { site: "auth" as const, protocol: "http:", host: "auth.nook.localhost:8787" };

describe("a push's payload", () => {
  it("reads the contract's JSON, and refuses what is not a reminder", () => {
    const json = JSON.stringify({
      kind: "birthday",
      title: "Ada's birthday",
      body: "Today",
      url: "http://people.nook.localhost:8787/?q=Ada",
      tag: "@ada",
      id: "birthday:5:2027-03-28",
      actions: ["write"],
      lang: "ru",
    });
    expect(parsePayload(json)).toEqual({
      kind: "birthday",
      title: "Ada's birthday",
      body: "Today",
      url: "http://people.nook.localhost:8787/?q=Ada",
      tag: "@ada",
      id: "birthday:5:2027-03-28",
      actions: ["write"],
      lang: "ru",
    });
    expect(parsePayload(JSON.stringify({ kind: "daily", title: "x", body: "y", url: "z", id: 5 }))).toBeNull();
    expect(parsePayload(null)).toBeNull();
    expect(parsePayload("not json")).toBeNull();
    expect(parsePayload(JSON.stringify({ kind: "daily", title: "x", body: "y" }))).toBeNull();
    expect(parsePayload(JSON.stringify({ kind: "lunch", title: "x", body: "y", url: "z" }))).toBeNull();
    expect(parsePayload(JSON.stringify({ kind: "daily", title: "x", body: "y", url: "z", actions: ["dance"] }))).toBe(
      null,
    );
  });

  it("titles the actions in the payload's language, English by default", () => {
    const daily = { kind: "daily" as const, title: "How was today?", body: "", url: "http://nook.localhost:8787/" };
    expect(notificationOf({ ...daily, actions: ["mood", "write"], lang: "ru" }).options.actions).toEqual([
      { action: "mood", title: "Записать настроение" },
      { action: "write", title: "Написать" },
    ]);
    const en = notificationOf({ ...daily, actions: ["mood", "write"] });
    expect(en.title).toBe("How was today?");
    expect(en.options.actions).toEqual([
      { action: "mood", title: "Log mood" },
      { action: "write", title: "Write" },
    ]);
    expect(en.options.tag).toBe("daily");
    // A reminder's occurrence names its notification: the same one again replaces it, another stands beside it.
    expect(notificationOf({ ...daily, id: "daily:2027-03-28", tag: "run" }).options.tag).toBe("daily:2027-03-28");
    expect(notificationOf({ ...daily, tag: "run" }).options.tag).toBe("daily:run");
    expect(en.options.data).toEqual({ url: "http://nook.localhost:8787/" });
  });
});

describe("the page a click opens", () => {
  const data = { url: "http://people.nook.localhost:8787/?q=Ada", tag: "@ada" };
  it("opens Today with the faces for 'mood'", () => {
    expect(clickTarget("mood", data, here)).toBe("http://nook.localhost:8787/?mood");
  });
  it("opens the journal's form with the reminder's tag for 'write'", () => {
    expect(clickTarget("write", data, here)).toBe("http://journal.nook.localhost:8787/?prompt=about&person=%40ada");
    expect(clickTarget("write", { url: data.url }, here)).toBe("http://journal.nook.localhost:8787/#new-entry");
    // A streak's tag, not a person's: the journal's own prompt for any tag.
    expect(clickTarget("write", { url: data.url, tag: "morning run" }, here)).toBe(
      "http://journal.nook.localhost:8787/?prompt=tag&tag=morning+run#new-entry",
    );
  });
  it("opens the notification's own address on a tap, never one off the suite's domain", () => {
    expect(clickTarget("", data, here)).toBe("http://people.nook.localhost:8787/?q=Ada");
    expect(clickTarget("", { url: "https://evil.example/" }, here)).toBe("http://nook.localhost:8787/");
    expect(clickTarget("", null, here)).toBe("http://nook.localhost:8787/");
  });
});
