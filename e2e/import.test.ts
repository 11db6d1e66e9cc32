import { strToU8, zipSync } from "fflate";
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

/** A request of the preview (a chunk read as a dry run), and one of the write (its run, a chunk, its end). */
const isPreview = (url: string) => new URL(url).pathname === "/api/user/import";
const isChunkWrite = (url: string) => /^\/api\/user\/imports\/\d+\/chunks\/\d+$/.test(new URL(url).pathname);

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
      expect(await audit(page, "auth: the import")).toEqual([]);
      await page.getByRole("radio", { name: /^Daylio/ }).check();

      const written: string[] = [];
      page.on("request", (r) => {
        if (isPreview(r.url())) written.push(new URL(r.url()).search);
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
      // This screen is audited in e2e/import-daylio.test.ts, in both languages.
      expect(await importButton.isDisabled()).toBe(true);
      await preview.getByRole("combobox").selectOption("5");
      await expect
        .poll(() => written.at(-1))
        .toBe(
          `?${new URLSearchParams({ format: "daylio", dryRun: "1", offset: "0", line: "2", moods: '[["Ecstatic",5]]' })}`,
        );
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

/**
 * Loop Habit Tracker's ZIP as its exporter lays it out (iSoron/uhabits 5aa8744e, uhabits-core
 * io/HabitsCSVExporter.kt): Habits.csv, Checkmarks.csv and Scores.csv at the top (the last two with the names
 * unquoted, so "Read, 10 pages" splits in two), a folder per habit; Water is numeric (amounts ×1000).
 */
const LOOP_ZIP = zipSync(
  Object.fromEntries(
    Object.entries({
      "Habits.csv": [
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?",
        '001,"Read, 10 pages",YES_NO,,,1,1,#FF8F00,,,,false',
        "002,Water,NUMERICAL,How much water?,,1,1,#00897B,L,AT_LEAST,2.0,false",
        "",
      ].join("\n"),
      "001 Read 10 pages/Checkmarks.csv": "Date,Value,Notes\n2025-03-02,YES_MANUAL,\n",
      "001 Read 10 pages/Scores.csv": "Date,Score\n2025-03-02,0.1000\n",
      "002 Water/Checkmarks.csv": "Date,Value,Notes\n2025-03-02,1500,\n2025-02-28,2000,\n",
      "002 Water/Scores.csv": "Date,Score\n2025-03-02,0.2000\n",
      "Checkmarks.csv": [
        "Date,Read, 10 pages,Water,",
        "2025-03-02,YES_MANUAL,1500,",
        "2025-03-01,YES_AUTO,UNKNOWN,",
        "2025-02-28,NO,2000,",
        "",
      ].join("\n"),
      "Scores.csv": "Date,Read, 10 pages,Water,\n2025-03-02,0.1000,0.2000,\n",
    }).map(([path, text]) => [path, strToU8(text)]),
  ),
);

describe("Loop Habit Tracker's ZIP through the page", () => {
  it("reads the ZIP on the page: names with a comma, a numeric habit's amounts as a metric", async () => {
    const account = await createAccount("Importer");
    // Loop's days are read at noon in the profile's zone: Moscow, UTC+3.
    await callApi(account.token, "PUT", "/api/user/profile", {
      email: account.email,
      name: account.name,
      username: account.username,
      dateOfBirth: null,
      accentColor: "orange",
      timeZone: "Europe/Moscow",
    });
    const context = await newContext(browser(), { timezoneId: "Europe/Moscow" });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/import"));
    await page.getByRole("radio", { name: /^Loop Habit Tracker/ }).check();
    const sent: string[] = [];
    page.on("request", (r) => {
      if (isPreview(r.url()) || isChunkWrite(r.url())) sent.push(`${r.method()} ${new URL(r.url()).search}`);
    });
    await page.getByTestId("import-file").setInputFiles({
      name: "Loop Habits CSV 2025-03-02.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(LOOP_ZIP),
    });
    const preview = page.getByTestId("import-preview");
    await expect.poll(() => rows(preview)).toEqual(["Entries|3|0", "Tags|2|0", "Metrics|1|0"]);
    // The ZIP's Habits.csv says which habit is numeric: its column goes with the file.
    expect(sent).toEqual(["POST ?format=loop&dryRun=1&offset=0&line=2&numeric=2"]);
    await preview.getByRole("button", { name: "Import 3 entries" }).click();
    await page.getByTestId("import-done").waitFor();
    // Written as a run of one chunk, with the same column.
    expect(sent.slice(1)).toEqual(["PUT ?offset=0&line=2&numeric=2"]);
    const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as {
      date: string;
      tags: { name: string }[];
      metrics: { name: string; value: number }[];
    }[];
    expect(entries.map((e) => [e.date, e.tags.map((t) => t.name), e.metrics.map((m) => [m.name, m.value])])).toEqual([
      ["2025-03-02T09:00:00.000Z", ["water"], [["water", 1.5]]],
      ["2025-03-02T09:00:00.000Z", ["read, 10 pages"], []],
      ["2025-02-28T09:00:00.000Z", ["water"], [["water", 2]]],
    ]);
    await context.close();
  });

  it("says so when a ZIP holds no Checkmarks.csv", async () => {
    const account = await createAccount("Importer");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/import"));
    await page.getByRole("radio", { name: /^Loop Habit Tracker/ }).check();
    await page.getByTestId("import-file").setInputFiles({
      name: "scores.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync({ "Scores.csv": strToU8("Date,Read,\n2025-03-02,0.1000,\n") })),
    });
    await page.getByText("This ZIP holds no Checkmarks.csv.", { exact: false }).waitFor();
    expect(await page.getByTestId("import-preview").count()).toBe(0);
    await context.close();
  });
});

describe("a Nook export brought back through the page", () => {
  it("previews every kind, shows the donation page it would publish, and imports what is new and the page when ticked", async () => {
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
    const donatePage = {
      donatePageTitle: "Keep Nook going",
      ethAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      btcAddress: "",
      paypalDonateButtonId: "ABCDEFGHIJKLM",
    };
    await callApi(from.token, "PUT", "/api/donate/info", donatePage);
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
        "Events|0|0",
        "Donation page|0|0",
        "Donations|0|0",
      ]);
    // The file's donation page is public once imported: shown as it would publish, and left out unless ticked.
    const pageChoice = preview.getByTestId("import-donate-page");
    expect(await pageChoice.getByTestId("import-page-title").textContent()).toBe("Keep Nook going");
    expect(await pageChoice.getByTestId("import-page-eth").textContent()).toBe(donatePage.ethAddress);
    expect(await pageChoice.getByTestId("import-page-btc").count()).toBe(0);
    expect(await pageChoice.getByTestId("import-page-paypal").textContent()).toBe("ABCDEFGHIJKLM");
    const publish = pageChoice.getByRole("checkbox", { name: "Also publish this file's donation page" });
    expect(await publish.isChecked()).toBe(false);
    // The file's profile settings are shown too, and set only when ticked: not here.
    const profileChoice = preview.getByTestId("import-profile");
    expect(await profileChoice.getByTestId("import-profile-accent").textContent()).toBe("orange");
    expect(await profileChoice.getByRole("checkbox", { name: "Also set these in your profile" }).isChecked()).toBe(
      false,
    );
    expect(await audit(page, "auth: the import, a Nook export's preview")).toEqual([]);
    await publish.check();
    await expect.poll(async () => (await rows(preview)).at(-2)).toBe("Donation page|1|0");
    const sent: string[] = [];
    page.on("request", (r) => {
      if (isChunkWrite(r.url())) sent.push(new URL(r.url()).search);
    });
    await preview.getByRole("button", { name: "Import what is new" }).click();
    await page.getByText("Imported: everything new in the file is in its place.").waitFor();
    // The file's chunks (its profile and page, then each kind's rows), each written with the page ticked.
    expect(sent.length).toBeGreaterThan(1);
    expect(sent).toEqual(sent.map(() => expect.stringContaining("donatePage=1")));
    expect(sent.filter((query) => query.includes("profile=1"))).toEqual([]);
    const people = (await callApi(account.token, "GET", "/api/people")) as { name: string }[];
    expect(people.map((p) => p.name)).toEqual(["Ada"]);
    const info = (await callApi(account.token, "GET", "/api/donate/info")) as Record<string, string>;
    expect(info.donatePageTitle).toBe("Keep Nook going");
    await context.close();
  });
});
