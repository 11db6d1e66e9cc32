import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteName } from "../packages/shared/src/common/sites.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { keptCopyKeys } from "./kept-copies.ts";
import { controlled, workerReady } from "./service-workers.ts";

// Each of these sites opens offline after one visit (the rest: offline-sites.test.ts), and what a person has seen
// can be read with no network: each site with data of the account's (the launcher's Today among them;
// kids and random have none), reloaded offline, shows its saved copy of what it last showed, marked
// "Saved copy from {time}"; a load with no copy says it failed.
const browser = useBrowser();

const accountOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;
/** How many copies of `account` the site keeps. */
const copiesOf = async (page: Page, account: { token: string }) =>
  (await keptCopyKeys(page)).filter((k) => k.startsWith(`copy\u0000${accountOf(account.token)}\u0000`)).length;

const MONTH = new Date().toISOString().slice(0, 7);

/**
 * An account with something on every site: an entry, a checklist, a person born this month, a date of birth
 * (the birth-date site's answers), a donation page.
 */
async function accountWithData() {
  const account = await createAccount("Saved Copies");
  await callApi(account.token, "POST", "/api/journal/entries", { text: "Seen before the tunnel", tags: ["tea"] });
  await callApi(account.token, "POST", "/api/steps", { name: "Packing list" });
  await callApi(account.token, "POST", "/api/people", {
    name: "Grace Hopper",
    email: "grace@navy.mil",
    birthDate: `1906-${MONTH.slice(5)}-15`,
  });
  await callApi(account.token, "PUT", "/api/user/profile", {
    email: account.email,
    name: account.name,
    username: account.username,
    dateOfBirth: "1990-05-17",
    accentColor: "purple",
  });
  await callApi(account.token, "PUT", "/api/donate/info", {
    donatePageTitle: "Tea for the road",
    ethAddress: "",
    btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    paypalDonateButtonId: "",
  });
  return account;
}

const SITES: { site: SiteName; path: string; shows: (page: Page) => Promise<unknown> }[] = [
  {
    site: "root",
    path: "/",
    shows: (page) => page.locator(".today").getByRole("heading", { name: "The Moon" }).waitFor(),
  },
  { site: "journal", path: "/", shows: (page) => page.getByText("Seen before the tunnel").first().waitFor() },
  { site: "people", path: "/", shows: (page) => page.getByText("Grace Hopper").first().waitFor() },
  { site: "steps", path: "/", shows: (page) => page.getByTestId("steps-card").getByText("Packing list").waitFor() },
  {
    site: "calendar",
    path: `/?view=month&year=${MONTH.slice(0, 4)}&month=${Number(MONTH.slice(5))}`,
    shows: (page) => page.locator(`[data-date="${MONTH}-15"] .mark-birthday`).waitFor({ state: "attached" }),
  },
  { site: "donate", path: "/", shows: (page) => page.getByText("Tea for the road").first().waitFor() },
  {
    site: "lupileon",
    path: "/about-me",
    shows: (page) => page.getByRole("heading", { name: "Hey Saved Copies!" }).waitFor(),
  },
  {
    site: "auth",
    path: "/profile",
    shows: async (page) =>
      expect.poll(() => page.getByLabel("NAME", { exact: true }).inputValue()).toBe("Saved Copies"),
  },
];

/**
 * A test a site, in order on one page of one account (as a reader goes from site to site), then the test
 * of another account on the same browser.
 */
describe("saved copies: a site reloaded offline shows what it last showed", () => {
  let account: Awaited<ReturnType<typeof accountWithData>>;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    account = await accountWithData();
    context = await newContext(browser(), { serviceWorkers: "allow" });
    page = await context.newPage();
    await addSession(page, account);
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const { site, path, shows } of SITES)
    it(`each site, and the copy is said with its time: ${site}`, async () => {
      if (await page.getByTestId("offline-banner").count()) {
        // Back online, the banner goes.
        await context.setOffline(false);
        await page.getByTestId("offline-banner").waitFor({ state: "detached" });
      }
      await page.goto(siteUrl(site, path));
      await shows(page);
      await workerReady(page);
      await expect.poll(() => copiesOf(page, account), { message: site }).toBeGreaterThan(0);
      expect(await page.getByTestId("saved-copy").count()).toBe(0);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId("offline-banner").waitFor();
      // The site itself, from its service worker: its header and screen, at its own address.
      expect(await controlled(page)).toBe(true);
      await page.locator("header.header").waitFor();
      expect(new URL(page.url()).host).toBe(new URL(siteUrl(site, "/")).host);
      await shows(page);
      await expect
        .poll(() => page.getByTestId("saved-copy").textContent(), { message: site })
        .toMatch(/^Saved copy from .*\d/);
    });

  it("nothing of it for another account", async () => {
    // Back online, the journal's answer replaces its copy, and the notice goes.
    await context.setOffline(false);
    await page.goto(siteUrl("journal", "/"));
    await page.getByText("Seen before the tunnel").first().waitFor();
    await page.getByTestId("saved-copy").waitFor({ state: "detached" });

    // Another account signs in on this browser, and opens the journal with no network: none of the first
    // one's copies is shown, and they go as the site starts; with no copy of its own, the list says it failed,
    // not that it is empty.
    const other = await createAccount("Someone else");
    await addSession(page, other);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await page.getByRole("alert").getByText("Offline — this needs the network").waitFor();
    expect(await page.getByText("No entries found.").count()).toBe(0);
    expect(await page.getByText("Seen before the tunnel").count()).toBe(0);
    expect(await page.getByTestId("saved-copy").count()).toBe(0);
    await expect.poll(() => copiesOf(page, account)).toBe(0);
  });
});
