/** Real Chromium through playwright-core: CHROME_PATH, else Debian's /usr/bin/chromium. */
import { type Browser, type BrowserContext, chromium, type Download, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { SITE_FEATURES } from "../packages/shared/src/common/csp.ts";
import { SITES, type SiteName } from "../packages/shared/src/common/sites.ts";
import { localFetch } from "../scripts/local-fetch.ts";
import { siteUrl as suiteSiteUrl } from "../scripts/suite.ts";
import { CHROMIUM_ARGS, headlessShellPath } from "./chromium.ts";
import { counts, watchContext } from "./ledger.ts";

export const port = () => inject("port");
/** A page of a site of the suite under test: siteUrl("journal", "/#entries"). */
export const siteUrl = (site: SiteName = "root", path = "/") => `${suiteSiteUrl(port(), site)}${path}`;

export { chromePath } from "./chromium.ts";

/** This worker's Chromium: launched by the first file that asks, kept for the files after it (isolate: false). */
let launched: Promise<Browser> | undefined;

/** Launches Chromium with every context it opens counted for the ledger (its page loads). */
async function launch(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: headlessShellPath(), headless: true, args: CHROMIUM_ARGS });
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open(options);
    watchContext(context);
    return context;
  };
  return browser;
}

/**
 * A Chromium of this test process's own, for this file: the ledger counts the work of a process's children
 * as the file's own (e2e/ledger-setup.ts), so each file's browser work is measured exactly. Every context a
 * file opens is counted (page loads) and closed after the file.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    launched ??= launch();
    browser = await launched;
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
  });
  return () => browser!;
}

/**
 * What the browser refuses under the Content-Security-Policy on the pages given to `cspRefusals(page, list)`,
 * gathered in the list this returns; each test of the calling file fails if anything is in it at its end.
 */
export function useCspRefusals(): string[] {
  const refused: string[] = [];
  afterEach(() => {
    expect(refused.splice(0)).toEqual([]);
  });
  return refused;
}

/** How much wider than its viewport the page is, in px: 0 when nothing makes it scroll sideways. */
export const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const CSP_REFUSAL = /Content Security Policy|Refused to|Permissions[- ]policy/i;

/**
 * What the browser refuses on `page` under the Content-Security-Policy or the
 * site's Permissions-Policy (a feature it denies, a name it does not know), as
 * it reports it (a console message, or the error of a refused eval), each with
 * the page's address; gathered into `into` when given (one list for a file).
 */
export function cspRefusals(page: Page, into: string[] = []): string[] {
  page.on("console", (m) => {
    if (CSP_REFUSAL.test(m.text())) into.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => {
    if (CSP_REFUSAL.test(e.message)) into.push(`${page.url()}: ${e.message}`);
  });
  return into;
}

/**
 * A page of a site whose Permissions-Policy allows a clipboard feature (csp.ts SITE_FEATURES), with leave to
 * use the clipboard: its theme script, a quiet document of its origin. Each site allows only what it uses, so
 * a test's own reading of what a page copied (the donation page only copies) or its own writing of what a page
 * pastes (the kids' lens only pastes) is done from another site's page.
 */
async function clipboardPage(context: BrowserContext, feature: "clipboard-read" | "clipboard-write"): Promise<Page> {
  const site = SITES.find((s) => SITE_FEATURES[s].includes(feature));
  if (!site) throw new Error(`no site allows ${feature}`);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl(site, "") });
  const page = await context.newPage();
  await page.goto(siteUrl(site, "/theme.js"));
  return page;
}

/** The text on the clipboard, read from a page that may read it (`clipboardPage`). */
export async function clipboardText(context: BrowserContext): Promise<string> {
  const page = await clipboardPage(context, "clipboard-read");
  try {
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await page.close();
  }
}

/** Puts words, or a PNG's bytes, on the clipboard from a page that may write it (`clipboardPage`). */
export async function putOnClipboard(context: BrowserContext, item: string | { png: number[] }) {
  const page = await clipboardPage(context, "clipboard-write");
  try {
    if (typeof item === "string") await page.evaluate((text) => navigator.clipboard.writeText(text), item);
    else
      await page.evaluate(async (bytes) => {
        const blob = new Blob([new Uint8Array(bytes)], { type: "image/png" });
        await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
      }, item.png);
  } finally {
    await page.close();
  }
}

export const htmlAttr = (page: Page, name: string) =>
  page.evaluate((n) => document.documentElement.getAttribute(n), name);

/** The two layouts a screen is checked in: narrow in the light theme, wide in the dark one. */
export const LAYOUTS = [
  { width: 360, theme: "light" },
  { width: 1280, theme: "dark" },
] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Resizes the page and switches its theme with the header's button, keeping what the screen holds. */
export async function setLayout(page: Page, { width, theme }: Layout) {
  const size = page.viewportSize();
  if (size?.width !== width) await page.setViewportSize({ width, height: size?.height ?? 800 });
  if ((await htmlAttr(page, "data-theme")) !== theme) {
    // A click event with no pointer behind it: the theme switches and the keyboard stays where it was.
    await page.getByTestId("theme-toggle").dispatchEvent("click");
    // Asked from here rather than waited for in the page, where a test's fake clock may hold the timers.
    await expect.poll(() => htmlAttr(page, "data-theme")).toBe(theme);
  }
}

/**
 * Runs `check` on the screen as it stands in each layout in turn (LAYOUTS), then leaves the page in the
 * first. A flow is the same at both widths: it runs once, and the layouts are looked at where it stands,
 * rather than the whole flow loaded and clicked through again at a second width.
 */
export async function inEachLayout<T>(page: Page, check: (layout: Layout) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const layout of LAYOUTS) {
    await setLayout(page, layout);
    results.push(await check(layout));
  }
  await setLayout(page, LAYOUTS[0]);
  return results;
}

/** Nothing makes the page scroll sideways, in each layout. */
export async function fitsEachLayout(page: Page) {
  await inEachLayout(page, () => expect.poll(() => overflows(page)).toBe(0));
}

/** A context in one of LAYOUTS: the first (narrow and light) unless told, as the flows checked in each start. */
export const layoutContext = (
  browser: Browser,
  layout: Layout = LAYOUTS[0],
  options: Omit<Parameters<typeof newContext>[1], "width" | "colorScheme"> = {},
) => newContext(browser, { ...options, width: layout.width, colorScheme: layout.theme });

/** A fresh context that has already passed the logo gate (unless told not to). */
export async function newContext(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    seenLogo?: boolean;
    colorScheme?: "light" | "dark" | "no-preference";
    /** The browser's IANA zone; the machine's when not given. */
    timezoneId?: string;
    /**
     * Whether the sites' service workers may register. Blocked unless a test is about them:
     * a worker that controls a page takes its requests out of Playwright's `page.route`.
     */
    serviceWorkers?: "allow" | "block";
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? "block",
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "dark",
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.seenLogo !== false) {
    await context.addCookies([
      { name: "logo-seen", value: "1", domain: ".nook.localhost", path: "/", sameSite: "Lax" },
    ]);
  }
  return context;
}

let counter = 0;
/** This test file's own block of client addresses (see createAccount). */
const CLIENT_NET = Math.floor(Math.random() * 256);
/** Registers a fresh account through the API and returns its credentials. */
export async function createAccount(name = "Tester") {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = { email: `e2e-${id}@nook.localhost`, name, username: `e2e_${id}`, password: `pw-${id}-secret` };
  const res = await localFetch(siteUrl("auth", "/api/auth/register"), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: siteUrl("auth", "").replace(/\/$/, ""),
      // Each account from a client of its own (198.18.0.0/15, the benchmarking range): the suite signs up
      // more than the API's 100 a client in 15 minutes (DESIGN §4), which its own tests cover in workerd.
      // Locally the header passes through to the API, as Cloudflare's own would in production.
      "CF-Connecting-IP": `198.18.${CLIENT_NET}.${(counter % 250) + 1}`,
    },
    body: JSON.stringify(account),
  });
  counts.signUps++;
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text()}`);
  return { ...account, token: res.json<{ token: string }>().token };
}

/** A JSON call to the suite's API as an account (Bearer token), for setting up data fast. */
export async function callApi(token: string, method: string, path: string, body?: unknown) {
  const res = await localFetch(siteUrl("journal", path), {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text()}`);
  return res.json<unknown>();
}

/**
 * Signs the page's browser context in as `account` with the session its registration started: the cookies
 * the API sets on the root domain, as the login page leaves them. The login page has its own tests
 * (auth.test.ts); everywhere else it would cost each test two page loads and a second scrypt.
 */
export async function addSession(page: Page, account: { token: string }) {
  const { sub } = JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString()) as { sub: string };
  const place = { domain: ".nook.localhost", path: "/", sameSite: "Lax" as const };
  await page.context().addCookies([
    { name: "nook_session", value: account.token, httpOnly: true, ...place },
    // The account cookie beside it (shared/common/account-cookie.ts), as the API sets the two together.
    { name: "nook_account", value: sub, ...place },
  ]);
}

/**
 * A timer saved through the API, as the timer page (or another device) saves one: started `seconds` before
 * `end`, stopped then and saved, which writes its journal entry.
 */
export async function saveTimer(token: string, text: string, end: number, seconds: number) {
  const timer = (await callApi(token, "POST", "/api/journal/timer", {
    text,
    tags: [],
    initAt: new Date(end - seconds * 1000).toISOString(),
  })) as { id: number; startedAt: string; goal: string | null };
  await callApi(token, "PUT", "/api/journal/timer", {
    id: timer.id,
    text,
    tags: [],
    startedAt: timer.startedAt,
    pausedAt: new Date(end).toISOString(),
    pausedTimeDiff: 0,
    goal: timer.goal,
    complete: true,
  });
}

/** Signs in through the login page, which leaves the browser on the profile. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(siteUrl("auth", "/login"));
  await page.getByLabel("EMAIL").fill(account.email);
  await page.getByLabel("PASSWORD").fill(account.password);
  await page.getByRole("button", { name: "Go" }).click();
  await page.waitForURL(siteUrl("auth", "/profile"));
}

/**
 * A download's bytes. Through the shared Chromium's connection the browser's own copy has no local path
 * (Playwright's `download.path()` refuses), so the file is read from the stream Playwright sends it over.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
