import { type Browser, type CDPSession, chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { addSession, chromePath, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { CHROMIUM_ARGS } from "./chromium.ts";
import { watchContext } from "./ledger.ts";
import { workerReady } from "./service-workers.ts";

const browser = useBrowser();

/**
 * The full Chromium, for the notifications: the headless shell the other files share holds every page's
 * notification permission at "denied", whatever is granted (its Permissions API says "granted", its
 * Notification.permission does not follow).
 */
let full: Browser | undefined;
afterAll(async () => {
  await full?.close();
});

describe("reminders", () => {
  // Needs the API's push and reminders routes (workers/api/src/push/routes.ts): GET and PUT /api/reminders, GET
  // /api/push/subscriptions. The notifications are refused here (a headless browser answers "denied" to a
  // page's request), so the page's words for a refusal are what is audited beside the settings.
  it("sets the reminders, says what the browser refused, in English and Russian, narrow and wide", async () => {
    const account = await createAccount("Reminded");
    const context = await newContext(browser(), { width: 360, colorScheme: "light" });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/reminders"));
    const daily = page.getByRole("checkbox", { name: /How was today\?/ });
    await daily.check();
    await page.getByRole("checkbox", { name: "Birthdays" }).check();
    await expect.poll(() => page.getByTestId("push-state").textContent()).toContain("Notifications are blocked");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByTestId("reminders-saved").textContent()).toBe("Saved.");
    // As saved: the daily reminder at the time it starts at when turned on.
    await page.reload();
    await expect.poll(() => page.getByLabel("TIME", { exact: true }).inputValue()).toBe("21:00");
    expect(await auditEachLayout(page, "auth: reminders")).toEqual([]);
    await page.getByTestId("lang-toggle").click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Напоминания");
    expect(await page.getByRole("checkbox", { name: "Дни рождения" }).isChecked()).toBe(true);
    expect(await auditEachLayout(page, "auth: reminders")).toEqual([]);
    await context.close();
  });

  // Needs no route of the server's: the push comes through the DevTools protocol, straight to the worker.
  it("shows a pushed reminder with its actions in its language; 'Log mood' opens Today on the faces", async () => {
    full = await chromium.launch({ executablePath: chromePath(), headless: true, args: CHROMIUM_ARGS });
    const context = await newContext(full, { serviceWorkers: "allow" });
    watchContext(context);
    await context.grantPermissions(["notifications"], { origin: siteUrl("auth", "").replace(/\/$/, "") });
    const page = await context.newPage();
    await addSession(page, await createAccount("Nudged"));
    await page.goto(siteUrl("auth", "/profile"));
    expect(await workerReady(page)).toBe(siteUrl("auth", "/sw.js"));
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
      registrations.push(...updated);
    });
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.some((r) => r.scopeURL === siteUrl("auth", "/"))).toBe(true);
    const { registrationId } = registrations.find((r) => r.scopeURL === siteUrl("auth", "/"))!;
    const payload = {
      kind: "daily",
      title: "Как прошёл день?",
      body: "Отметьте настроение",
      url: siteUrl("root", "/"),
      actions: ["mood", "write"],
      lang: "ru",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: siteUrl("auth", "").replace(/\/$/, ""),
      registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(
            (a) => `${a.action}: ${a.title}`,
          ),
        }));
      });
    await expect.poll(shown).toEqual([
      {
        title: "Как прошёл день?",
        body: "Отметьте настроение",
        tag: "daily",
        data: { url: siteUrl("root", "/") },
        actions: ["mood: Записать настроение", "write: Написать"],
      },
    ]);
    // A click on a notification has no way in through the protocol (nor a window to open in a headless
    // browser): the page each action opens is the unit test's (pages/auth/src/push-worker/notification.test.ts),
    // and here that page does what it is opened for — Today at /?mood, its first face focused, the address
    // clean again.
    await page.goto(siteUrl("root", "/?mood"));
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-mood") ?? null)).toBe("1");
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });
});
