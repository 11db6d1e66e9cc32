import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, createAccount, cspRefusals, newContext, overflows, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

const TAROT = siteUrl("random", "/tarot");

async function setLocale(context: BrowserContext, locale: "en" | "ru") {
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
}

async function tarot(options: { width?: number; colorScheme?: "dark" | "light"; locale?: "en" | "ru" } = {}) {
  const context = await newContext(browser(), options);
  if (options.locale) await setLocale(context, options.locale);
  const page = await context.newPage();
  await page.goto(TAROT);
  await page.getByRole("heading", { name: options.locale === "ru" ? "Таро" : "Tarot" }).waitFor();
  return { context, page };
}

/** Opens the collapsible history by its summary ('History' and the count). */
async function openHistory(page: Page) {
  const summary = page.getByTestId("tarot-history").locator("summary");
  await summary.click();
  await page.waitForFunction(() => document.querySelector("[data-testid=tarot-history]")?.hasAttribute("open"));
}

const cards = (page: Page) => page.getByTestId("tarot-card");
const pickButton = (page: Page) => page.getByRole("button", { name: "Pick a card" });

interface Drawn {
  number: number;
  name: string;
  reversed: boolean;
}

/** The draw on screen: each card's number (from its face), name and whether it says "Reversed". */
async function drawn(page: Page): Promise<Drawn[]> {
  return cards(page).evaluateAll((items) =>
    items.map((li) => ({
      number: Number(li.querySelector("svg[data-card]")?.getAttribute("data-card")),
      name: li.querySelector("h3")?.textContent ?? "",
      reversed: li.querySelector(".tarot-reversed") !== null,
    })),
  );
}

/** Picks `count` cards and waits for a new draw on screen. */
async function pick(page: Page, count: number): Promise<Drawn[]> {
  const before = await cards(page).evaluateAll((items) => items.map((li) => li.outerHTML).join());
  await pickButton(page).click();
  await page.waitForFunction(
    ([n, old]) => {
      const items = [...document.querySelectorAll("[data-testid=tarot-card]")];
      return items.length === n && items.map((li) => li.outerHTML).join() !== old;
    },
    [count, before] as const,
  );
  return drawn(page);
}

/** Draws until `want` holds (reversal and suit are random; nothing in the product is mocked). */
async function pickUntil(page: Page, count: number, want: (d: Drawn[]) => boolean) {
  const draws: Drawn[][] = [];
  for (let i = 0; i < 40; i++) {
    const d = await pick(page, count);
    draws.push(d);
    if (want(d)) return { last: d, draws };
  }
  throw new Error(`no wanted draw in 40 tries: ${JSON.stringify(draws.at(-1))}`);
}

describe("the tarot", () => {
  it("draws three distinct cards, a reversed one upside down until turned; meanings open; history and the checkbox survive a reload", async () => {
    const { context, page } = await tarot();
    await expect.poll(() => page.getByRole("button", { name: "Save result" }).isDisabled()).toBe(true);
    const box = page.getByLabel("With reverted");
    await expect.poll(() => box.isChecked()).toBe(false);

    // Without 'With reverted' nothing is ever reversed.
    await page.getByLabel("Number of cards (1-3)").fill("3");
    for (let i = 0; i < 5; i++) {
      const d = await pick(page, 3);
      expect(d.some((c) => c.reversed)).toBe(false);
      expect(new Set(d.map((c) => c.number)).size).toBe(3);
    }

    await box.check();
    const { last, draws } = await pickUntil(
      page,
      3,
      (d) => d.some((c) => c.reversed) && d.some((c) => c.number >= 22 && c.reversed),
    );
    for (const d of draws) {
      const numbers = d.map((c) => c.number);
      expect(new Set(numbers).size).toBe(3);
      for (const n of numbers) expect(n >= 0 && n <= 77).toBe(true);
    }
    await expect.poll(() => page.getByRole("button", { name: "Save result" }).isDisabled()).toBe(false);

    // The reversed minor card: upside down, "Reversed" in words, a real button that turns it.
    const reversed = last.find((c) => c.number >= 22 && c.reversed)!;
    const item = cards(page).filter({ has: page.getByRole("heading", { name: reversed.name, exact: true }) });
    await item.getByText("Reversed", { exact: true }).waitFor();
    const face = item.getByRole("img", { name: `${reversed.name}, upside down` });
    await expect.poll(() => face.getAttribute("class")).toContain("tarot-face-upside-down");
    const turn = item.getByRole("button", { name: `Turn ${reversed.name}` });
    await expect.poll(() => turn.getAttribute("aria-pressed")).toBe("false");
    await turn.click();
    await expect.poll(() => turn.getAttribute("aria-pressed")).toBe("true");
    const upright = item.getByRole("img", { name: reversed.name, exact: true });
    await expect.poll(() => upright.getAttribute("class")).not.toContain("tarot-face-upside-down");
    await item.getByText("Reversed", { exact: true }).waitFor();
    // The keyboard turns it back (Enter), and again (Space).
    await turn.press("Enter");
    await expect.poll(() => turn.getAttribute("aria-pressed")).toBe("false");
    await turn.press(" ");
    await expect.poll(() => turn.getAttribute("aria-pressed")).toBe("true");

    // Its meaning (the reversed lines) and its suit's meaning open.
    const meaning = item.locator("details").filter({ has: page.getByText("Meaning, reversed") });
    await expect.poll(() => meaning.getAttribute("open")).toBeNull();
    await meaning.getByText("Meaning, reversed").click();
    await expect.poll(() => meaning.getAttribute("open")).toBe("");
    await expect.poll(() => meaning.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => meaning.getByRole("listitem").first().isVisible()).toBe(true);
    const suit = item.locator("details").filter({ has: page.getByText(/^Suit meaning: /) });
    await suit.getByText(/^Suit meaning: /).click();
    await expect.poll(() => suit.getAttribute("open")).toBe("");
    await expect.poll(() => suit.locator("p").count()).toBe(3);
    await expect.poll(() => suit.locator("p").first().isVisible()).toBe(true);

    // An upright card says what it says upright; a major arcanum has no suit to open.
    for (const c of last.filter((c) => !c.reversed)) {
      const other = cards(page).filter({ has: page.getByRole("heading", { name: c.name, exact: true }) });
      await other.getByText("Meaning", { exact: true }).waitFor();
      if (c.number < 22) await other.getByText("A major arcanum: it belongs to no suit.").waitFor();
    }

    // Each face is a picture named by its card.
    const labels = await page
      .locator("svg.tarot-face")
      .evaluateAll((faces) => faces.map((f) => [f.getAttribute("role"), f.getAttribute("aria-label")]));
    expect(labels.map(([role]) => role)).toEqual(["img", "img", "img"]);
    expect(labels.map(([, label], i) => label?.startsWith(last[i]!.name))).toEqual([true, true, true]);

    // After a reload: the spread is still on the table, the box still checked, and the history holds every
    // draw, newest first, ' (R)' marked.
    await page.reload();
    await page.getByRole("heading", { name: "Tarot" }).waitFor();
    await expect.poll(() => drawn(page)).toEqual(last);
    await expect.poll(() => page.getByRole("button", { name: "Save result" }).isEnabled()).toBe(true);
    await expect.poll(() => page.getByLabel("With reverted").isChecked()).toBe(true);
    const history = page.getByTestId("tarot-history");
    await openHistory(page);
    const entries = history.getByTestId("tarot-history-entry");
    await expect.poll(() => entries.count()).toBe(5 + draws.length);
    const expected = last.map((c) => (c.reversed ? `${c.name} (R)` : c.name)).join(", ");
    await expect.poll(() => entries.first().locator(".tarot-history-cards").textContent()).toBe(expected);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("nook.tarot.history@signed-out") ?? "[]"));
    expect(stored[0]).toMatchObject({
      cards: last.map((c) => (c.reversed ? `${c.name} (R)` : c.name)),
      cardNumbers: last.map((c) => c.number),
      reverts: last.map((c) => c.reversed),
    });
    expect(Number.isNaN(Date.parse(stored[0].date))).toBe(false);

    // Unticked, it stays unticked.
    await page.getByLabel("With reverted").uncheck();
    await page.reload();
    await page.getByRole("heading", { name: "Tarot" }).waitFor();
    await expect.poll(() => page.getByLabel("With reverted").isChecked()).toBe(false);

    // Clearing asks twice, then the history is empty, after a reload too.
    await openHistory(page);
    await history.getByRole("button", { name: "Clear history" }).click();
    await history.getByRole("button", { name: "Confirm" }).click();
    await history.getByText("No draws yet.", { exact: false }).waitFor();
    await page.reload();
    await openHistory(page);
    await history.getByText("No draws yet.", { exact: false }).waitFor();
    await context.close();
  });

  it("refuses a count that is missing or outside 1-3, and draws 1 and 2", async () => {
    const { context, page } = await tarot();
    const count = page.getByLabel("Number of cards (1-3)");
    const problem = page.getByText("Fill proper settings, 1-3 cards only");
    for (const bad of ["0", "4", ""]) {
      await count.fill(bad);
      await pickButton(page).click();
      await problem.waitFor();
      await expect.poll(() => count.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => cards(page).count()).toBe(0);
      await expect.poll(() => page.getByTestId("tarot-history-entry").count()).toBe(0);
    }
    // The message clears once the count is right, and the draw is made.
    await count.fill("1");
    await problem.waitFor({ state: "detached" });
    expect(await pick(page, 1)).toHaveLength(1);
    await count.fill("2");
    const two = await pick(page, 2);
    expect(two[0]?.number).not.toBe(two[1]?.number);
    // Enter in the field picks too (a real form).
    await count.fill("4");
    await count.press("Enter");
    await problem.waitFor();
    await expect.poll(() => cards(page).count()).toBe(2);
    await context.close();
  });

  it("hands the result to the journal's new-entry form with the tarot tag, and marks it saved once the journal saved it", async () => {
    const account = await createAccount("Reader");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(TAROT);
    await page.getByLabel("With reverted").check();
    await page.getByLabel("Number of cards (1-3)").fill("3");
    const { last } = await pickUntil(page, 3, (d) => d.some((c) => c.reversed));

    await page.getByRole("button", { name: "Save result" }).click();
    const dialog = page.getByRole("dialog", { name: "Save result" });
    await dialog.waitFor();
    const names = last.map((c) => (c.reversed ? `${c.name} (R)` : c.name)).join(", ");
    const firstLine = async () => ((await dialog.getByTestId("tarot-result-text").textContent()) ?? "").split("\n")[0];
    await expect.poll(firstLine).toBe(names);
    const text = (await dialog.getByTestId("tarot-result-text").textContent()) ?? "";
    // The dialog closes on Escape and gives focus back.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("tarot-saved").count()).toBe(0);

    await page.getByRole("button", { name: "Save result" }).click();
    await dialog.getByRole("link", { name: "Write it in the journal" }).click();
    await page.waitForURL((url) => url.host.startsWith("journal.") && url.searchParams.get("prompt") === "tarot");
    expect(new URL(page.url()).searchParams.get("text")).toBe(text);
    await page.waitForFunction(
      (v) => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === v,
      text,
    );
    await page.getByTestId("form-tags").getByText("tarot", { exact: true }).waitFor();

    expect(new URL(page.url()).searchParams.get("draw")).toMatch(/^[0-9a-z]+$/);

    // Followed but not saved: back on the tarot the same spread is on the table, and nothing says 'Saved'.
    await page.goto(TAROT);
    const history = page.getByTestId("tarot-history");
    await openHistory(page);
    await expect.poll(() => drawn(page)).toEqual(last);
    await history.getByTestId("tarot-history-entry").first().waitFor();
    await expect.poll(() => history.getByText("Saved").count()).toBe(0);
    await expect.poll(() => page.getByTestId("tarot-saved").count()).toBe(0);

    // Saved in the journal: the tarot, shown again, marks it saved.
    await page.getByRole("button", { name: "Save result" }).click();
    await dialog.getByRole("link", { name: "Write it in the journal" }).click();
    await page.waitForFunction(
      (v) => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === v,
      text,
    );
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Entry added").waitFor();
    await page.waitForURL((url) => !url.searchParams.has("prompt") && !url.searchParams.has("text"));
    await page.goBack();
    await page.waitForURL((url) => url.host.startsWith("random."));
    await page.getByTestId("tarot-saved").waitFor();
    await openHistory(page);
    await history.getByTestId("tarot-history-entry").first().getByText("Saved").waitFor();
    await expect.poll(() => history.getByText("Saved").count()).toBe(1);
    // It stays saved after a reload.
    await page.reload();
    await openHistory(page);
    await history.getByTestId("tarot-history-entry").first().getByText("Saved").waitFor();
    await context.close();
  });

  it("signed out, the journal's login brings the reader back to the prefilled form", async () => {
    const account = await createAccount("Visitor");
    const { context, page } = await tarot();
    await page.getByLabel("Number of cards (1-3)").fill("2");
    await pick(page, 2);
    await page.getByRole("button", { name: "Save result" }).click();
    const dialog = page.getByRole("dialog", { name: "Save result" });
    const text = (await dialog.getByTestId("tarot-result-text").textContent()) ?? "";
    await dialog.getByRole("link", { name: "Write it in the journal" }).click();
    await page.waitForURL((url) => url.host.startsWith("auth.") && url.pathname === "/login");
    await page.getByLabel("EMAIL").fill(account.email);
    await page.getByLabel("PASSWORD").fill(account.password);
    await page.getByRole("button", { name: "Go" }).click();
    await page.waitForURL((url) => url.host.startsWith("journal.") && url.searchParams.get("prompt") === "tarot");
    await page.waitForFunction(
      (v) => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === v,
      text,
    );
    await page.getByTestId("form-tags").getByText("tarot", { exact: true }).waitFor();
    // Signed in and left without saving: the draw is still on the table, and not 'Saved'.
    await page.goto(TAROT);
    await expect.poll(() => cards(page).count()).toBe(2);
    await openHistory(page);
    await page.getByTestId("tarot-history-entry").first().waitFor();
    await expect.poll(() => page.getByTestId("tarot-history").getByText("Saved").count()).toBe(0);
    await expect.poll(() => page.getByTestId("tarot-saved").count()).toBe(0);
    await context.close();
  });

  for (const [width, colorScheme] of [
    [360, "light"],
    [1280, "dark"],
  ] as const)
    it(`fits ${width} px without sideways scrolling, and its dialog passes axe, ${colorScheme} theme`, async () => {
      const context = await newContext(browser(), { width, colorScheme });
      const page = await context.newPage();
      // Nothing the page does is refused by the Content-Security-Policy (no inline styles or scripts).
      // (The signed-out auth check's 401 is logged too; only refusals are gathered.)
      const refused = cspRefusals(page);
      await page.goto(TAROT);
      await page.getByRole("heading", { name: "Tarot" }).waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      await page.getByLabel("With reverted").check();
      await page.getByLabel("Number of cards (1-3)").fill("3");
      await pickUntil(page, 3, (d) => d.some((c) => c.reversed));
      for (const summary of await page.locator(".tarot-details summary").all()) await summary.click();
      await openHistory(page);
      await expect.poll(() => overflows(page)).toBe(0);
      // The cards sit side by side on a wide screen, one under another on a narrow one.
      const tops = await cards(page).evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top));
      if (width === 1280) expect(new Set(tops).size).toBe(1);
      else expect(new Set(tops).size).toBe(3);
      // The drawn cards are audited in the accessibility walk, in each theme (axe once a screen and theme).

      // The dialog too.
      await page.getByRole("button", { name: "Save result" }).click();
      await page.getByRole("dialog", { name: "Save result" }).waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      expect(await audit(page, "random: the tarot's save dialog")).toEqual([]);
      expect(refused).toEqual([]);
      await context.close();
    });

  it("survives a broken history in storage", async () => {
    const { context, page } = await tarot();
    await page.evaluate(() => localStorage.setItem("nook.tarot.history@signed-out", "{broken"));
    await page.reload();
    await page.getByRole("heading", { name: "Tarot" }).waitFor();
    const history = page.getByTestId("tarot-history");
    await openHistory(page);
    await history.getByText("No draws yet.", { exact: false }).waitFor();
    await page.getByLabel("Number of cards (1-3)").fill("1");
    await pick(page, 1);
    await expect.poll(() => history.getByTestId("tarot-history-entry").count()).toBe(1);
    await context.close();
  });

  it("speaks Russian: the controls, the validation and the card names", async () => {
    const { context, page } = await tarot({ locale: "ru" });
    const count = page.getByLabel("Число карт (1–3)");
    await count.fill("4");
    await page.getByRole("button", { name: "Вытянуть карту" }).click();
    await page.getByText("Укажите верные настройки: только 1–3 карты").waitFor();
    await page.getByLabel("С перевёрнутыми").check();
    await count.fill("3");
    await page.getByRole("button", { name: "Вытянуть карту" }).click();
    await cards(page).nth(2).waitFor();
    const names = (await drawn(page)).map((c) => c.name);
    for (const name of names) {
      expect(name).toMatch(/[А-ЯЁа-яё]/);
      expect(name).not.toMatch(/[A-Za-z]/);
    }
    await openHistory(page);
    await page.getByTestId("tarot-history-entry").first().waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Сохранить результат" }).isEnabled()).toBe(true);
    await context.close();
  });
});
