import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { audit, auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  fitsEachLayout,
  LAYOUTS,
  type Layout,
  layoutContext,
  overflows,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

/** What the browser refused under the Content-Security-Policy, on any page of these tests. */
const refused: string[] = [];
afterEach(() => {
  expect(refused.splice(0)).toEqual([]);
});

async function newPage(layout: Layout = LAYOUTS[0], locale?: "ru") {
  const context = await layoutContext(browser(), layout);
  if (locale) await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  cspRefusals(page, refused);
  return { context, page };
}

/** An account with a date of birth (or none), signed in, at `path` on the lupileon site (its clock fixed at `now`). */
async function signedIn(dateOfBirth: string | null, path = "/", now?: Date, layout: Layout = LAYOUTS[0]) {
  const account = await createAccount("Luna Tester");
  if (dateOfBirth)
    await callApi(account.token, "PUT", "/api/user/profile", {
      email: account.email,
      name: account.name,
      username: account.username,
      dateOfBirth,
      accentColor: "purple",
    });
  const { context, page } = await newPage(layout);
  await addSession(page, account);
  if (now) await page.clock.setFixedTime(now);
  await page.goto(siteUrl("lupileon", path));
  return { account, context, page };
}

/** The page's own local date, as the site reads it. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

const modeButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const pressed = (page: Page, name: string) => modeButton(page, name).getAttribute("aria-pressed");
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";
const mode = (page: Page) => new URL(page.url()).searchParams.get("mode");

/** Every call to the sky's routes, as paths. */
function skyCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/lupileon\/(moon|celestial|solar|signs)\//.test(path)) calls.push(path);
  });
  return calls;
}

describe("the birth-date home, signed in with a date of birth (17 May 1990)", () => {
  it("greets by name and shows Math, Stars and Solar with the real figures, narrow and wide", async () => {
    // Today is fixed: 25 November 2026 (at noon UTC, the same date in the browser's zone).
    const { context, page } = await signedIn("1990-05-17", "/", new Date("2026-11-25T12:00:00Z"));
    await page.getByRole("heading", { name: "Hey Luna Tester!", level: 1 }).waitFor();
    await expect.poll(() => pressed(page, "Math")).toBe("true");
    await expect.poll(() => pressed(page, "Stars")).toBe("false");

    // Math: the figures from 17 May 1990 to 25 November 2026, worked out by hand (spec 2 §9's rates).
    // Days lived: 36 years to 17 May 2026 are 36 × 365 + 9 leap days (1992 … 2024) = 13,149, and 17 May to
    // 25 November is 14 + 30 + 31 + 31 + 30 + 31 + 25 = 192 more: 13,341.
    const figure = (label: string) =>
      page.locator(".lupi-figure").filter({ has: page.getByRole("heading", { name: label, exact: true }) });
    await figure("Days lived").waitFor();
    const value = (label: string) => figure(label).locator(".lupi-figure-value").textContent();
    await expect.poll(() => value("Days lived")).toBe("13,341");
    // 80 a minute (115,200 a day) from the first heartbeat, 258 days before birth: 13,599 × 115,200.
    await expect.poll(() => value("Heartbeats")).toBe("1,566,604,800");
    // 16 a minute (23,040 a day): 13,341 × 23,040.
    await expect.poll(() => value("Breaths")).toBe("307,376,640");
    await expect.poll(() => value("Conception")).toBe("August 10, 1989");
    await expect.poll(() => value("First heartbeat")).toBe("September 1, 1989");
    // One renewal every 7.5 × 365.25 = 2,739.375 days: 13,341 / 2,739.375 = 4.87, so 4.
    await expect.poll(() => value("Cell regeneration")).toBe("4");
    const what = figure("Cell regeneration").getByText("A popular rule of thumb", { exact: false });
    await expect.poll(() => what.isVisible()).toBe(false);
    await page.getByText("What?", { exact: true }).click();
    await expect.poll(() => what.isVisible()).toBe(true);
    // Food above 1000 kg shows in tons too: 4,383 days × 1 kg to 12, 2,556.75 × 1.5 to 19, then the other
    // 6,401.25 days × 2: 4,383 + 3,835.125 + 12,802.5 = 21,020.625 kg, 21.0 t.
    await expect.poll(() => figure("Food").locator(".lupi-figure-extra").textContent()).toBe("21.0 t");
    expect(await auditEachLayout(page)).toEqual([]);

    // Stars: sidereal first — Taurus, in its first three days, right after Aries.
    await modeButton(page, "Stars").click();
    expect(mode(page)).toBe("stars");
    await expect.poll(() => pressed(page, "Sidereal")).toBe("true");
    const western = page.getByTestId("western-sign");
    await western.getByRole("heading", { name: "Taurus" }).waitFor();
    await western.getByText("Western zodiac, sidereal").waitFor();
    await expect.poll(() => text(page, "western-sign")).toContain("May 15 – June 14");
    await expect
      .poll(() => text(page, "western-sign"))
      .toContain("On the cusp: in the first three days of Taurus, right after Aries.");
    // The same sign tropically, its own span, no cusp; the choice is kept over a reload.
    await modeButton(page, "Tropical").click();
    await western.getByText("Western zodiac, tropical").waitFor();
    await expect.poll(() => text(page, "western-sign")).toContain("April 20 – May 20");
    await expect.poll(() => text(page, "western-sign")).not.toContain("On the cusp");
    await page.reload();
    await western.getByText("Western zodiac, tropical").waitFor();
    await expect.poll(() => pressed(page, "Stars")).toBe("true");
    await modeButton(page, "Sidereal").click();
    await western.getByText("Western zodiac, sidereal").waitFor();

    const chinese = page.getByTestId("chinese-sign");
    await chinese.getByRole("heading", { name: "Metal Horse" }).waitFor();
    await expect
      .poll(() => text(page, "chinese-sign"))
      .toContain("The Chinese year from January 27, 1990 to February 14, 1991");
    await expect.poll(() => chinese.locator('[lang="zh"]').first().textContent()).toBe("庚午");
    const celtic = page.getByTestId("celtic-sign");
    await celtic.getByRole("heading", { name: "Hawthorn" }).waitFor();
    await expect.poll(() => text(page, "celtic-sign")).toContain("May 13 – June 9");
    await celtic.getByText("Zodiac details", { exact: true }).click();
    await expect
      .poll(() => celtic.locator(".lupi-fact").filter({ hasText: "Ogham" }).textContent())
      .toBe("OghamHuath ᚆ");
    await western.getByText("About this sign", { exact: true }).click();
    await chinese.getByText("Zodiac details", { exact: true }).click();
    await expect.poll(() => text(page, "chinese-sign")).toContain("Yang (Heaven)");
    await expect.poll(() => page.getByTestId("weekday").getByRole("heading").textContent()).toBe("Thursday");
    for (const heading of ["About this sign", "Personality traits", "Zodiac details", "Tree lore"])
      await expect
        .poll(() => page.getByText(heading, { exact: true }).count(), { message: heading })
        .toBeGreaterThan(0);
    // The pictures are decoration beside the names.
    await expect.poll(() => western.locator(".lupi-sign-picture svg").getAttribute("aria-hidden")).toBe("true");
    expect(await auditEachLayout(page)).toEqual([]);

    // Solar: the year's events, where the day sits, the daylight, the moon and the sky.
    await modeButton(page, "Solar").click();
    expect(mode(page)).toBe("solar");
    await page.getByTestId("events").getByRole("heading", { name: "The year 1990" }).waitFor();
    await expect.poll(() => page.getByTestId("events").getByRole("listitem").count()).toBe(6);
    const season = () => text(page, "season");
    await expect.poll(season).toContain("Spring equinox");
    await expect.poll(season).toContain("57.6 days ago");
    await expect.poll(season).toContain("Summer solstice");
    await expect.poll(season).toContain("in 35.1 days");
    await expect.poll(() => text(page, "daylight")).toContain("91.1%, rising");
    await page.getByTestId("moon-card").getByText("Last Quarter").waitFor();
    await expect.poll(() => text(page, "moon-card")).toContain("53.5% lit, 22.3 days old");
    const sun = page.getByTestId("sky").locator('tr[data-body="sun"]');
    await expect.poll(() => sun.locator("td").allTextContents()).toEqual(["56.32°", "26°19′ Taurus", "2°34′ Taurus"]);
    const chart = page.getByRole("img", { name: /wheel of the sidereal signs/ });
    await expect.poll(() => chart.getAttribute("aria-label")).toContain("Sun in Taurus");
    await expect.poll(() => chart.getAttribute("aria-label")).toContain("Jupiter in Gemini");
    expect(await auditEachLayout(page)).toEqual([]);
    await context.close();
  });

  it("opens /about-me in Math and /astro in Stars, and keeps a chosen mode over a reload", async () => {
    const { context, page } = await signedIn("1990-05-17", "/about-me", undefined, LAYOUTS[1]);
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor();
    await expect.poll(() => pressed(page, "Math")).toBe("true");
    await page.goto(siteUrl("lupileon", "/astro"));
    await page.getByTestId("western-sign").waitFor();
    await expect.poll(() => pressed(page, "Stars")).toBe("true");
    await modeButton(page, "Solar").click();
    await page.reload();
    await page.getByTestId("events").waitFor();
    await expect.poll(() => pressed(page, "Solar")).toBe("true");
    // The arrows move between the modes.
    await modeButton(page, "Solar").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pressed(page, "Math")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => pressed(page, "Solar")).toBe("true");
    // 'Look at another date' opens the by-date page on the date of birth, in Solar, and leads back home.
    await page.getByRole("link", { name: "Look at another date" }).click();
    await page.waitForURL(siteUrl("lupileon", "/by-date"));
    await expect.poll(() => page.getByLabel("Date").inputValue()).toBe("1990-05-17");
    await page.getByTestId("events").getByRole("heading", { name: "The year 1990" }).waitFor();
    await page.getByRole("link", { name: "Back to my date of birth" }).click();
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor();
    await context.close();
  });

  it("shows 'Error loading data' in the failed call's card only, and Retry loads it", async () => {
    const { context, page } = await signedIn("1990-05-17", "/?mode=solar", undefined, LAYOUTS[1]);
    await page.route("**/api/lupileon/moon/**", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.reload();
    const moon = page.getByTestId("moon");
    await moon.getByText("Error loading data", { exact: true }).waitFor();
    await page.getByTestId("events").waitFor();
    await page.getByTestId("sky").waitFor();
    await expect.poll(() => page.getByText("Error loading data", { exact: true }).count()).toBe(1);
    await page.unroute("**/api/lupileon/moon/**");
    await moon.getByRole("button", { name: "Retry" }).click();
    await moon.getByText("Last Quarter").waitFor();
    await context.close();
  });
});

describe("the birth-date home while its summary loads or fails", () => {
  it("shows exactly 'Loading........', then 'Error loading data', and Retry greets", async () => {
    const { context, page } = await signedIn("1990-05-17", "/about-me");
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor();
    // A slow summary on a fresh load: the spec's words, nothing else.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/lupileon/summary", async (route) => {
      await held;
      await route.fulfill({ status: 500, body: JSON.stringify({ message: "Something went wrong" }) });
    });
    await page.reload();
    await page.getByText("Loading........", { exact: true }).waitFor();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(0);
    release();
    await page.getByText("Error loading data", { exact: true }).waitFor();
    await page.unroute("**/api/lupileon/summary");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor();
    // Moving to /astro shows the greeting at once: the summary is not waited for again.
    await page.route("**/api/lupileon/summary", () => {});
    await page.evaluate(() => {
      history.pushState(null, "", "/astro");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor({ timeout: 2000 });
    await expect.poll(() => pressed(page, "Stars")).toBe("true");
    await context.close();
  });
});

describe("the zodiac lore, loaded on demand", () => {
  it("says 'Error loading data' when its chunk fails, and Retry loads it (a fresh request, not the failed one)", async () => {
    const { context, page } = await newPage(LAYOUTS[1]);
    const lore = /\/assets\/lore\.en-[\w-]+\.js(\?.*)?$/;
    await page.route(lore, (route) => route.abort());
    await page.goto(siteUrl("lupileon", "/by-date?date=1990-05-17&mode=stars"));
    await page.getByText("Error loading data", { exact: true }).waitFor();
    await page.unroute(lore);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByTestId("western-sign").getByText("About this sign").waitFor();
    await context.close();
  });
});

describe("the birth-date home without a date of birth", () => {
  it("says so, links to the profile on the auth site and to the by-date page", async () => {
    const { context, page } = await signedIn(null);
    await page.getByRole("heading", { name: "Hey Luna Tester!" }).waitFor();
    await page.getByText("Your profile has no date of birth yet.", { exact: false }).waitFor();
    await expect
      .poll(() => page.getByRole("link", { name: "Add my date of birth" }).getAttribute("href"))
      .toBe(siteUrl("auth", "/profile"));
    await expect.poll(() => page.getByRole("button", { name: "Math" }).count()).toBe(0);
    await page.getByRole("link", { name: "Look at any date" }).click();
    await page.waitForURL(siteUrl("lupileon", "/by-date"));
    // Signed in without a date of birth, the by-date page starts at today.
    await expect.poll(() => page.getByLabel("Date").inputValue()).toBe(await browserToday(page));
    await expect.poll(() => overflows(page)).toBe(0);
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor of the home to the login page", async () => {
    const { context, page } = await newPage(LAYOUTS[1]);
    await page.goto(siteUrl("lupileon", "/astro"));
    await page.waitForURL((url) => url.href.startsWith(siteUrl("auth", "/login")));
    await context.close();
  });
});

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
    expect(await auditEachLayout(page)).toEqual([]);

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
