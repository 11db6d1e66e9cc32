import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTENT_SECURITY_POLICY,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from "../packages/shared/src/common/csp.ts";
import { SITES, type SiteName } from "../packages/shared/src/common/sites.ts";
import { localFetch } from "../scripts/local-fetch.ts";
import { repo } from "../scripts/wrangler.ts";
import { callApi, createAccount, cspRefusals, newContext, signIn, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** Each site's screens, as [path, a text it shows once drawn], in the order they are visited. */
const SCREENS = (username: string, name: string): Partial<Record<SiteName, [string, string][]>> => ({
  journal: [
    ["/", "New Entry:"],
    ["/tools/timer", "Timer"],
    ["/tools/runner", "Runner"],
  ],
  donate: [
    ["/", "Under the policy"],
    ["/manage", "Update Donation Information"],
    [`/u/${username}`, "Under the policy"],
  ],
  auth: [["/profile", name]],
  people: [["/", "Add Person"]],
  steps: [["/", "New Steps"]],
  calendar: [
    ["/", "Today"],
    ["/?view=year", "Today"],
  ],
  random: [
    ["/", "Dices"],
    ["/numbers", "Select settigns and press Go"],
  ],
  kids: [
    ["/", "sierpinski"],
    ["/lense", "Upload a picture"],
  ],
  lupileon: [
    ["/", "Days lived"],
    ["/astro", "Personality traits"],
    ["/?mode=solar", "Solstices and equinoxes"],
    ["/by-date?date=2024-03-20", "This is the day of the spring equinox."],
  ],
});

/** What is done on a site's screens after they are seen: the ones that start things, draw or load more. */
const ACTIONS: Partial<Record<SiteName, (page: Page) => Promise<void>>> = {
  journal: async (page) => {
    await page.goto(siteUrl("journal", "/tools/timer"));
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
  },
  // The screens that draw: tarot faces (SVG) with their texts loaded on demand, dice, the chaos game's canvas.
  random: async (page) => {
    await page.goto(siteUrl("random", "/tarot"));
    await page.getByRole("button", { name: "Pick a card" }).click();
    await page.getByRole("button", { name: "Save result" }).click();
    await page.getByRole("dialog", { name: "Save result" }).waitFor();
    await page.goto(siteUrl("random", "/dices"));
    await page.getByRole("button", { name: "Roll" }).click();
    await page.getByText(/^Total: \d+$/).waitFor();
  },
  kids: async (page) => {
    await page.goto(siteUrl("kids", "/alphabet"));
    await page.getByRole("group", { name: "Letters" }).getByRole("button", { name: "B", exact: true }).click();
    await page.getByRole("button", { name: "Next word" }).click();
    await page.goto(siteUrl("kids", "/numbers"));
    await page.getByRole("button", { name: "3", exact: true }).click();
    await page.goto(siteUrl("kids", "/sierpinski"));
    await page.getByRole("button", { name: "Pick a random point" }).click();
    await page.getByRole("button", { name: "Top" }).click();
    await page.getByRole("button", { name: "Add 100" }).click();
  },
  // The lupileon site's lazy modes, its lore in both languages and its pictures, the wheel of the sky.
  lupileon: async (page) => {
    await page.goto(siteUrl("lupileon", "/by-date?date=1990-05-17&mode=stars"));
    await page.getByTestId("celtic-sign").getByText("Tree lore").click();
    await page.getByRole("button", { name: "Solar", exact: true }).click();
    await page.getByRole("img", { name: /wheel of the sidereal signs/ }).waitFor();
    await page.getByRole("button", { name: "Math", exact: true }).click();
    await page.getByText("What?", { exact: true }).click();
  },
};

describe("the Content-Security-Policy: no inline script, nothing from elsewhere", () => {
  /** A test a site, on one signed-in page (light theme) of one account, and one for the gateway's refusals. */
  describe("is sent with every site's pages, and every screen runs under it without a single refusal", () => {
    let account: Awaited<ReturnType<typeof createAccount>>;
    let context: BrowserContext;
    let page: Page;
    let refused: string[];
    beforeAll(async () => {
      account = await createAccount("Policy Reader");
      await callApi(account.token, "PUT", "/api/donate/info", {
        donatePageTitle: "Under the policy",
        ethAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        paypalDonateButtonId: "ABCDEFGHIJKLM",
      });
      // A date of birth, so the lupileon home shows its three modes.
      await callApi(account.token, "PUT", "/api/user/profile", {
        email: account.email,
        name: account.name,
        username: account.username,
        dateOfBirth: "1990-05-17",
        accentColor: "orange",
      });
      context = await newContext(browser(), { colorScheme: "light" });
      page = await context.newPage();
      refused = cspRefusals(page);
      await signIn(page, account);
    });
    afterAll(async () => {
      await context?.close();
    });

    it("is sent with the gateway's refusals too: a missing file, the hidden _headers, a POST; no HSTS over http", async () => {
      expect((await localFetch(siteUrl("root", "/_headers"))).status).toBe(404);
      for (const [path, method, status] of <[string, string, number][]>[
        ["/missing-file.js", "GET", 404],
        ["/assets/gone-0000.js", "GET", 404],
        ["/_headers", "GET", 404],
        ["/", "POST", 405],
      ]) {
        const res = await localFetch(siteUrl("journal", path), { method });
        expect(res.status, `${method} ${path}`).toBe(status);
        expect(res.headers["content-security-policy"], `${method} ${path}`).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers["x-content-type-options"], `${method} ${path}`).toBe("nosniff");
        expect(res.headers["strict-transport-security"], `${method} ${path}`).toBeUndefined();
      }
      expect(
        (await localFetch(siteUrl("journal", "/api/health"))).headers["strict-transport-security"],
      ).toBeUndefined();
    });

    for (const site of SITES)
      it(`is sent with the ${site} site's pages, and each of its screens runs under it without a single refusal`, async () => {
        // Its page and its theme script carry the policy, COOP and the site's own Permissions-Policy (asked
        // directly: a browser's navigation may be a redirect).
        const own = securityHeaders(site);
        for (const path of ["/", "/theme.js", "/some/client/route"]) {
          const res = await localFetch(siteUrl(site, path));
          expect(res.status, `${site}${path}`).toBe(200);
          expect(res.headers["content-security-policy"], `${site}${path}`).toBe(CONTENT_SECURITY_POLICY);
          expect(res.headers["cross-origin-opener-policy"], `${site}${path}`).toBe("same-origin");
          expect(res.headers["permissions-policy"], `${site}${path}`).toBe(own["Permissions-Policy"]);
        }
        // Its production headers file (Pages serves https only) asks for HSTS, and carries the same policies.
        const headersFile = readFileSync(`${repo}dist/sites/${site}/_headers`, "utf8");
        expect(headersFile, site).toContain(`Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}`);
        expect(headersFile, site).toContain(`Permissions-Policy: ${own["Permissions-Policy"]}`);
        if (site === "root") {
          await page.goto(siteUrl("root"));
          // The theme still applies before the first paint, from its file.
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
        }
        for (const [path, text] of SCREENS(account.username, account.name)[site] ?? []) {
          await page.goto(siteUrl(site, path));
          await page.getByText(text, { exact: false }).first().waitFor();
        }
        await ACTIONS[site]?.(page);
        expect(refused.splice(0)).toEqual([]);
      });
  });

  it("is watched for real: an inline script put into a page is refused, never runs, and the watch reports it", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const refused = cspRefusals(page);
    await page.goto(siteUrl("lupileon", "/by-date?date=1990-05-17"));
    await page.getByTestId("events").waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "document.documentElement.dataset.inline = 'ran'";
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return document.documentElement.dataset.inline ?? null;
    });
    expect(ran).toBeNull();
    await expect.poll(() => refused.length).toBe(1);
    expect(refused[0]).toContain(siteUrl("lupileon", "/by-date"));
    expect(refused[0]).toMatch(/inline script/i);
    await context.close();
  });
});
