import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** The preview's rows as their cells' texts. */
const rows = (preview: Locator) =>
  preview
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join("|")));

const DAYLIO = [
  "full_date,date,weekday,time,mood,activities,note_title,note",
  '2025-03-02,March 2,Sunday,9:05 PM,rad,"work | friends",A good day,"Saw Ann, then the film."',
  "2025-03-01,March 1,Saturday,08:30,Ecstatic,,,Up early",
  "2025-02-28,February 28,Friday,23:59,meh,sport,,ran 5 km",
].join("\n");

describe("import data", () => {
  for (const locale of ["en", "ru"] as const)
    it(`previews a Daylio file, asks for a custom mood's group, imports it once (${locale})`, async () => {
      const account = await createAccount("Importer");
      // The profile's zone reads the file's times: Moscow, UTC+3.
      await callApi(account.token, "PUT", "/api/user/profile", {
        email: account.email,
        name: account.name,
        username: account.username,
        dateOfBirth: null,
        accentColor: "orange",
        timeZone: "Europe/Moscow",
      });
      const context = await newContext(browser(), { timezoneId: "Europe/Moscow" });
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("auth", "/profile"));
      await page.getByRole("link", { name: locale === "en" ? "Import data" : "Импорт данных" }).click();
      await page.getByTestId("import-file").waitFor();
      expect(await audit(page)).toEqual([]);
      await page.getByRole("radio", { name: /^Daylio/ }).check();

      const written: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/user/import")) written.push(new URL(r.url()).search);
      });
      await page
        .getByTestId("import-file")
        .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(DAYLIO) });
      const preview = page.getByTestId("import-preview");
      await preview.waitFor();
      // Entries: 3 to add; tags work, friends, sport; the metric mood.
      await expect
        .poll(() => rows(preview))
        .toEqual(
          locale === "en" ? ["Entries|3|0", "Tags|3|0", "Metrics|1|0"] : ["Записи|3|0", "Теги|3|0", "Метрики|1|0"],
        );
      // "Ecstatic" is none of Daylio's five groups: the import waits for its group.
      const importButton = preview.getByRole("button");
      expect(await importButton.isDisabled()).toBe(true);
      expect(await audit(page)).toEqual([]);
      await preview.getByRole("combobox").selectOption("5");
      await expect.poll(() => written.at(-1)).toBe("?format=daylio&dryRun=1&moods=ecstatic%3A5");
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      await expect
        .poll(() => importButton.textContent())
        .toBe(locale === "en" ? "Import 3 entries" : "Импортировать 3 записи");
      await importButton.click();
      await page.getByTestId("import-done").waitFor();
      expect(await page.getByTestId("import-done").locator("p").first().textContent()).toBe(
        locale === "en" ? "Imported 3 entries into your journal." : "В журнал импортированы 3 записи.",
      );

      const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as {
        text: string;
        date: string;
        tags: { name: string }[];
        metrics: { name: string; value: number }[];
      }[];
      expect(
        entries.map((e) => [
          e.date,
          e.text,
          e.tags.map((t) => t.name).sort(),
          e.metrics.map((m) => ({ name: m.name, value: m.value })),
        ]),
      ).toEqual([
        [
          "2025-03-02T18:05:00.000Z",
          "A good day\n\nSaw Ann, then the film.",
          ["friends", "work"],
          [{ name: "mood", value: 5 }],
        ],
        ["2025-03-01T05:30:00.000Z", "Up early", [], [{ name: "mood", value: 5 }]],
        ["2025-02-28T20:59:00.000Z", "ran 5 km", ["sport"], [{ name: "mood", value: 3 }]],
      ]);

      // The same file again: nothing new, and the button says so.
      await page.reload();
      await page.getByRole("radio", { name: /^Daylio/ }).check();
      await page
        .getByTestId("import-file")
        .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(DAYLIO) });
      await preview.waitFor();
      await preview.getByRole("combobox").selectOption("5");
      await expect.poll(async () => (await rows(preview))[0]).toBe(locale === "en" ? "Entries|0|3" : "Записи|0|3");
      expect(await preview.getByRole("button").isDisabled()).toBe(true);
      await context.close();
    });

  it("says why a file is refused, with its line", async () => {
    const account = await createAccount("Importer");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/import"));
    await page.getByRole("radio", { name: /^Daylio/ }).check();
    await page.getByTestId("import-file").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${DAYLIO}\n2025-02-30,x,x,10:00,good,,,`),
    });
    await page.getByText('Line 5: "2025-02-30 10:00" is not a date and time this import can read').waitFor();
    expect(await page.getByTestId("import-preview").count()).toBe(0);
    await context.close();
  });
});

describe("a Nook export brought back through the page", () => {
  it("previews every kind and imports what is new", async () => {
    const from = await createAccount("Exporter");
    await callApi(from.token, "POST", "/api/journal/entries", {
      text: "kept",
      tags: ["home"],
      date: "2025-05-01T10:00:00.000Z",
    });
    await callApi(from.token, "POST", "/api/people", {
      name: "Ada",
      email: "ada@example.org",
      birthDate: "1990-03-05",
      tags: [],
    });
    const file = JSON.stringify(await callApi(from.token, "GET", "/api/user/export"));
    const account = await createAccount("Importer");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/import"));
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "nook.json", mimeType: "application/json", buffer: Buffer.from(file) });
    const preview = page.getByTestId("import-preview");
    await expect
      .poll(() => rows(preview))
      .toEqual([
        "Entries|1|0",
        "Tags|1|0",
        "Metrics|0|0",
        "Stacks|0|0",
        "Timers|0|0",
        "People|1|0",
        "Checklists|0|0",
        "Donation page|0|0",
        "Donations|0|0",
      ]);
    await preview.getByRole("button", { name: "Import what is new" }).click();
    await page.getByText("Imported: everything new in the file is in its place.").waitFor();
    const people = (await callApi(account.token, "GET", "/api/people")) as { name: string }[];
    expect(people.map((p) => p.name)).toEqual(["Ada"]);
    await context.close();
  });
});
