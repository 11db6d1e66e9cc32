import decodeQR from "@paulmillr/qr/decode.js";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localQuery } from "../scripts/suite.ts";
import { repo } from "../scripts/wrangler.ts";
import { audit } from "./axe.ts";
import {
  addSession,
  callApi,
  clipboardText,
  createAccount,
  newContext,
  overflows,
  port,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const BTC_LEGACY = "1BoatSLRHtKNngkdXEeobR76b53LETtpyT";
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
// The same address with one capital letter lowered: its EIP-55 checksum no longer holds.
const ETH_BAD_CHECKSUM = "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const PAYPAL = "ABCDEFGHIJKLM";

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first();

/** Draws a rendered QR code's SVG onto a canvas in the page, and reads it with a QR decoder. */
async function decodeRenderedQr(svg: Locator): Promise<string> {
  const image = await svg.evaluate(async (el) => {
    const modules = Number(el.getAttribute("viewBox")?.split(" ")[2]);
    const side = modules * 5;
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(el))}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    ctx.drawImage(img, 0, 0, side, side);
    return { width: side, height: side, data: Array.from(ctx.getImageData(0, 0, side, side).data) };
  });
  return decodeQR({ ...image, data: Uint8Array.from(image.data) });
}

async function fillForm(page: Page, values: { title: string; eth: string; btc: string; paypal: string }) {
  await page.getByLabel("Donation page title", { exact: true }).fill(values.title);
  await page.getByLabel("ETH address").fill(values.eth);
  await page.getByLabel("BTC address").fill(values.btc);
  await page.getByLabel("PayPal button id").fill(values.paypal);
}

async function signedInOnDonate(account: { token: string }, width?: number) {
  const context = await newContext(browser(), { width });
  const page = await context.newPage();
  await addSession(page, account);
  return { context, page };
}

describe("the donate site", () => {
  it("sets up, shows, updates and deletes a donation page; its public page works signed out", async () => {
    const account = await createAccount("Giver");
    const { context, page } = await signedInOnDonate(account);
    const findings: Record<string, string[]> = {};
    const puts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes("/api/donate/info")) puts.push(r.postData() ?? "");
    });

    await page.goto(siteUrl("donate"));
    await page.getByRole("heading", { name: "Your donate page is not set up" }).waitFor();
    await page.getByText("No donations received yet.").waitFor();
    await page.getByRole("link", { name: "Set it up" }).click();
    await page.waitForURL(siteUrl("donate", "/manage"));
    await page.getByRole("heading", { name: "Set Up Donation Information" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await expect.poll(() => page.getByRole("link", { name: "view" }).getAttribute("href")).toBe("/");

    // A blank title (spaces only) is refused here: the toast, and no request at all.
    await fillForm(page, { title: "   ", eth: ETH, btc: BTC, paypal: PAYPAL });
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Donation page title is required").waitFor();
    await expect
      .poll(() => page.getByLabel("Donation page title", { exact: true }).getAttribute("aria-invalid"))
      .toBe("true");
    expect(puts).toEqual([]);

    // A wrong ETH checksum: the server's words, in a toast and under the form, and the input marked.
    await fillForm(page, { title: "Coffee for the cat", eth: ETH_BAD_CHECKSUM, btc: BTC, paypal: PAYPAL });
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/donate/info") && r.request().method() === "PUT");
    await page.getByRole("button", { name: "Save" }).click();
    expect((await refused).status()).toBe(400);
    const checksum = "The ETH address's capital letters do not match its checksum (EIP-55)";
    await toast(page, `Failed to save donation information: ${checksum}`).waitFor();
    await page.locator(".error-line").getByText(checksum).waitFor();
    await expect.poll(() => page.getByLabel("ETH address").getAttribute("aria-invalid")).toBe("true");
    expect(puts).toHaveLength(1);

    await page.getByLabel("ETH address").fill(ETH);
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Donation information saved successfully").waitFor();
    await page.getByRole("heading", { name: "Update Donation Information" }).waitFor();
    await page.getByRole("button", { name: "Update" }).waitFor();
    expect(JSON.parse(puts.at(-1) ?? "{}")).toEqual({
      donatePageTitle: "Coffee for the cat",
      ethAddress: ETH,
      btcAddress: BTC,
      paypalDonateButtonId: PAYPAL,
    });

    // Home: the info, Manage, the public page's link, and no donations yet.
    await page.getByRole("link", { name: "view" }).click();
    await page.getByRole("heading", { name: "Coffee for the cat" }).waitFor();
    await expect.poll(() => page.getByTestId("info-eth").textContent()).toBe(ETH);
    await expect.poll(() => page.getByTestId("info-btc").textContent()).toBe(BTC);
    await expect.poll(() => page.getByTestId("info-paypal").textContent()).toBe(PAYPAL);
    await page.getByText("No donations received yet.").waitFor();
    const publicLink = page.getByRole("link", { name: `/u/${account.username}` });
    await expect.poll(() => publicLink.getAttribute("href")).toBe(`/u/${account.username}`);

    // Update: the form comes filled in; Update saves the change (a legacy address this time).
    await page.getByRole("link", { name: "Manage" }).click();
    await page.getByRole("heading", { name: "Update Donation Information" }).waitFor();
    await expect.poll(() => page.getByLabel("BTC address").inputValue()).toBe(BTC);
    await page.getByLabel("Donation page title", { exact: true }).fill("Tea for the dog");
    await page.getByLabel("BTC address").fill(BTC_LEGACY);
    const updated = page.waitForResponse((r) => r.url().endsWith("/api/donate/info") && r.request().method() === "PUT");
    await page.getByRole("button", { name: "Update" }).click();
    expect((await updated).status()).toBe(200);
    await toast(page, "Donation information saved successfully").waitFor();
    await page.getByRole("link", { name: "view" }).click();
    await page.getByRole("heading", { name: "Tea for the dog" }).waitFor();
    await expect.poll(() => page.getByTestId("info-btc").textContent()).toBe(BTC_LEGACY);
    findings.home = await audit(page, "donate: the home");

    // The public page, in a context that never signed in.
    const visitor = await newContext(browser());
    const publicPage = await visitor.newPage();
    await visitor.grantPermissions(["clipboard-write"], { origin: siteUrl("donate", "") });
    await publicPage.goto(siteUrl("donate", `/u/${account.username}`));
    await publicPage.getByRole("heading", { name: "Tea for the dog" }).waitFor();
    await publicPage.getByText(BTC_LEGACY, { exact: true }).waitFor();
    await publicPage.getByText(ETH, { exact: true }).waitFor();
    const btcQr = publicPage.getByRole("img", { name: "QR code of the Bitcoin address" });
    const ethQr = publicPage.getByRole("img", { name: "QR code of the Ethereum address" });
    for (const qr of [btcQr, ethQr]) {
      await expect.poll(() => qr.getAttribute("shape-rendering")).toBe("crispEdges");
      await expect.poll(() => qr.locator("path").getAttribute("d")).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
      // White under the code, whatever the theme.
      await expect.poll(() => qr.locator("rect").getAttribute("fill")).toBe("#fff");
    }
    expect(await decodeRenderedQr(btcQr)).toBe(`bitcoin:${BTC_LEGACY}`);
    expect(await decodeRenderedQr(ethQr)).toBe(`ethereum:${ETH}`);
    const paypal = publicPage.getByRole("link", { name: "Donate with PayPal" });
    await expect
      .poll(() => paypal.getAttribute("href"))
      .toBe(`https://www.paypal.com/donate/?hosted_button_id=${PAYPAL}`);
    await expect.poll(() => paypal.getAttribute("rel")).toBe("noopener noreferrer");
    // Copy puts the address on the clipboard and says so.
    await publicPage.getByTestId("public-eth").getByRole("button", { name: "Copy" }).click();
    await publicPage.getByTestId("public-eth").getByRole("button", { name: "Copied" }).waitFor();
    // Read back from a site that may read the clipboard: the donation page itself only copies.
    await expect.poll(() => clipboardText(visitor)).toBe(ETH);
    findings.public = await audit(publicPage, "donate: a public page");

    await publicPage.goto(siteUrl("donate", "/u/nobody_has_this_name"));
    await publicPage.getByTestId("donate-missing").getByText("This donation page does not exist.").waitFor();

    // Delete: the first click asks, the second deletes; home says not set up; the public page is gone.
    await page.getByRole("link", { name: "Manage" }).click();
    findings.manage = await audit(page, "donate: the manage page");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Donation information deleted").waitFor();
    await page.waitForURL(siteUrl("donate", "/"));
    await page.getByRole("heading", { name: "Your donate page is not set up" }).waitFor();

    const gone = publicPage.waitForResponse((r) => r.url().includes(`/api/donate/public/${account.username}`));
    await publicPage.goto(siteUrl("donate", `/u/${account.username}`));
    expect((await gone).status()).toBe(404);
    await publicPage.getByTestId("donate-missing").waitFor();

    expect(findings).toEqual({ home: [], public: [], manage: [] });
    await visitor.close();
    await context.close();
  });

  it("titles a missing page in the reader's language, in the API's words", async () => {
    const context = await newContext(browser());
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(siteUrl("donate", "/u/nobody_has_this_name"));
    const missing = page.getByTestId("donate-missing");
    await expect.poll(() => missing.getByRole("heading").textContent()).toBe("Страница пожертвований не найдена");
    await context.close();
  });

  it("lists received donations, a page at a time, with amounts in the coin's unit", async () => {
    const account = await createAccount("Receiver");
    await callApi(account.token, "PUT", "/api/donate/info", { donatePageTitle: "Tips", btcAddress: BTC });
    // Polling records donations from the block explorers; here they are written straight into the suite's D1.
    const at = Date.UTC(2026, 0, 10, 12);
    localQuery(
      { port: port(), persistTo: `${repo}.e2e/state` },
      [
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 31)",
        "INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at)",
        `SELECT u.id, CASE WHEN i = 31 THEN 'eth' ELSE 'btc' END, printf('tx%064d', i),`,
        `CASE WHEN i = 31 THEN '2500000000000000000' ELSE printf('%d', 150000000 + i) END,`,
        `'${BTC_LEGACY}', ${at} + i * 60000, ${at}`,
        `FROM n, users u WHERE u.username = '${account.username}'`,
      ].join(" "),
    );

    const { context, page } = await signedInOnDonate(account);
    await page.goto(siteUrl("donate"));
    await page.getByRole("heading", { name: "Received Donations" }).waitFor();
    const rows = page.getByTestId("donation");
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(30);
    // Newest first: the ETH one, 2.5 ETH, from a shortened address, with its transaction's link.
    const newest = rows.first();
    await expect.poll(() => newest.locator(".donation-amount").textContent()).toBe("2.5 ETH");
    await expect.poll(() => newest.locator("code").textContent()).toBe("1BoatS…tpyT");
    await expect.poll(() => newest.locator("code").getAttribute("title")).toBe(BTC_LEGACY);
    const link = newest.getByRole("link", { name: /Transaction/ });
    await expect.poll(() => link.getAttribute("href")).toBe(`https://etherscan.io/tx/tx${"31".padStart(64, "0")}`);
    await expect.poll(() => link.getAttribute("target")).toBe("_blank");
    await expect.poll(() => link.getAttribute("rel")).toBe("noopener noreferrer");
    await expect.poll(() => rows.nth(1).locator(".donation-amount").textContent()).toBe("1.5000003 BTC");

    await page.getByRole("button", { name: "Load more" }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=donation]").length === 31);
    await expect.poll(() => rows.last().locator(".donation-amount").textContent()).toBe("1.50000001 BTC");
    await expect.poll(() => page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // In Russian: the catalog's words (not message ids) and the decimal comma.
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    await page.reload();
    await page.getByRole("heading", { name: "Полученные пожертвования" }).waitFor();
    await expect.poll(() => rows.first().locator(".donation-amount").textContent()).toBe("2,5 ETH");
    await page.getByRole("link", { name: "Управление" }).waitFor();
    await context.close();
  });

  for (const [theme, width] of [
    ["dark", 390],
    ["light", 360],
  ] as const)
    it(`fits ${width} px without sideways scrolling, ${theme} theme`, async () => {
      const account = await createAccount("Narrow");
      await callApi(account.token, "PUT", "/api/donate/info", {
        donatePageTitle: "A rather long donation page title that has to wrap on a phone",
        ethAddress: ETH,
        btcAddress: BTC,
        paypalDonateButtonId: PAYPAL,
      });
      const context: BrowserContext = await newContext(browser(), { width, height: 800, colorScheme: theme });
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("donate"));
      await page.getByTestId("info-btc").waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      await page.goto(siteUrl("donate", "/manage"));
      await page.getByRole("heading", { name: "Update Donation Information" }).waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      await page.goto(siteUrl("donate", `/u/${account.username}`));
      await page.getByRole("img", { name: "QR code of the Ethereum address" }).waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      // The code keeps its white ground in either theme.
      const ground = await page
        .getByRole("img", { name: "QR code of the Bitcoin address" })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(ground).toBe("rgb(255, 255, 255)");
      // The light theme's contrast too (the first test audits the dark one at 1280 px).
      if (theme === "light") expect(await audit(page, "donate: a public page")).toEqual([]);
      await context.close();
    });
});
