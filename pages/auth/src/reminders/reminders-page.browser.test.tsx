import { accountKey } from "@nook/ui/account";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { readStoredText, writeStored } from "@nook/ui/stored";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../../locales/en.po";
import { messages as remindersEn } from "../../locales/reminders/en.po";
import { messages as remindersRu } from "../../locales/reminders/ru.po";
import { messages as ru } from "../../locales/ru.po";
import { type ReminderSettings, remindersApi } from "./reminders-api.ts";
import { RemindersPage } from "./reminders-page.tsx";
import "@nook/ui/styles.css";

// The Reminders page as the auth site shows it at /reminders, with the site's catalog and its own
// (lingui.config.ts LAZY_CATALOGS: reminders). The API is stubbed at fetch with the contract's answers
// (packages/shared/src/push/schemas.ts): the settings, the stacks with one streaks item, the devices, the push key. The browser's
// notifications are stubbed too (Notification, PushManager, the service worker's registration), so the
// test says what the person answers.

const OFF: ReminderSettings = {
  daily: null,
  streaks: null,
  birthdays: false,
  deadlines: false,
  events: false,
  quiet: null,
};
/** A P-256 point's 65 bytes as base64url (all 4s): what GET /api/push/key answers. */
const PUBLIC_KEY = "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ";

let settings: ReminderSettings = OFF;
/** The PUT's answer: the settings as sent, or a refusal. */
let saveAnswer: "ok" | "refused" = "ok";
let keyAnswer: "ok" | "unconfigured" = "ok";
let devices: { id: number; device: string | null; createdAt: string }[] = [];
/** Every call the page made, "METHOD /path", in order, and the bodies of its writes. */
let calls: string[] = [];
let bodies: unknown[] = [];

beforeEach(async () => {
  settings = OFF;
  saveAnswer = "ok";
  keyAnswer = "ok";
  devices = [];
  calls = [];
  bodies = [];
  writeStored(accountKey("reminders-draft"), undefined);
  writeStored(accountKey("reminders-device"), undefined);
  await Promise.all(["reminders/settings", "reminders/devices", "reminders/streak-items"].map((k) => invalidate(k)));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      if (request.method !== "GET") bodies.push(await request.json().catch(() => null));
      if (path === "/api/reminders" && request.method === "GET") return Response.json(settings);
      if (path === "/api/reminders" && request.method === "PUT") {
        if (saveAnswer === "refused") {
          const text = "A streak reminder must name streaks items of your own";
          return Response.json({ message: text, error: text }, { status: 400 });
        }
        settings = bodies.at(-1) as ReminderSettings;
        return Response.json(settings);
      }
      if (path === "/api/journal/stacks") return Response.json([{ id: 1, name: "Habits", icon: "🏃" }]);
      if (path === "/api/journal/stacks/1")
        return Response.json({
          id: 1,
          name: "Habits",
          icon: "🏃",
          items: [
            { id: 7, type: "streaks", title: "Run" },
            { id: 8, type: "sum", title: "Coffee" },
          ],
        });
      if (path === "/api/push/key")
        return keyAnswer === "ok"
          ? Response.json({ publicKey: PUBLIC_KEY })
          : Response.json({ message: "Push is not configured" }, { status: 503 });
      if (path === "/api/push/subscriptions" && request.method === "GET") return Response.json(devices);
      if (path === "/api/push/subscriptions" && request.method === "POST") {
        devices = [{ id: 31, device: "Chrome on Linux", createdAt: "2026-12-06T10:00:00.000Z" }, ...devices];
        return Response.json({ id: 31 }, { status: 201 });
      }
      const removed = /^\/api\/push\/subscriptions\/(\d+)$/.exec(path);
      if (removed && request.method === "DELETE") {
        devices = devices.filter((d) => d.id !== Number(removed[1]));
        return Response.json({ id: Number(removed[1]) });
      }
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
  // The service worker's registration, when a test stood one in.
  Reflect.deleteProperty(navigator.serviceWorker, "ready");
});

/** Notifications as the browser holds them, answering a request with `answer`. */
function notifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = {
    permission,
    requestPermission: vi.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", fake);
  return fake;
}

const show = (locale: "en" | "ru" = "en") =>
  renderInPage(<RemindersPage />, locale, locale === "en" ? { ...en, ...remindersEn } : { ...ru, ...remindersRu });
const check = (name: string) => page.getByRole("checkbox", { name });
const save = () => page.getByRole("button", { name: "Save" }).click();

describe("the Reminders page", () => {
  it("asks for notifications only when a reminder is turned on, says what to do when refused, and saves anyway", async () => {
    const asked = notifications("default", "denied");
    show();
    await expect.element(check("Birthdays")).not.toBeChecked();
    expect(asked.requestPermission).not.toHaveBeenCalled();
    await check("Birthdays").click();
    await expect.element(page.getByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(asked.requestPermission).toHaveBeenCalledTimes(1);
    // Refused: no key asked for, nothing subscribed.
    expect(calls.filter((c) => c.includes("/api/push/"))).toEqual(["GET /api/push/subscriptions"]);
    await save();
    await expect.element(page.getByTestId("reminders-saved")).toHaveTextContent("Saved.");
    expect(bodies).toEqual([{ ...OFF, birthdays: true }]);
  });

  it("says when the browser has no Push API, asking nothing, and keeps the settings", async () => {
    const asked = notifications("default", "granted");
    vi.stubGlobal("PushManager", undefined);
    show();
    await check('"How was today?", unless today\'s mood is logged').click();
    await expect.element(page.getByText(/This browser cannot receive reminders/)).toBeVisible();
    expect(asked.requestPermission).not.toHaveBeenCalled();
    // Turned on, the daily reminder starts at 21:00, and can be moved.
    await expect.element(page.getByLabelText("TIME")).toHaveValue("21:00");
    await page.getByLabelText("TIME").fill("07:30");
    await save();
    await expect.element(page.getByTestId("reminders-saved")).toHaveTextContent("Saved.");
    expect(bodies).toEqual([{ ...OFF, daily: { time: "07:30" } }]);
  });

  it("says the server has no push keys (the key route's 503)", async () => {
    notifications("granted");
    keyAnswer = "unconfigured";
    show();
    await check("Deadlines").click();
    await expect.element(page.getByText(/This server cannot send reminders yet/)).toBeVisible();
  });

  it("offers the account's streaks items only, and sends the ones chosen", async () => {
    notifications("denied");
    show();
    await check("A streak that ends tonight unless you log it").click();
    await expect.element(check("Run (Habits)")).toBeVisible();
    expect(document.body.textContent).not.toContain("Coffee");
    await check("Run (Habits)").click();
    await save();
    await expect.element(page.getByTestId("reminders-saved")).toHaveTextContent("Saved.");
    expect(bodies).toEqual([{ ...OFF, streaks: { time: "20:00", items: [7] } }]);
  });

  it("leaves out a chosen item that is no longer the account's (deleted since)", async () => {
    notifications("denied");
    settings = { ...OFF, streaks: { time: "19:45", items: [7, 99] } };
    show();
    await expect.element(check("Run (Habits)")).toBeChecked();
    await page.getByLabelText("EVENING TIME").fill("20:15");
    await save();
    await expect.element(page.getByTestId("reminders-saved")).toHaveTextContent("Saved.");
    expect(bodies).toEqual([{ ...OFF, streaks: { time: "20:15", items: [7] } }]);
  });

  it("says in the API's words that it did not save, and keeps what was set across a reload", async () => {
    notifications("denied");
    saveAnswer = "refused";
    show();
    await check("Your events").click();
    await save();
    await expect
      .element(page.getByRole("alert").filter({ hasText: "A streak reminder must name streaks items of your own" }))
      .toBeVisible();
    expect(page.getByTestId("reminders-saved").element().textContent).toBe("");
    await expect.element(page.getByText("Not saved yet")).toBeVisible();
    expect(readStoredText(accountKey("reminders-draft"))).toContain('"events":true');
    unmountPage();
    show();
    await expect.element(check("Your events")).toBeChecked();
    // Saved at last, the draft goes.
    saveAnswer = "ok";
    await save();
    await expect.element(page.getByTestId("reminders-saved")).toHaveTextContent("Saved.");
    expect(readStoredText(accountKey("reminders-draft"))).toBe("null");
  });

  it("signs this device up when allowed, lists it, and removing it unsubscribes the browser", async () => {
    notifications("default", "granted");
    const unsubscribe = vi.fn(async () => true);
    const subscription = {
      endpoint: "https://push.example/send/abc",
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: "https://push.example/send/abc", keys: { p256dh: "p256", auth: "secret" } }),
      unsubscribe,
    };
    let subscribed: PushSubscriptionOptionsInit | undefined;
    const registration = {
      pushManager: {
        getSubscription: async () => (subscribed ? subscription : null),
        subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
          subscribed = options;
          return subscription;
        }),
      },
    };
    Object.defineProperty(navigator.serviceWorker, "ready", {
      configurable: true,
      get: () => Promise.resolve(registration),
    });
    show();
    await check("Birthdays").click();
    await expect.element(page.getByText("This device gets your reminders.")).toBeVisible();
    expect(subscribed?.userVisibleOnly).toBe(true);
    // The key's 65 bytes, each 4 (its base64url above).
    expect(Array.from(subscribed?.applicationServerKey as Uint8Array)).toEqual(new Array(65).fill(4));
    expect(bodies[0]).toEqual({
      endpoint: "https://push.example/send/abc",
      keys: { p256dh: "p256", auth: "secret" },
      device: expect.stringMatching(/^Chrome on /),
      // Its reminders come in the page's language.
      lang: "en",
    });
    const row = page.getByTestId("push-device");
    await expect.element(row.getByText("This device")).toBeVisible();
    expect(row.element().textContent).toBe("Chrome on Linux This deviceAdded Dec 6, 2026Remove");
    await row.getByRole("button", { name: "Remove Chrome on Linux, added Dec 6, 2026" }).click();
    await expect.element(page.getByText("No device gets your reminders yet.")).toBeVisible();
    expect(calls).toContain("DELETE /api/push/subscriptions/31");
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("sends this device's subscription again in the page's language when the site's language changed", async () => {
    notifications("granted");
    const subscription = {
      endpoint: "https://push.example/send/abc",
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: "https://push.example/send/abc", keys: { p256dh: "p256", auth: "secret" } }),
    };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator.serviceWorker, "ready", {
      configurable: true,
      get: () => Promise.resolve(registration),
    });
    writeStored(accountKey("reminders-device"), { id: 31, endpoint: subscription.endpoint, lang: "en" });
    // In the language it signed up in: nothing sent.
    show("en");
    await expect.element(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
    unmountPage();
    expect(bodies).toEqual([]);
    show("ru");
    await expect
      .poll(() => bodies)
      .toEqual([
        {
          endpoint: "https://push.example/send/abc",
          keys: { p256dh: "p256", auth: "secret" },
          device: expect.stringMatching(/^Chrome on /),
          lang: "ru",
        },
      ]);
    await expect.poll(() => readStoredText(accountKey("reminders-device"))).toContain('"lang":"ru"');
    unmountPage();
    // Once sent, not again.
    show("ru");
    await expect.element(page.getByRole("heading", { name: "Напоминания", level: 1 })).toBeVisible();
    expect(bodies).toHaveLength(1);
  });

  it("reads in Russian", async () => {
    notifications("denied");
    devices = [{ id: 5, device: "", createdAt: "2026-12-01T08:00:00.000Z" }];
    show("ru");
    await expect.element(page.getByRole("heading", { name: "Напоминания", level: 1 })).toBeVisible();
    await expect.element(check("Дни рождения")).toBeVisible();
    await expect.element(page.getByTestId("push-device").getByText("Неизвестное устройство")).toBeVisible();
    await expect.element(page.getByRole("button", { name: "Сохранить" })).toBeVisible();
  });
});

describe("the contract's calls", () => {
  it("sends the settings whole, as JSON", async () => {
    await remindersApi.save({ ...OFF, quiet: { from: "22:00", to: "08:00" } });
    expect(calls).toEqual(["PUT /api/reminders"]);
    expect(bodies).toEqual([{ ...OFF, quiet: { from: "22:00", to: "08:00" } }]);
  });
});
