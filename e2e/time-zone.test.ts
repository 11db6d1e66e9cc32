import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, saveTimer, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/**
 * Screens count days in the profile's zone, not the browser's (DESIGN §3). At 20:00 UTC on
 * 10 March 2026 it is 09:00 on 11 March in Auckland (NZDT, UTC+13) and 16:00 on 10 March
 * in New York (EDT since 8 March, UTC−4): the profile's today is the 11th, the browser's the 10th.
 */
const NOW = new Date("2026-03-10T20:00:00Z");
const PROFILE_ZONE = "Pacific/Auckland";
const BROWSER_ZONE = "America/New_York";

async function accountIn(zone: string) {
  const account = await createAccount("Zoe");
  await callApi(account.token, "PUT", "/api/user/profile", {
    email: account.email,
    name: account.name,
    username: account.username,
    accentColor: "blue",
    timeZone: zone,
  });
  return account;
}

async function pageIn(zone: string, account: { token: string }): Promise<Page> {
  const context = await newContext(browser(), { timezoneId: zone });
  const page = await context.newPage();
  await page.clock.setFixedTime(NOW);
  await addSession(page, account);
  return page;
}

const today = (page: Page) => page.locator("[aria-current='date']").first();
const notice = (page: Page) => page.getByTestId("zone-notice");

describe("the profile's time zone on every screen", () => {
  it("counts today in the profile's zone, asks the API in it, and says once that the browser's differs", async () => {
    const account = await accountIn(PROFILE_ZONE);
    const page = await pageIn(BROWSER_ZONE, account);
    const zones: (string | null)[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/calendar") zones.push(url.searchParams.get("tz"));
    });
    try {
      // The browser agrees it is the 10th where it is.
      await page.goto(siteUrl("calendar", "/"));
      expect(await page.evaluate(() => new Date().getDate())).toBe(10);
      // The calendar's today is the profile's: the 11th.
      await expect.poll(() => today(page).getAttribute("href")).toContain("day=11");
      await expect.poll(() => zones.at(-1)).toBe(PROFILE_ZONE);
      await expect
        .poll(() => notice(page).textContent())
        .toBe(
          `Days are counted in your profile's time zone, ${PROFILE_ZONE}; this device is in ${BROWSER_ZONE}.` +
            `Use ${BROWSER_ZONE}Keep ${PROFILE_ZONE}`,
        );
      // Kept: not said again, on this site after a reload or on another site.
      await page.getByRole("button", { name: `Keep ${PROFILE_ZONE}` }).click();
      await expect.poll(() => notice(page).count()).toBe(0);
      await page.reload();
      await expect.poll(() => today(page).getAttribute("href")).toContain("day=11");
      expect(await notice(page).count()).toBe(0);
      await page.goto(siteUrl("journal", "/"));
      await page.getByRole("heading").first().waitFor();
      expect(await notice(page).count()).toBe(0);
      // The birth-date site names a day by the profile's zone too: the full moon of 2025-12-04 23:14 UTC
      // is on the 4th in New York (18:14) but on the 5th in Auckland (12:14), so the 4th is still waxing.
      await page.goto(siteUrl("lupileon", "/by-date?date=2025-12-04&mode=solar"));
      const moon = page.getByTestId("moon-card");
      await expect.poll(() => moon.locator(".lupi-headline").textContent()).toBe("Waxing Gibbous");
      await expect.poll(() => moon.textContent()).toContain("GMT+13");
      // The profile shows the zone, and it can be changed there.
      await page.goto(siteUrl("auth", "/profile"));
      const zone = page.getByLabel("TIME ZONE");
      await expect.poll(() => zone.inputValue()).toBe(PROFILE_ZONE);
      await page.getByRole("button", { name: "Edit" }).click();
      await zone.selectOption("Asia/Tokyo");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => zone.isDisabled()).toBe(true);
      await expect
        .poll(async () => ((await callApi(account.token, "GET", "/api/auth/me")) as { timeZone: string }).timeZone)
        .toBe("Asia/Tokyo");
    } finally {
      await page.context().close();
    }
  });

  it("switches the profile to the browser's zone when asked, and counts days in it from then on", async () => {
    const account = await accountIn(PROFILE_ZONE);
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("calendar", "/"));
      await expect.poll(() => today(page).getAttribute("href")).toContain("day=11");
      await page.getByRole("button", { name: `Use ${BROWSER_ZONE}` }).click();
      await expect.poll(() => notice(page).count()).toBe(0);
      await expect.poll(() => today(page).getAttribute("href")).toContain("day=10");
      expect(((await callApi(account.token, "GET", "/api/auth/me")) as { timeZone: string }).timeZone).toBe(
        BROWSER_ZONE,
      );
    } finally {
      await page.context().close();
    }
  });

  it("shows a checklist's deadline on the profile's day, and a picked date ends the profile's day", async () => {
    const account = await accountIn(PROFILE_ZONE);
    const { data } = (await callApi(account.token, "POST", "/api/steps", { name: "Taxes" })) as {
      data: { id: number };
    };
    // 02:00 UTC on 12 March: 15:00 on the 12th in Auckland, 22:00 on the 11th in New York.
    await callApi(account.token, "PUT", `/api/steps/${data.id}`, {
      id: data.id,
      name: "Taxes",
      deadline: "2026-03-12T02:00:00.000Z",
    });
    const deadlineOf = async () =>
      ((await callApi(account.token, "GET", `/api/steps/${data.id}`)) as { data: { deadline: string } }).data.deadline;
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("steps", "/"));
      await expect.poll(() => page.locator(".steps-deadline time").first().textContent()).toBe("Mar 12, 2026");
      await page.goto(siteUrl("steps", `/${data.id}`));
      await expect.poll(() => page.locator(".steps-deadline time").textContent()).toBe("Mar 12, 2026");
      await page.getByRole("button", { name: "Edit name and deadline" }).click();
      const form = page.getByRole("form", { name: "Edit name and deadline" });
      const date = form.getByLabel("Deadline");
      await expect.poll(() => date.inputValue()).toBe("2026-03-12");
      // The 13th picked: the end of the 13th in Auckland (23:59:59.999 NZDT, UTC+13), not in New York
      // (which would be 03:59:59.999 UTC on the 14th, and '3 days left').
      await date.fill("2026-03-13");
      await form.getByRole("button", { name: "Save" }).click();
      await expect.poll(deadlineOf).toBe("2026-03-13T10:59:59.999Z");
      await expect.poll(() => page.locator(".steps-deadline time").textContent()).toBe("Mar 13, 2026");
      await expect.poll(() => page.getByTestId("time-left").textContent()).toBe("2 days left");
    } finally {
      await page.context().close();
    }
  });

  it("writes an entry's full date and time, in the journal and the timer's list, in the profile's zone", async () => {
    const account = await accountIn(PROFILE_ZONE);
    // 10:30 UTC on 10 March: 23:30 that day in Auckland, 06:30 in New York. A timer saved then writes the entry.
    await saveTimer(account.token, "late", Date.parse("2026-03-10T10:30:00.000Z"), 60);
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("journal", "/"));
      const when = page.getByTestId("entry").first().locator("time").first();
      await expect.poll(() => when.getAttribute("title")).toBe("Mar 10, 2026, 11:30 PM");
      await page.goto(siteUrl("journal", "/tools/timer"));
      const recent = page.locator(".timer-recent-when").first();
      await expect.poll(() => recent.getAttribute("title")).toBe("Mar 10, 2026, 11:30 PM");
    } finally {
      await page.context().close();
    }
  });

  it("writes a stack's list and gaps in the profile's zone", async () => {
    const account = await accountIn(PROFILE_ZONE);
    // 10:30 UTC on the 9th and 10th of March: 23:30 those days in Auckland, 06:30 in New York.
    for (const date of ["2026-03-09T10:30:00.000Z", "2026-03-10T10:30:00.000Z"])
      await callApi(account.token, "POST", "/api/journal/entries", { text: "tea", tags: ["tea"], date });
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Tea", icon: "☕" })) as {
      id: number;
    };
    for (const [title, type] of [
      ["Latest", "list"],
      ["Gaps", "top time between"],
    ])
      await callApi(account.token, "POST", "/api/journal/stack-items", {
        stackId: stack.id,
        title,
        type,
        config: { filter: [{ name: "tea" }] },
      });
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
      const widget = (title: string) => page.getByTestId("stack-widget").filter({ hasText: title });
      await expect
        .poll(() => widget("Latest").locator(".widget-entry-when").first().getAttribute("title"))
        .toBe("Mar 10, 2026, 11:30 PM");
      await expect
        .poll(() => widget("Gaps").locator(".bar-row .muted").first().textContent())
        .toBe("Mar 9, 2026, 11:30 PM → Mar 10, 2026, 11:30 PM");
    } finally {
      await page.context().close();
    }
  });

  it("says nothing when the browser is in the profile's zone", async () => {
    const account = await accountIn(BROWSER_ZONE);
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("calendar", "/"));
      await expect.poll(() => today(page).getAttribute("href")).toContain("day=10");
      expect(await notice(page).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

describe("date-times in the journal's forms are the profile's wall clock", () => {
  /** A date-time as the page writes it, its spaces (narrow no-break ones too) plain. */
  const plain = (s: string | null) => s?.replace(/\s/g, " ");

  it("shows and saves an entry's custom date in the profile's zone, not the browser's", async () => {
    const account = await accountIn(PROFILE_ZONE);
    const page = await pageIn(BROWSER_ZONE, account);
    try {
      await page.goto(siteUrl("journal", "/#new-entry"));
      await page.getByLabel("Text").fill("zoned");
      await page.getByLabel("Custom date").check();
      const field = page.getByLabel("Entry date");
      // Now is 09:00 on the 11th in Auckland (16:00 on the 10th where the browser is).
      await expect.poll(() => field.inputValue()).toBe("2026-03-11T09:00");
      // 07:30 on the 12th in Auckland (NZDT, UTC+13) is 18:30 UTC on the 11th.
      await field.fill("2026-03-12T07:30");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      const dates = async () =>
        ((await callApi(account.token, "GET", "/api/journal/entries")) as { date: string }[]).map((e) => e.date);
      await expect.poll(dates).toEqual(["2026-03-11T18:30:00.000Z"]);
      // Opened for editing, it reads as it was typed, and is saved as it was.
      await page.getByTestId("entry").first().getByRole("button", { name: "Edit" }).click();
      await expect.poll(() => page.getByLabel("Entry date").inputValue()).toBe("2026-03-12T07:30");
      await page.getByLabel("Entry date").fill("2026-03-12T08:45");
      await page.getByRole("button", { name: "Update" }).click();
      await expect.poll(dates).toEqual(["2026-03-11T19:45:00.000Z"]);
    } finally {
      await page.context().close();
    }
  });

  it("keeps a stack item's chosen date, and shows the item as of it with the zone", async () => {
    const account = await accountIn(PROFILE_ZONE);
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Habits" })) as { id: number };
    for (const [text, date] of [
      ["before", "2026-03-11T17:30:00Z"],
      ["after", "2026-03-11T19:30:00Z"],
    ])
      await callApi(account.token, "POST", "/api/journal/entries", { text, tags: ["coffee"], date });
    const page = await pageIn(BROWSER_ZONE, account);
    const savedDate = async () =>
      (
        (await callApi(account.token, "GET", `/api/journal/stacks/${stack.id}`)) as {
          items: { config: { date: string | null } }[];
        }
      ).items[0]?.config.date;
    try {
      await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
      await page.getByRole("button", { name: "+ Add Item" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Item" });
      await dialog.getByLabel("Title").fill("Coffee then");
      await dialog.getByLabel("Tags", { exact: true }).fill("coffee");
      await dialog.getByLabel("Tags", { exact: true }).press("Enter");
      await dialog.getByLabel("Type").selectOption("list");
      await dialog.getByLabel("Custom date").check();
      await expect.poll(() => dialog.getByLabel("Item date").inputValue()).toBe("2026-03-11T09:00");
      await dialog.getByLabel("Item date").fill("2026-03-12T07:30");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect.poll(savedDate).toBe("2026-03-11T18:30:00.000Z");
      const widget = page.getByRole("article", { name: "Coffee then" });
      await expect
        .poll(async () => plain(await widget.getByTestId("widget-as-of").textContent()))
        .toBe("as of Mar 12, 2026, 7:30 AM GMT+13");
      // As of then, the later entry is not there yet.
      await widget.getByText("before", { exact: true }).waitFor();
      expect(await widget.getByText("after", { exact: true }).count()).toBe(0);
      // Edited: it reads back as chosen; "Now" takes the date away.
      await page.getByRole("button", { name: "Edit stack" }).click();
      await widget.getByRole("button", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Stack Item" });
      await expect.poll(() => edit.getByLabel("Item date").inputValue()).toBe("2026-03-12T07:30");
      await edit.getByLabel("Now").check();
      await edit.getByRole("button", { name: "Save" }).click();
      await expect.poll(savedDate).toBeNull();
      await expect.poll(() => widget.getByTestId("widget-as-of").count()).toBe(0);
      await widget.getByText("after", { exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
