import { describe, expect, it } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";
import { auditEachLayout } from "./axe.ts";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** The server's today in UTC, the zone these browsers run in (a new profile's zone too). */
const today = () => new Date().toISOString().slice(0, 10);

describe("your own events and the feed", () => {
  it("adds an event on the calendar, shows it in the day, week and month, and carries it in the feed", async () => {
    const account = await createAccount("Event Maker");
    const context = await newContext(browser(), { width: 1280, timezoneId: "UTC" });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("calendar", `/?view=day&date=${today()}`));
    await page.getByRole("link", { name: "Add event" }).click();
    await page.getByRole("heading", { name: "New event" }).waitFor();
    await page.getByLabel("Title").fill("Dentist");
    await page.getByLabel("Starts").fill("09:00");
    await page.getByLabel("Ends").fill("09:45");
    await page.getByLabel("Repeat").selectOption("weekly");
    await page.getByRole("button", { name: "Add", exact: true }).click();

    const event = page.getByRole("link", { name: "09:00 Dentist" });
    await expect.poll(() => event.count()).toBeGreaterThan(0);
    for (const tab of ["Week", "Month"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect.poll(() => page.getByRole("link", { name: "09:00 Dentist" }).count()).toBeGreaterThan(0);
    }

    // The event's own form, to edit or delete it: axe clean, at 360 and 1280 px.
    await page.getByRole("link", { name: "09:00 Dentist" }).first().click();
    await page.getByRole("heading", { name: "Edit event" }).waitFor();
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Dentist");
    expect(await auditEachLayout(page, "calendar: an event's form")).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();

    // The feed page's first visit, before there is a feed: a normal state, nothing in the console.
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") logged.push(m.text());
    });
    await page.getByRole("link", { name: "In your calendar app" }).click();
    await page.getByRole("button", { name: "Make my feed address" }).click();
    const address = page.getByLabel("Feed address");
    await expect.poll(() => address.inputValue()).toMatch(/\/api\/calendar\/feed\/[\w-]{59}\.ics$/);
    expect(await page.getByRole("link", { name: "Open in your calendar app" }).getAttribute("href")).toMatch(
      /^webcal:\/\//,
    );
    expect(await auditEachLayout(page, "calendar: the feed")).toEqual([]);
    expect(logged).toEqual([]);
    const feed = await localFetch(await address.inputValue());
    expect(feed.status).toBe(200);
    expect(feed.text()).toContain("SUMMARY:Dentist\r\n");
    expect(feed.text()).toContain(`DTSTART;TZID=UTC:${today().replaceAll("-", "")}T090000\r\n`);
    expect(feed.text()).toContain("RRULE:FREQ=WEEKLY\r\n");
    // Through the local edge (which sends every Worker "br, gzip"): plain text to an app that did not ask for
    // gzip, as above, and gzip to one that did.
    expect(feed.headers["content-encoding"]).toBeUndefined();
    const zipped = await localFetch(await address.inputValue(), { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.text()).not.toContain("BEGIN:VCALENDAR");
    await context.close();
  });
});
