import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cspRefusals, fitsEachLayout, LAYOUTS, overflows, siteUrl } from "./browser.ts";
import { browserToday, modeButton, pressed, skyCalls, text, useLupileon } from "./lupileon-fixtures.ts";

const { browser, newPage, refused } = useLupileon();

describe("the by-date page, signed out", () => {
  it("starts at today in Solar, and asks the sky again once the date stands still, narrow and wide", async () => {
    const { context, page } = await newPage();
    const calls = skyCalls(page);
    // The page's clock is faked (flowing until paused), so the refetch's wait is stepped, not slept through.
    await page.clock.install();
    await page.goto(siteUrl("lupileon", "/by-date"));
    const today = await browserToday(page);
    const field = page.getByLabel("Date");
    await field.waitFor();
    await expect.poll(() => field.inputValue()).toBe(today);
    await expect.poll(() => field.getAttribute("min")).toBe("1000-01-01");
    await expect.poll(() => field.getAttribute("max")).toBe("3000-12-31");
    await expect.poll(() => pressed(page, "Solar")).toBe("true");
    await page
      .getByTestId("events")
      .getByRole("heading", { name: `The year ${today.slice(0, 4)}` })
      .waitFor();
    await page.getByTestId("moon-card").waitFor();
    await page.getByTestId("sky").waitFor();
    expect(calls.sort()).toEqual(["celestial", "moon", "solar"].map((c) => `/api/lupileon/${c}/${today}`).sort());
    // The by-date page is audited in the accessibility walk, in each theme (axe once a screen and theme).
    await fitsEachLayout(page);

    // Two changes within the wait: only the last date is asked for, and the old answers stay until then.
    calls.length = 0;
    // The new solar answer is held back until the old one has been seen to stay.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const solar = (url: URL) => url.pathname === "/api/lupileon/solar/2024-03-20";
    await page.route(solar, async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/lupileon/solar/2024-03-20");
    // The clock stands still, so both changes fall within the 500 ms wait however slow the machine is,
    // and nothing is asked for until the clock is stepped to the wait's end.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await field.fill("2024-03-19");
    await field.fill("2024-03-20");
    await page.clock.runFor(499);
    expect(calls).toEqual([]);
    await page.clock.runFor(1);
    await asked;
    await page.clock.resume();
    await expect
      .poll(() => page.getByTestId("events").getByRole("heading").textContent())
      .toBe(`The year ${today.slice(0, 4)}`);
    release();
    await page.getByText("This is the day of the spring equinox.").waitFor();
    await page.unroute(solar);
    expect(new URL(page.url()).searchParams.get("date")).toBe("2024-03-20");
    await page.getByTestId("moon-card").getByText("Waxing Gibbous").waitFor();
    expect(calls.some((c) => c.endsWith("2024-03-19"))).toBe(false);
    expect(calls.filter((c) => c.endsWith("2024-03-20")).sort()).toEqual([
      "/api/lupileon/celestial/2024-03-20",
      "/api/lupileon/moon/2024-03-20",
      "/api/lupileon/solar/2024-03-20",
    ]);

    await field.fill("2024-06-20");
    await page.getByText("This is the day of the summer solstice.").waitFor();
    await expect.poll(() => text(page, "daylight")).toContain("100%, rising");

    // A reload keeps the date and the mode.
    await modeButton(page, "Stars").click();
    await page.reload();
    await expect.poll(() => page.getByLabel("Date").inputValue()).toBe("2024-06-20");
    await page.getByTestId("western-sign").getByRole("heading", { name: "Gemini" }).waitFor();
    await expect.poll(() => pressed(page, "Stars")).toBe("true");

    // An empty date: the error in words, nothing asked for.
    calls.length = 0;
    await page.getByLabel("Date").fill("");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Choose a date: the field is required.");
    await expect.poll(() => page.getByTestId("western-sign").count()).toBe(0);
    // Past the longest wait (1000 ms), then a date again: its calls are the first seen (requests are seen in
    // order), so the empty date asked for nothing.
    await page.clock.runFor(1000);
    const next = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/2024-06-21"));
    await page.getByLabel("Date").fill("2024-06-21");
    await page.clock.runFor(500);
    await next;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !c.endsWith("/2024-06-21"))).toEqual([]);
    await fitsEachLayout(page);
    await context.close();
  });

  it("changes the western sign with the sidereal/tropical switch (1 May 1990: Aries or Taurus)", async () => {
    const { context, page } = await newPage(LAYOUTS[1]);
    await page.goto(siteUrl("lupileon", "/by-date?date=1990-05-01&mode=stars"));
    const western = page.getByTestId("western-sign");
    await western.getByRole("heading", { name: "Aries" }).waitFor();
    await modeButton(page, "Tropical").click();
    await western.getByRole("heading", { name: "Taurus" }).waitFor();
    await modeButton(page, "Sidereal").click();
    await western.getByRole("heading", { name: "Aries" }).waitFor();
    // Math for a date to come: no figures, no negative numbers.
    await page.goto(siteUrl("lupileon", "/by-date?date=2999-01-01&mode=math"));
    await page.getByText("Not born yet", { exact: false }).waitFor();
    await expect.poll(() => page.locator(".lupi-figure").count()).toBe(0);
    // A day that cannot be is called no date, not one out of range; a year out of range is that.
    await page.goto(siteUrl("lupileon", "/by-date?date=2024-02-30"));
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("There is no such day: choose a date that exists.");
    await page.goto(siteUrl("lupileon", "/by-date?date=3001-01-01"));
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Choose a date from 1 January 1000 to 31 December 3000.");
    await context.close();
  });

  it("speaks Russian, with its plurals", async () => {
    const { context, page } = await newPage(LAYOUTS[1], "ru");
    await page.goto(siteUrl("lupileon", "/by-date?date=1990-05-17"));
    await page.getByTestId("events").getByRole("heading", { name: "1990 год" }).waitFor();
    await expect.poll(() => pressed(page, "Солнце")).toBe("true");
    const season = () => text(page, "season");
    await expect.poll(season).toContain("57,6 дня назад");
    await expect.poll(season).toContain("через 35,1 дня");
    await page.getByTestId("moon-card").getByText("Последняя четверть").waitFor();
    await modeButton(page, "Звёзды").click();
    await page.getByTestId("chinese-sign").getByRole("heading", { name: "Металлическая Лошадь" }).waitFor();
    await page.getByLabel("Дата").fill("");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Выберите дату: это поле обязательно.");
    await page.goto(siteUrl("lupileon", "/by-date?date=2023-02-29"));
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Такого дня нет: выберите существующую дату.");
    await context.close();
  });
});

describe("the reader's day and zone", () => {
  /** A signed-out page on the by-date page in Solar, the browser in `timezoneId`. */
  async function zonedPage(timezoneId: string, width = 1280) {
    const context = await browser().newContext({
      serviceWorkers: "block",
      viewport: { width, height: 800 },
      colorScheme: "dark",
      timezoneId,
    });
    await context.addCookies([
      { name: "logo-seen", value: "1", domain: ".nook.localhost", path: "/", sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    cspRefusals(page, refused);
    const at = async (date: string) => {
      await page.goto(siteUrl("lupileon", `/by-date?date=${date}&mode=solar`));
      await page
        .getByTestId("events")
        .getByRole("heading", { name: `The year ${date.slice(0, 4)}` })
        .waitFor();
      await page.getByTestId("moon-card").waitFor();
    };
    return { context, page, at };
  }

  const event = (page: Page, name: string) =>
    page.getByTestId("events").getByRole("listitem").filter({ hasText: name }).locator("time").textContent();

  const phase = (page: Page) => page.getByTestId("moon-card").locator(".lupi-headline").textContent();

  it("in UTC: the full moon of 2025-12-04 23:14 names the 4th alone; times to the minute, with their zone", async () => {
    const { context, page, at } = await zonedPage("UTC");
    await at("2025-12-04");
    await expect.poll(() => phase(page)).toBe("Full Moon");
    // USNO: perihelion 2025 January 4 13:28 UT, aphelion July 3 19:55 UT.
    await expect.poll(() => event(page, "Perihelion")).toBe("January 4, 2025 at 01:28 PM UTC");
    await expect.poll(() => event(page, "Aphelion")).toBe("July 3, 2025 at 07:55 PM UTC");
    await expect.poll(() => text(page, "moon-card")).toContain("Previous full moon");
    await at("2025-12-05");
    await expect.poll(() => phase(page)).toBe("Waning Gibbous");
    // USNO's 23:14; astronomy-engine's Moon is within a minute of it (23:14:4x, shown to the nearest minute).
    await expect.poll(() => text(page, "moon-card")).toMatch(/Previous full moonDecember 4, 2025 at 11:1[45] PM UTC/);
    // The June solstice of 2024, 20:51 UT: its day is the 20th, and the 21st is not.
    await at("2024-06-20");
    await expect.poll(() => text(page, "season")).toContain("This is the day of the summer solstice.");
    await expect.poll(() => text(page, "season")).toContain("June 20, 2024 at 08:51 PM UTC");
    await at("2024-06-21");
    await expect.poll(() => text(page, "season")).toContain("Previous");
    await expect.poll(() => text(page, "season")).not.toContain("This is the day");
    await context.close();
  });

  it("in Moscow (UTC+3): the same full moon names the 5th, and every time says GMT+3", async () => {
    const { context, page, at } = await zonedPage("Europe/Moscow", 360);
    await at("2025-12-04");
    await expect.poll(() => phase(page)).toBe("Waxing Gibbous");
    await expect.poll(() => event(page, "Perihelion")).toBe("January 4, 2025 at 04:28 PM GMT+3");
    await at("2025-12-05");
    await expect.poll(() => phase(page)).toBe("Full Moon");
    await expect
      .poll(() => text(page, "moon-card"))
      .toMatch(/Previous full moonDecember 5, 2025 at 02:1[45] AM GMT\+3/);
    await expect.poll(() => overflows(page)).toBe(0);
    await context.close();
  });

  it("in Dubai (UTC+4): the June solstice of 2024 is on the 21st (00:51), not the 20th", async () => {
    const { context, page, at } = await zonedPage("Asia/Dubai");
    await at("2024-06-20");
    await expect.poll(() => text(page, "season")).toContain("Next");
    await expect.poll(() => text(page, "season")).not.toContain("This is the day");
    await at("2024-06-21");
    await expect.poll(() => text(page, "season")).toContain("This is the day of the summer solstice.");
    await expect.poll(() => text(page, "season")).toContain("June 21, 2024 at 12:51 AM GMT+4");
    await context.close();
  });
});
