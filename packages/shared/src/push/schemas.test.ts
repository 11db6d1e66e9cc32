import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDERS, isLoopbackEndpoint, isPushEndpoint, PushPayload, ReminderSettings } from "./schemas.ts";

describe("push endpoints", () => {
  it("takes https, and plain http only to this machine's loopback with a port", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "http://127.0.0.1:8842/push/1",
      "http://localhost:8842/push/1",
    ])
      expect(isPushEndpoint(ok), ok).toBe(true);
    for (const no of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "http://127.0.0.1/push",
      "http://127.0.0.2:8842/push",
      "http://localhost.example.com:8842/push",
      "https://user:pw@push.example.net/x",
      "ftp://push.example.net/x",
      "not an address",
    ])
      expect(isPushEndpoint(no), no).toBe(false);
    expect(isLoopbackEndpoint("http://127.0.0.1:8842/push/1")).toBe(true);
    expect(isLoopbackEndpoint("https://127.0.0.1:8842/push/1")).toBe(false);
  });
});

describe("the push payload the service worker reads", () => {
  const payload = {
    kind: "birthday",
    title: "Ada's birthday today",
    body: "Ada turns 36",
    url: "https://people.example.com/?person=12",
  };

  it("takes a payload with or without its tag, actions and language", () => {
    expect(v.parse(PushPayload, payload)).toEqual(payload);
    const full = { ...payload, kind: "daily", tag: "evening", actions: ["mood", "write"], lang: "ru" };
    expect(v.parse(PushPayload, full)).toEqual(full);
  });

  it("refuses an unknown kind or action, an address that is not http(s) or not ASCII, and a title past 120", () => {
    for (const wrong of [
      { ...payload, kind: "reminder" },
      { ...payload, actions: ["snooze"] },
      { ...payload, url: "javascript:alert(1)" },
      { ...payload, url: "/relative" },
      { ...payload, url: "https://people.example.com/Ада" },
      { ...payload, title: "t".repeat(121) },
      { ...payload, body: "b".repeat(601) },
      { ...payload, lang: "de" },
    ])
      expect(v.safeParse(PushPayload, wrong).success, JSON.stringify(wrong).slice(0, 80)).toBe(false);
  });
});

describe("the reminder settings", () => {
  it("take the defaults, and collapse a streak item named twice", () => {
    expect(v.parse(ReminderSettings, DEFAULT_REMINDERS)).toEqual(DEFAULT_REMINDERS);
    const parsed = v.parse(ReminderSettings, { ...DEFAULT_REMINDERS, streaks: { time: "19:00", items: [3, 1, 3] } });
    expect(parsed.streaks).toEqual({ time: "19:00", items: [3, 1] });
  });
});
