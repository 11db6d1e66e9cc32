import { STACK_ITEM_TYPES } from "@nook/shared/stacks/schemas";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, saveTimer, signIn, siteUrl, useBrowser } from "./browser.ts";

type Theme = "dark" | "light";
type Accent = "purple" | "yellow";

/**
 * Every main screen audited in each theme, a test a screen, in two walks a theme (each its own file:
 * accessibility-{dark,light}-{journal,sites}.test.ts). The screens of a walk share one page and run in order,
 * as a reader goes, each site with something on it that an earlier screen made or the API put there.
 *
 * The first walk: signed in at the login page, the accent chosen on the profile, the password change, the
 * launcher, and the journal's screens.
 */
export function auditAccountScreens(theme: Theme, accent: Accent) {
  const browser = useBrowser();
  describe(`accessibility (axe-core, WCAG 2 AA), ${theme} theme, ${accent} accent: the account and the journal`, () => {
    let account: Awaited<ReturnType<typeof createAccount>>;
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      account = await createAccount("Axe Reader");
      context = await newContext(browser(), { colorScheme: theme });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });
    const noFindings = async (screen: string) => expect(await audit(page, screen)).toEqual([]);

    it("the login page", async () => {
      await page.goto(siteUrl("auth", "/login"));
      await page.getByRole("button", { name: "Go" }).waitFor();
      await noFindings("auth: the login page");
    });

    it("the profile, in the accent chosen there", async () => {
      await signIn(page, account);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await page.getByRole("radio", { name: accent }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForFunction((a) => document.documentElement.dataset.accent === a, accent);
      await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
      await noFindings("auth: the profile");
    });

    it("the password change", async () => {
      await page.goto(siteUrl("auth", "/edit-password"));
      await page.getByLabel("CURRENT PASSWORD").waitFor();
      await noFindings("auth: the password change");
    });

    it("the launcher", async () => {
      await page.goto(siteUrl("root"));
      await page.locator(".launcher").waitFor();
      await noFindings("root: the launcher");
    });

    it("the journal with an entry", async () => {
      await page.goto(siteUrl("journal"));
      await page.getByLabel("Text").fill("An entry to audit");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByTestId("entry").first().waitFor();
      await noFindings("journal: the entries");
    });

    it("a stack with an item of every type, in edit mode", async () => {
      await page.getByRole("button", { name: "New stack" }).click();
      await page.getByLabel("Stack name").fill("Audited");
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByTestId("stack-link").click();
      // An item of every type over a few tagged entries, so every widget is audited with data.
      const stackId = Number(new URL(page.url()).pathname.split("/").pop());
      for (const hoursAgo of [50, 26, 3])
        await callApi(account.token, "POST", "/api/journal/entries", {
          text: `audited ${hoursAgo}`,
          tags: ["audit"],
          metrics: [{ name: "duration", value: hoursAgo * 60 }],
          date: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
        });
      const { id: metricId } = (
        (await callApi(account.token, "GET", "/api/journal/metrics")) as { id: number; name: string }[]
      ).find((m) => m.name === "duration") ?? { id: 0 };
      for (const type of STACK_ITEM_TYPES)
        await callApi(account.token, "POST", "/api/journal/stack-items", {
          stackId,
          title: `${type} item`,
          type,
          config: {
            filter: [{ name: "audit" }],
            metricId: ["sum", "avg", "max", "min"].includes(type) ? metricId : null,
          },
        });
      await page.reload();
      await page.getByRole("button", { name: "Edit stack" }).click();
      await page.getByLabel("Stack name").waitFor();
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('[data-testid="stack-widget"]').length === n &&
          !document.querySelector('.widget [aria-busy="true"]'),
        STACK_ITEM_TYPES.length,
      );
      await noFindings("journal: a stack in edit mode");
    });

    it("the timer, stopped, with a goal and other timers", async () => {
      // The timer, stopped (every control and the goal's progress showing), over a timer saved before.
      await saveTimer(account.token, "audited timer", Date.now() - 3_600_000, 1500);
      await page.goto(siteUrl("journal", "/tools/timer"));
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByRole("button", { name: "Stop" }).click();
      await page.getByTestId("timer-goal").waitFor();
      await page.getByTestId("other-timer").first().waitFor();
      await noFindings("journal: the timer, stopped");
    });
  });
}

/**
 * The other sites' screens in a theme, in order: the people book, a checklist and the calendar, the kids and
 * random sites, and lupileon. The accent is the profile's, saved through the API (choosing it on the profile
 * is audited in auditAccountScreens).
 */
export function auditSiteScreens(theme: Theme, accent: Accent) {
  const browser = useBrowser();
  describe(`accessibility (axe-core, WCAG 2 AA), ${theme} theme, ${accent} accent: the other sites`, () => {
    let account: Awaited<ReturnType<typeof createAccount>>;
    let context: BrowserContext;
    let page: Page;
    /** A checklist due in three days, made with the people book, seen again on its own site and the calendar. */
    let list: { id: number };
    const deadline = new Date(Date.now() + 3 * 86_400_000);
    beforeAll(async () => {
      account = await createAccount("Axe Reader");
      await callApi(account.token, "PUT", "/api/user/profile", {
        email: account.email,
        name: account.name,
        username: account.username,
        accentColor: accent,
      });
      context = await newContext(browser(), { colorScheme: theme });
      page = await context.newPage();
      await addSession(page, account);
    });
    afterAll(async () => {
      await context?.close();
    });
    const noFindings = async (screen: string) => expect(await audit(page, screen)).toEqual([]);

    it("the people book", async () => {
      // The people book, a checklist and the calendar, each with something on it.
      await callApi(account.token, "POST", "/api/people", {
        name: "Ada Audit",
        email: "ada@example.org",
        birthDate: "1990-01-15",
        tags: ["ada"],
      });
      list = (
        (await callApi(account.token, "POST", "/api/steps", { name: "Audited steps" })) as { data: { id: number } }
      ).data;
      await callApi(account.token, "PUT", `/api/steps/${list.id}`, {
        id: list.id,
        content: "- [x] one\n  - [ ] two\n- [ ] three",
      });
      await callApi(account.token, "PUT", `/api/steps/${list.id}`, {
        id: list.id,
        name: "Audited steps",
        deadline: deadline.toISOString(),
      });
      await page.goto(siteUrl("people"));
      await page.getByText("Ada Audit").first().waitFor();
      await noFindings("people: the list");
    });

    it("a checklist with a deadline", async () => {
      await page.goto(siteUrl("steps", `/${list.id}`));
      await page.getByText("Audited steps").first().waitFor();
      await noFindings("steps: a checklist");
    });

    it("the calendar month with a deadline", async () => {
      await page.goto(
        siteUrl("calendar", `/?view=month&year=${deadline.getFullYear()}&month=${deadline.getMonth() + 1}`),
      );
      await page.getByText("Deadline: Audited steps").first().waitFor();
      await noFindings("calendar: the month");
    });

    it("the kids' alphabet", async () => {
      // The kids and random sites, each screen with something drawn on it.
      await page.goto(siteUrl("kids", "/alphabet"));
      await page.getByRole("group", { name: "Letters" }).getByRole("button", { name: "B", exact: true }).click();
      await page.getByRole("button", { name: "Next word" }).waitFor();
      await noFindings("kids: the alphabet");
    });

    it("the chaos game with points drawn", async () => {
      await page.goto(siteUrl("kids", "/sierpinski"));
      await page.getByRole("button", { name: "Pick a random point" }).click();
      await page.getByRole("button", { name: "Top" }).click();
      await page.getByRole("button", { name: "Add 100" }).click();
      await noFindings("kids: the chaos game");
    });

    it("a drawn tarot card", async () => {
      await page.goto(siteUrl("random", "/tarot"));
      await page.getByLabel("With reverted").check();
      await page.getByRole("button", { name: "Pick a card" }).click();
      // A drawn card (a major arcanum, 22 of 78, has no suit meaning: wait for the card, not for that).
      await page.getByTestId("tarot-card").first().waitFor();
      await noFindings("random: the tarot, a card drawn");
    });

    it("the dice, rolled", async () => {
      await page.goto(siteUrl("random", "/dices"));
      await page.getByRole("button", { name: "Roll" }).click();
      await page.getByText(/^Total: \d+$/).waitFor();
      await noFindings("random: the dice, rolled");
    });

    it("lupileon: math", async () => {
      // The lupileon site in its three modes, with a date of birth and every expandable block open.
      await callApi(account.token, "PUT", "/api/user/profile", {
        email: account.email,
        name: account.name,
        username: account.username,
        dateOfBirth: "1990-05-17",
        accentColor: accent,
      });
      await page.goto(siteUrl("lupileon", "/?mode=math"));
      await page.getByText("What?", { exact: true }).click();
      await noFindings("lupileon: the home, math");
    });

    it("lupileon: stars, every block open", async () => {
      await page.goto(siteUrl("lupileon", "/?mode=stars"));
      await page.getByTestId("weekday").waitFor();
      for (const summary of await page.locator("summary").all()) await summary.click();
      await noFindings("lupileon: the home, stars");
    });

    it("lupileon: a date's sky and moon", async () => {
      await page.goto(siteUrl("lupileon", "/by-date?date=2024-03-20"));
      await page.getByRole("img", { name: /wheel of the sidereal signs/ }).waitFor();
      await page.getByTestId("moon-card").getByText("Waxing Gibbous").waitFor();
      await noFindings("lupileon: the by-date page");
    });
  });
}
