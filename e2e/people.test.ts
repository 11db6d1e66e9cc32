import type { Locator, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit, auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  fitsEachLayout,
  LAYOUTS,
  type Layout,
  layoutContext,
  newContext,
  overflows,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

interface Person {
  id: number;
  name: string;
  email: string;
  birthDate: string;
  tags: { id: number; name: string }[];
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();
const cards = (page: Page) => page.getByTestId("person");
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const cardNames = (page: Page) => page.locator("[data-testid=person] h2").allTextContents();
const chips = (scope: Locator) => scope.getByTestId("person-tags").locator(".chip").allTextContents();
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Every write to /api/people, with its method and JSON body. */
function peopleWrites(page: Page) {
  const writes: { method: string; body: unknown }[] = [];
  page.on("request", (r: Request) => {
    if (/\/api\/people(\/\d+)?$/.test(new URL(r.url()).pathname) && r.method() !== "GET")
      writes.push({ method: r.method(), body: r.method() === "DELETE" ? null : r.postDataJSON() });
  });
  return writes;
}

/**
 * The day the pages' clocks are fixed at where ages and birthdays are read: 25 November 2026, at noon UTC
 * (the same date in the browser's zone). The expected ages and dates below are worked out from it by hand.
 */
const TODAY = new Date("2026-11-25T12:00:00Z");

/** A new account, signed in, on the people site (or `path` there), the page's clock fixed at TODAY. */
async function peoplePage(path = "/", layout: Layout = LAYOUTS[0]) {
  const account = await createAccount("Keeper");
  const context = await layoutContext(browser(), layout);
  const page = await context.newPage();
  await addSession(page, account);
  await page.clock.setFixedTime(TODAY);
  await page.goto(siteUrl("people", path));
  await page.getByRole("heading", { name: "People", exact: true }).waitFor();
  return { account, context, page };
}

describe("the people site, narrow and light, then wide and dark", () => {
  it("adds, edits, duplicates and deletes a person, with the toasts", async () => {
    const { account, context, page } = await peoplePage();
    const writes = peopleWrites(page);
    await page.getByText("No people yet. Add the first one with 'Add Person'.").waitFor();
    const findings: Record<string, string[]> = { empty: await auditEachLayout(page, "people: the list, empty") };

    // Add: tags typed any way come out lower-cased, with '@', each once; one still typed is saved too.
    await page.getByRole("button", { name: "Add Person" }).click();
    const add = dialog(page, "Add new person");
    await add.waitFor();
    await field(add, "Name").fill("Ada Lovelace");
    await field(add, "E-mail").fill("ada@analytical.org");
    await field(add, "Birth date").fill("1815-12-10");
    const tags = field(add, "Tags");
    for (const typed of ["Ada", "  MATH ", "@ada", "   "]) {
      await tags.fill(typed);
      await tags.press("Enter");
    }
    await tags.fill("Friends");
    await expect
      .poll(() => add.getByTestId("form-tags").locator(".chip .user-text").allTextContents())
      .toEqual(["@ada", "@math"]);
    findings.addModal = await auditEachLayout(page, "people: the add modal");
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Person added");
    await add.waitFor({ state: "detached" });
    expect(writes).toEqual([
      {
        method: "POST",
        body: {
          name: "Ada Lovelace",
          email: "ada@analytical.org",
          birthDate: "1815-12-10",
          tags: ["@ada", "@math", "@friends"],
        },
      },
    ]);
    const ada = card(page, "Ada Lovelace");
    await ada.waitFor();
    await expect
      .poll(() => ada.getByRole("link", { name: "ada@analytical.org" }).getAttribute("href"))
      .toBe("mailto:ada@analytical.org");
    await expect.poll(() => ada.locator("time").getAttribute("datetime")).toBe("1815-12-10");
    await expect.poll(() => ada.locator("time").textContent()).toBe("December 10, 1815");
    // 2026 − 1815 = 211 on 10 December: 210 on 25 November.
    await expect.poll(() => ada.getByTestId("person-age").textContent()).toBe("210 years old");
    await expect.poll(() => chips(ada)).toEqual(["@ada", "@friends", "@math"]);
    // The list with a person is audited in the accessibility walk, in each theme (axe once a screen and theme).
    await fitsEachLayout(page);

    // Selecting: the name is a button; Enter and Space toggle the card's actions, as a click does.
    const select = ada.getByRole("button", { name: "Ada Lovelace" });
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true"); // the written person is selected
    await ada.getByRole("button", { name: "Edit" }).waitFor();
    await select.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => ada.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await page.keyboard.press("Space");
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true");
    await ada.locator(".person-born").click();
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("false");
    await ada.locator(".person-born").click();
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true");
    // Escape in the card puts the actions away and focus back on the name.
    await ada.getByRole("button", { name: "Duplicate" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true");

    // Edit: the diff — the old name, the removed tag's id, the added tag's name.
    const before = (await callApi(account.token, "GET", "/api/people")) as Person[];
    const mathId = before[0]?.tags.find((t) => t.name === "@math")?.id;
    await ada.getByRole("button", { name: "Edit" }).click();
    const edit = dialog(page, "Edit Ada Lovelace");
    await edit.waitFor();
    await expect.poll(() => field(edit, "Name").inputValue()).toBe("Ada Lovelace");
    await expect.poll(() => field(edit, "Birth date").inputValue()).toBe("1815-12-10");
    await field(edit, "Name").fill("Ada King");
    await edit.getByRole("button", { name: "Remove tag @math" }).click();
    await field(edit, "Tags").fill("Poetry");
    await field(edit, "Tags").press("Enter");
    findings.editModal = await auditEachLayout(page, "people: the edit modal");
    await edit.getByRole("button", { name: "Update" }).click();
    await toast(page, "Person updated");
    await edit.waitFor({ state: "detached" });
    expect(writes[1]).toEqual({
      method: "PUT",
      body: {
        id: before[0]?.id,
        oldName: "Ada Lovelace",
        name: "Ada King",
        email: "ada@analytical.org",
        birthDate: "1815-12-10",
        tagIdsToRemove: [mathId],
        tagNamesToAdd: ["@poetry"],
      },
    });
    const king = card(page, "Ada King");
    await expect.poll(() => chips(king)).toEqual(["@ada", "@friends", "@poetry"]);
    await expect.poll(() => cardNames(page)).toEqual(["Ada King"]);

    // Duplicate: 'Add new person', filled with a copy named as one; saved as a second person.
    await king.getByRole("button", { name: "Duplicate" }).click();
    const copy = dialog(page, "Add new person");
    await copy.waitFor();
    await expect.poll(() => field(copy, "Name").inputValue()).toBe("Ada King (copy)");
    await expect.poll(() => field(copy, "E-mail").inputValue()).toBe("ada@analytical.org");
    await expect.poll(() => field(copy, "Birth date").inputValue()).toBe("1815-12-10");
    await expect
      .poll(() => copy.getByTestId("form-tags").locator(".chip .user-text").allTextContents())
      .toEqual(["@ada", "@friends", "@poetry"]);
    await field(copy, "E-mail").fill("byron@example.org");
    await copy.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Person added");
    await card(page, "Ada King (copy)").waitFor();
    await expect.poll(() => cardNames(page)).toEqual(["Ada King", "Ada King (copy)"]);
    expect(writes[2]?.body).toEqual({
      name: "Ada King (copy)",
      email: "byron@example.org",
      birthDate: "1815-12-10",
      tags: ["@ada", "@friends", "@poetry"],
    });

    // Delete: two clicks on the selected card.
    const byron = card(page, "Ada King (copy)");
    await byron.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await byron.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Person deleted");
    await byron.waitFor({ state: "detached" });
    await expect.poll(() => cardNames(page)).toEqual(["Ada King"]);
    expect(writes.map((w) => w.method)).toEqual(["POST", "PUT", "POST", "DELETE"]);
    expect(((await callApi(account.token, "GET", "/api/people")) as Person[]).map((p) => p.name)).toEqual(["Ada King"]);
    await fitsEachLayout(page);

    expect(findings).toEqual({ empty: [], addModal: [], editModal: [] });
    await context.close();
  });

  it("refuses a person without a name, an e-mail or a birth date, saying why, and saves nothing", async () => {
    const { account, context, page } = await peoplePage();
    await page.getByRole("button", { name: "Add Person" }).click();
    const add = dialog(page, "Add new person");
    const save = add.getByRole("button", { name: "Add", exact: true });
    const refusal = async (text: string, label: string) => {
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/people") && r.request().method() === "POST");
      await save.click();
      expect((await answer).status()).toBe(400);
      await add.getByRole("alert").getByText(text, { exact: true }).waitFor();
      await expect.poll(() => field(add, label).getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => field(add, label).evaluate((el) => el === document.activeElement)).toBe(true);
    };

    await field(add, "E-mail").fill("ada@analytical.org");
    await field(add, "Birth date").fill("1815-12-10");
    await refusal("Name is required", "Name");
    // Typing in the field clears its mark.
    await field(add, "Name").fill("Ada");
    await expect.poll(() => field(add, "Name").getAttribute("aria-invalid")).toBe(null);
    await field(add, "E-mail").fill("");
    await refusal("Email is required", "E-mail");
    await field(add, "E-mail").fill("not an address");
    await refusal("Email is not valid", "E-mail");
    await field(add, "E-mail").fill("ada@analytical.org");
    await field(add, "Birth date").fill("");
    await refusal("Birth date is required", "Birth date");
    // A birth date after today (the page's clock: 25 November 2026) is refused before anything is sent.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/people") posts.push(r.url());
    });
    for (const date of ["2150-01-01", "2026-11-26"]) {
      await field(add, "Birth date").fill(date);
      await save.click();
      await add.getByRole("alert").getByText("Birth date cannot be after today", { exact: true }).waitFor();
      await expect.poll(() => field(add, "Birth date").getAttribute("aria-invalid")).toBe("true");
      await field(add, "Birth date").fill("");
      await expect.poll(() => add.getByRole("alert").textContent()).toBe("");
    }
    expect(posts).toEqual([]);
    await expect.poll(() => field(add, "Birth date").getAttribute("max")).toBe("2026-11-25");
    await fitsEachLayout(page);
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    await page.getByText("No people yet. Add the first one with 'Add Person'.").waitFor();
    expect(await callApi(account.token, "GET", "/api/people")).toEqual([]);

    // Renamed elsewhere while the form was open: the API's 409, in the form; nothing overwritten.
    const ada = (await callApi(account.token, "POST", "/api/people", {
      name: "Ada",
      email: "ada@analytical.org",
      birthDate: "1815-12-10",
      tags: [],
    })) as Person;
    await page.reload();
    await card(page, "Ada").getByRole("button", { name: "Ada" }).click();
    await card(page, "Ada").getByRole("button", { name: "Edit" }).click();
    const edit = dialog(page, "Edit Ada");
    await callApi(account.token, "PUT", `/api/people/${ada.id}`, {
      id: ada.id,
      name: "Augusta Ada",
      oldName: "Ada",
      email: ada.email,
      birthDate: ada.birthDate,
    });
    await field(edit, "Name").fill("Ada Lovelace");
    await edit.getByRole("button", { name: "Update" }).click();
    await edit
      .getByRole("alert")
      .getByText("This person was renamed elsewhere: reload to see the new name", { exact: true })
      .waitFor();
    expect(((await callApi(account.token, "GET", "/api/people")) as Person[]).map((p) => p.name)).toEqual([
      "Augusta Ada",
    ]);
    await context.close();
  });

  it("filters by name, e-mail and tag, keeps the filter in the address, and takes ?q=", async () => {
    const account = await createAccount("Finder");
    for (const [name, email, tags] of [
      ["Ada Lovelace", "ada@analytical.org", ["math"]],
      ["Grace Hopper", "grace@navy.mil", ["navy", "friends"]],
      ["Linus", "linus@kernel.org", ["friends"]],
    ] as const)
      await callApi(account.token, "POST", "/api/people", { name, email, birthDate: "1990-01-01", tags });
    const context = await layoutContext(browser());
    const page = await context.newPage();
    await addSession(page, account);

    // ?q= fills the box (the calendar links people/?q=<name>).
    await page.goto(siteUrl("people", "/?q=grace"));
    await card(page, "Grace Hopper").waitFor();
    const box = page.getByRole("searchbox", { name: "Filter people" });
    await expect.poll(() => box.inputValue()).toBe("grace");
    await expect.poll(() => cardNames(page)).toEqual(["Grace Hopper"]);
    await page.getByText("1 of 3 shown").waitFor();
    const historyLength = await page.evaluate(() => history.length);

    const shows = async (query: string, names: string[]) => {
      await box.fill(query);
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=person]").length === n, names.length);
      await expect.poll(() => cardNames(page)).toEqual(names);
      expect(new URL(page.url()).searchParams.get("q")).toBe(query);
    };
    await shows("kernel", ["Linus"]); // e-mail
    await shows("@friends", ["Grace Hopper", "Linus"]); // tag
    await shows("FRIENDS hopper", ["Grace Hopper"]); // every word, any field
    await shows("lovelace", ["Ada Lovelace"]); // name
    await fitsEachLayout(page);
    // Replaced, not pushed: Back leaves the site rather than stepping through the filter's letters.
    await expect.poll(() => page.evaluate(() => history.length)).toBe(historyLength);

    // A reload keeps it.
    await page.reload();
    await card(page, "Ada Lovelace").waitFor();
    await expect.poll(() => box.inputValue()).toBe("lovelace");
    await expect.poll(() => cardNames(page)).toEqual(["Ada Lovelace"]);

    await box.fill("nobody at all");
    await page.getByText("Nobody matches this filter.").waitFor();
    await page.getByRole("button", { name: "Clear the filter" }).click();
    await page.getByText("3 people", { exact: true }).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(["Ada Lovelace", "Grace Hopper", "Linus"]);
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("shows the upcoming birthdays with the age turned, suggests tags, and links each card to its journal entries", async () => {
    const account = await createAccount("Rememberer");
    const context = await layoutContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.clock.setFixedTime(TODAY);
    // Three days after TODAY (28 November) 28 years old, on TODAY 40, 45 days after it (9 January 2027) 30.
    const people = [
      { name: "Soon", birthDate: "1998-11-28", tags: ["Soon", "Family"] },
      { name: "Now", birthDate: "1986-11-25", tags: [] },
      { name: "Later", birthDate: "1997-01-09", tags: ["family"] },
      { name: "Comma", birthDate: "1990-06-15", tags: ["Smith, Jane"] },
    ];
    for (const p of people) await callApi(account.token, "POST", "/api/people", { ...p, email: "x@example.org" });

    await page.goto(siteUrl("people"));
    const strip = page.getByRole("region", { name: "Upcoming birthdays" });
    const items = strip.getByTestId("birthday");
    await items.first().waitFor();
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.nth(0).textContent()).toMatch(/^Nowtoday · .+turns 40$/);
    await expect.poll(() => items.nth(0).getAttribute("class")).toContain("birthday-today");
    await expect.poll(() => items.nth(1).textContent()).toMatch(/^Soonin 3 days · .+turns 28$/);
    await expect.poll(() => items.nth(1).locator("time").getAttribute("datetime")).toBe("2026-11-28");
    await expect.poll(() => items.nth(1).getAttribute("class")).not.toContain("birthday-today");

    // Each card with tags links to the journal's entries with those tags.
    const soonLink = card(page, "Soon").getByRole("link", { name: "Journal entries: Soon" });
    await expect.poll(() => soonLink.getAttribute("href")).toBe(siteUrl("journal", "/?tag=%40family&tag=%40soon"));
    await expect.poll(() => soonLink.textContent()).toBe("Journal entries");
    // A tag with a comma in it stays one tag on the way: its link opens the entries with that tag, not
    // those with '@smith' or 'jane'.
    const commaLink = card(page, "Comma").getByRole("link", { name: "Journal entries: Comma" });
    await expect.poll(() => commaLink.getAttribute("href")).toBe(siteUrl("journal", "/?tag=%40smith%2C+jane"));
    for (const [text, tags] of [
      ["lunch with Jane Smith", ["@smith, jane"]],
      ["another Smith", ["@smith"]],
      ["a note on jane", ["jane"]],
    ] as const)
      await callApi(account.token, "POST", "/api/journal/entries", { text, tags });
    await expect
      .poll(() =>
        card(page, "Now")
          .getByRole("link", { name: /Journal entries/ })
          .count(),
      )
      .toBe(0);
    await fitsEachLayout(page);

    // The tag input suggests the user's '@' tags as you type.
    await page.getByRole("button", { name: "Add Person" }).click();
    const add = dialog(page, "Add new person");
    await field(add, "Tags").fill("fam");
    await add.getByRole("option", { name: "@family" }).click();
    await expect
      .poll(() => add.getByTestId("form-tags").locator(".chip .user-text").allTextContents())
      .toEqual(["@family"]);
    await field(add, "Tags").fill("o");
    await expect.poll(() => add.getByRole("option").allTextContents()).toEqual(["@soon"]);
    await fitsEachLayout(page);
    // Escape clears what is typed first, then closes the dialog.
    await page.keyboard.press("Escape");
    await expect.poll(() => field(add, "Tags").inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await add.waitFor({ state: "detached" });

    await commaLink.click();
    await page.getByText("Entries tagged @smith, jane").waitFor();
    await page.getByTestId("entry").first().waitFor();
    await expect
      .poll(() => page.getByTestId("entry").allInnerTexts())
      .toEqual([expect.stringContaining("lunch with Jane Smith")]);
    await context.close();
  });
});

describe("the person form keeps what was typed", () => {
  it("opens again after a reload with the unsaved input, for a new person and for an edit; Cancel forgets it", async () => {
    const { account, context, page } = await peoplePage("/", LAYOUTS[1]);
    try {
      await page.getByRole("button", { name: "Add Person" }).click();
      const add = dialog(page, "Add new person");
      await field(add, "Name").fill("Grace Hopper");
      await field(add, "E-mail").fill("grace@navy.mil");
      await field(add, "Tags").fill("cobol");
      await page.reload();
      await add.waitFor();
      await expect.poll(() => field(add, "Name").inputValue()).toBe("Grace Hopper");
      expect(await field(add, "E-mail").inputValue()).toBe("grace@navy.mil");
      expect(await field(add, "Tags").inputValue()).toBe("cobol");
      await add.getByRole("button", { name: "Cancel" }).click();
      await add.waitFor({ state: "detached" });
      await page.reload();
      await page.getByText("No people yet. Add the first one with 'Add Person'.").waitFor();
      expect(await add.count()).toBe(0);

      // An edit comes back as the edit of that person, with the changed name.
      await callApi(account.token, "POST", "/api/people", {
        name: "Ada",
        email: "ada@example.org",
        birthDate: "1815-12-10",
        tags: [],
      });
      await page.reload();
      await card(page, "Ada").waitFor();
      await card(page, "Ada").getByRole("button", { name: "Ada", exact: true }).click();
      await card(page, "Ada").getByRole("button", { name: "Edit" }).click();
      const edit = dialog(page, "Edit Ada");
      await field(edit, "Name").fill("Ada Lovelace");
      await page.reload();
      await edit.waitFor();
      await expect.poll(() => field(edit, "Name").inputValue()).toBe("Ada Lovelace");
      await edit.getByRole("button", { name: "Update" }).click();
      await toast(page, "Person updated");
      await page.reload();
      await card(page, "Ada Lovelace").waitFor();
      expect(await edit.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("the people site in Russian, light theme", () => {
  it("shows the API's refusal translated, Russian plurals and dates, and passes the audit", async () => {
    const account = await createAccount("Хранитель");
    const context = await newContext(browser(), { width: 360, colorScheme: "light" });
    const page = await context.newPage();
    await addSession(page, account);
    await page.clock.setFixedTime(TODAY);
    // Five days after TODAY (30 November) 22 years old: 21 on TODAY.
    await callApi(account.token, "POST", "/api/people", {
      name: "Ада",
      email: "ada@example.org",
      birthDate: "2004-11-30",
      tags: ["Семья"],
    });
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    await page.goto(siteUrl("people"));
    const strip = page.getByRole("region", { name: "Ближайшие дни рождения" });
    await expect
      .poll(() => strip.getByTestId("birthday").textContent())
      .toMatch(/^Адачерез 5 дней · .+исполнится 22 года$/);
    const ada = card(page, "Ада");
    await expect.poll(() => ada.getByTestId("person-age").textContent()).toBe("21 год");
    await expect.poll(() => ada.locator("time").textContent()).toMatch(/^\d{1,2} [а-я]+ \d{4} г\.$/);
    await expect
      .poll(() => ada.getByRole("link", { name: "Записи в журнале: Ада" }).getAttribute("href"))
      .toBe(siteUrl("journal", `/?tag=${encodeURIComponent("@семья")}`));
    const findings = { list: await audit(page, "people: the list"), modal: [] as string[] };

    await page.getByRole("button", { name: "Добавить человека" }).click();
    const add = dialog(page, "Новый человек");
    await add.getByRole("button", { name: "Добавить", exact: true }).click();
    await add.getByRole("alert").getByText("Укажите имя", { exact: true }).waitFor();
    findings.modal = await audit(page, "people: the add modal, refused");
    // A birth date after today, refused in Russian before anything is sent.
    await field(add, "Имя").fill("Борис");
    await field(add, "Эл. почта").fill("boris@example.org");
    await field(add, "Дата рождения").fill("2150-01-01");
    await add.getByRole("button", { name: "Добавить", exact: true }).click();
    await add
      .getByRole("alert")
      .getByText("Дата рождения не может быть позже сегодняшнего дня", { exact: true })
      .waitFor();
    await add.getByRole("button", { name: "Отмена" }).click();
    await add.waitFor({ state: "detached" });
    // A duplicate is named as a copy.
    await ada.getByRole("button", { name: "Ада" }).click();
    await ada.getByRole("button", { name: "Дублировать" }).click();
    await expect.poll(() => field(dialog(page, "Новый человек"), "Имя").inputValue()).toBe("Ада (копия)");
    await expect.poll(() => overflows(page)).toBe(0);
    expect(findings).toEqual({ list: [], modal: [] });
    await context.close();
  });
});

describe("the people site when the list cannot be loaded", () => {
  it("says it is loading, then that it failed, and tries again", async () => {
    const account = await createAccount("Patient");
    const context = await newContext(browser(), { width: 360 });
    const page = await context.newPage();
    await addSession(page, account);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/people$/, async (route) => {
      await held;
      await route.abort("connectionrefused");
    });
    await page.goto(siteUrl("people"));
    // Signed in (the page's heading is there), the list still on its way.
    await page.getByRole("heading", { name: "People", exact: true }).waitFor();
    await expect.poll(() => page.locator("[aria-busy=true]").textContent()).toBe("Loading...");
    release();
    await page.getByRole("alert").getByText("The people could not be loaded.").waitFor();
    await page.unroute(/\/api\/people$/);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No people yet. Add the first one with 'Add Person'.").waitFor();
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await context.close();
  });
});
