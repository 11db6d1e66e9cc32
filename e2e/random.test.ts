import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  fitsEachLayout,
  LAYOUTS,
  newContext,
  siteUrl,
  useBrowser,
  useCspRefusals,
} from "./browser.ts";

const browser = useBrowser();

/** What the browser refused under the Content-Security-Policy, on any page of these tests. */
const refused = useCspRefusals();

async function open(path: string, options: { width?: number; reducedMotion?: boolean; locale?: "ru" } = {}) {
  const width = options.width ?? 1280;
  const context = await newContext(browser(), { width, colorScheme: width < 600 ? "light" : "dark" });
  if (options.locale)
    await context.addCookies([{ name: "locale", value: options.locale, domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
  cspRefusals(page, refused);
  await page.goto(siteUrl("random", path));
  return { context, page };
}

const numbers = async (page: Page) =>
  (await page.getByRole("list", { name: "Drawn numbers" }).getByRole("listitem").allTextContents()).map(Number);

describe("the random home", () => {
  it("links to tarot, numbers and dices, signed out", async () => {
    const { context, page } = await open("/");
    // Waited for: right after the navigation the site may still be checking the session.
    await page.getByRole("heading", { name: "Random", level: 1 }).waitFor();
    for (const [name, path] of [
      ["Tarot", "/tarot"],
      ["Random numbers", "/numbers"],
      ["Dices", "/dices"],
    ] as const) {
      await page.getByRole("link", { name }).click();
      await page.waitForURL(siteUrl("random", path));
      await page.goBack();
    }
    await context.close();
  });
});

describe("random numbers", () => {
  it("starts at 1, 1, 10 with the spec's words, and Go draws on this device", async () => {
    const { context, page } = await open("/numbers");
    await page.getByText("Select settigns and press Go").waitFor();
    await expect.poll(() => page.getByLabel("Count").inputValue()).toBe("1");
    await expect.poll(() => page.getByLabel("Min").inputValue()).toBe("1");
    await expect.poll(() => page.getByLabel("Max").inputValue()).toBe("10");
    await page.getByRole("button", { name: "Go" }).click();
    const [n] = await numbers(page);
    expect(n! >= 1 && n! <= 10).toBe(true);
    await page.getByText("From 1 to 10, drawn on this device.").waitFor();
    await context.close();
  });

  it("draws without repeats, and keeps the form and the numbers over a reload", async () => {
    const { context, page } = await open("/numbers");
    await page.getByLabel("Count").fill("7");
    await page.getByLabel("Min").fill("-3");
    await page.getByLabel("Max").fill("3");
    await page.getByLabel("No repeats").check();
    await page.getByRole("button", { name: "Go" }).click();
    const drawn = await numbers(page);
    expect([...drawn].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    await page.reload();
    await page.getByRole("list", { name: "Drawn numbers" }).waitFor();
    await expect.poll(() => numbers(page)).toEqual(drawn);
    await expect.poll(() => page.getByLabel("Count").inputValue()).toBe("7");
    await expect.poll(() => page.getByLabel("No repeats").isChecked()).toBe(true);
    await context.close();
  });

  it("says 'Fill proper settings' when a field is empty, and the bounds' words when they are wrong", async () => {
    const { context, page } = await open("/numbers");
    await page.getByLabel("Max").fill("");
    await page.getByRole("button", { name: "Go" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Fill proper settings");
    await expect.poll(() => page.getByText("Select settigns and press Go").isVisible()).toBe(true);
    await page.getByLabel("Max").fill("5");
    await page.getByLabel("Min").fill("9");
    await page.getByRole("button", { name: "Go" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Min must not be greater than max");
    await page.getByLabel("Min").fill("1");
    await page.getByLabel("Count").fill("6");
    await page.getByLabel("No repeats").check();
    await page.getByRole("button", { name: "Go" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Without repeats, count cannot be more than the numbers from min to max");
    await context.close();
  });

  it("offers random.org only when signed in, and says when it is not configured", async () => {
    const { context, page } = await open("/numbers");
    const service = page.getByRole("radio", { name: "random.org" });
    await expect.poll(() => service.isDisabled()).toBe(true);
    await page.getByText("Sign in to draw from random.org.").waitFor();
    await addSession(page, await createAccount("Lucky"));
    await page.goto(siteUrl("random", "/numbers"));
    await service.check();
    await page.getByRole("button", { name: "Go" }).click();
    // The local suite holds no key: the Worker answers 503 and the page says so in the spec's words.
    await page.getByText("Randomization failed: The random-number service is not configured").waitFor();
    await expect.poll(() => page.getByText("Select settigns and press Go").isVisible()).toBe(true);
    await context.close();
  });

  it("speaks Russian", async () => {
    const { context, page } = await open("/numbers", { locale: "ru" });
    await page.getByText("Выберите настройки и нажмите «Вперёд»").waitFor();
    await page.getByLabel("Максимум").fill("");
    await page.getByRole("button", { name: "Вперёд" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Заполните настройки правильно");
    await page.getByLabel("Максимум").fill("0");
    await page.getByRole("button", { name: "Вперёд" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Минимум не может быть больше максимума");
    await context.close();
  });
});

describe("dices", () => {
  const faces = (page: Page) => page.getByRole("list", { name: "Dice rolled" }).getByRole("img");

  it("rolls the chosen dice, shows each die and the total, and keeps a short history", async () => {
    const { context, page } = await open("/dices", { reducedMotion: true });
    await page.getByText("Choose the dice and roll.").waitFor();
    await page.getByRole("radio", { name: "d20" }).check();
    await page.getByLabel("How many").selectOption("3");
    await page.getByRole("button", { name: "Roll" }).click();
    const labels = await faces(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    expect(labels).toHaveLength(3);
    const values = labels.map((l) => Number(/^d20 shows (\d+)$/.exec(l)?.[1]));
    for (const v of values) expect(v >= 1 && v <= 20).toBe(true);
    const sum = values.reduce((a, b) => a + b, 0);
    await expect.poll(() => page.locator(".dice-total").textContent()).toBe(`Total: ${sum}`);
    await expect
      .poll(() =>
        page
          .getByRole("listitem")
          .filter({ hasText: `3d20: ${values.join(", ")}` })
          .count(),
      )
      .toBe(1);

    await page.getByRole("radio", { name: "d100" }).check();
    await page.getByLabel("How many").selectOption("1");
    await page.getByRole("button", { name: "Roll" }).click();
    await expect.poll(() => faces(page).count()).toBe(1);
    await page.reload();
    // The history and the choice survive a reload: two rolls, the d100 first.
    await page.locator(".dice-history li").nth(1).waitFor();
    const history = await page.locator(".dice-history li").allTextContents();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatch(/^1d100: \d+/);
    expect(history[1]).toContain(`3d20: ${values.join(", ")}`);
    await expect.poll(() => page.getByRole("radio", { name: "d100" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Clear history" }).click();
    await page.getByText("No rolls yet.").waitFor();
    await context.close();
  });

  it("dates a roll of another day, in the profile's zone", async () => {
    // At 20:00 UTC on 10 March 2026 it is 09:00 on the 11th in Auckland (the profile's zone), 16:00 on
    // the 10th in New York (the browser's).
    const account = await createAccount("Dice");
    await callApi(account.token, "PUT", "/api/user/profile", {
      email: account.email,
      name: account.name,
      username: account.username,
      accentColor: "blue",
      timeZone: "Pacific/Auckland",
    });
    const context = await newContext(browser(), { timezoneId: "America/New_York" });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    cspRefusals(page, refused);
    await page.clock.setFixedTime(new Date("2026-03-10T20:00:00Z"));
    await addSession(page, account);
    await page.goto(siteUrl("random", "/dices"));
    await page.getByRole("button", { name: "Roll" }).click();
    const when = page.locator(".dice-history time").first();
    // Today: the time alone, in Auckland's (shown again once the session says the profile's zone).
    await expect.poll(() => when.textContent()).toBe("09:00:00 AM");
    // A day later the same roll says its day.
    await page.clock.setFixedTime(new Date("2026-03-11T20:00:00Z"));
    await page.reload();
    await expect.poll(() => when.textContent()).toBe("Mar 11, 09:00:00 AM");
    await context.close();
  });

  it("tumbles briefly before settling, unless motion is reduced", async () => {
    const { context, page } = await open("/dices");
    // Time stands still while the dice tumble, and moves on when the test says: nothing to race.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("radio", { name: "d6" }).check();
    await page.getByRole("button", { name: "Roll" }).click();
    await page.getByText("Rolling…").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Roll" }).isDisabled()).toBe(true);
    await page.clock.runFor(1000);
    await page.getByText(/^Total: \d+$/).waitFor();
    await expect.poll(() => page.locator(".dice-tumbling").count()).toBe(0);
    await context.close();

    const still = await open("/dices", { reducedMotion: true });
    await still.page.getByRole("button", { name: "Roll" }).click();
    // No tumble at all: the total is there at once.
    await expect.poll(() => still.page.getByText(/^Total: \d+$/).isVisible()).toBe(true);
    await expect.poll(() => still.page.getByText("Rolling…").count()).toBe(0);
    await still.context.close();
  });
});

describe("the random site narrow and light, then wide and dark", () => {
  // The dice are audited in the accessibility walk, in each theme (axe once a screen and theme).
  for (const path of ["/", "/numbers", "/dices"])
    it(`${path} fits both without sideways scrolling${path === "/dices" ? "" : ", and passes axe in both"}`, async () => {
      const { context, page } = await open(path, { width: LAYOUTS[0].width, reducedMotion: true });
      await page.getByRole("heading", { level: 1 }).waitFor();
      if (path === "/numbers") {
        await page.getByLabel("Count").fill("40");
        await page.getByLabel("Min").fill("-1000000000");
        await page.getByLabel("Max").fill("1000000000");
        await page.getByRole("button", { name: "Go" }).click();
      }
      if (path === "/dices") {
        await page.getByRole("radio", { name: "d100" }).check();
        await page.getByLabel("How many").selectOption("10");
        await page.getByRole("button", { name: "Roll" }).click();
      }
      if (path === "/dices") await fitsEachLayout(page);
      else
        expect(await auditEachLayout(page, path === "/" ? "random: the home" : "random: the numbers, drawn")).toEqual(
          [],
        );
      await context.close();
    });
});
