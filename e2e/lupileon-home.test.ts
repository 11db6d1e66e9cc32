import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { fitsEachLayout, LAYOUTS, overflows, siteUrl } from "./browser.ts";
import { browserToday, mode, modeButton, pressed, text, useLupileon } from "./lupileon-fixtures.ts";

const { newPage, signedIn } = useLupileon();

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
    // Math and Stars are audited in the accessibility walk, in each theme (axe once a screen and theme).
    await fitsEachLayout(page);

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
    await fitsEachLayout(page);

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
    expect(await auditEachLayout(page, "lupileon: the home, solar")).toEqual([]);
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
    await context.close();
  });

  it("sends a signed-out visitor of the home to the login page", async () => {
    const { context, page } = await newPage(LAYOUTS[1]);
    await page.goto(siteUrl("lupileon", "/astro"));
    await page.waitForURL((url) => url.href.startsWith(siteUrl("auth", "/login")));
    await context.close();
  });
});
