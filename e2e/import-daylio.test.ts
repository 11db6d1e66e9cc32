import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// A Daylio import's choices through the page (import.test.ts has the import itself): a custom mood's group
// chosen, chosen again and cleared, an entry already there with another mood, and a row left out.

const browser = useBrowser();

describe("a Daylio import's choices", () => {
  for (const locale of ["en", "ru"] as const)
    it(`lets a custom mood's group, a name with a comma, be changed and cleared from the keyboard; says a long note is left out (${locale})`, async () => {
      const en = locale === "en";
      const account = await createAccount("Importer");
      const context = await newContext(browser());
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("auth", "/import"));
      await page.getByRole("radio", { name: /^Daylio/ }).check();
      const moodsSent: unknown[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/user/import")
          moodsSent.push(JSON.parse(new URL(r.url()).searchParams.get("moods") ?? "null"));
      });
      const file = [
        "full_date,date,weekday,time,mood,activities,note_title,note",
        "2025-03-02,March 2,Sunday,21:05,rad,work,,kept",
        '2025-03-01,March 1,Saturday,08:30,"tired, but ok",,,Up early',
        `2025-02-28,February 28,Friday,23:59,meh,sport,,${"x".repeat(10_001)}`,
      ].join("\n");
      await page
        .getByTestId("import-file")
        .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
      const preview = page.getByTestId("import-preview");
      await preview.waitFor();
      // The long note's row is left out, said in words before anything is written.
      const skipped = preview.getByTestId("import-skipped");
      expect(await skipped.locator("p").first().textContent()).toBe(
        en
          ? "1 row of the file cannot be an entry: it is left out, and the rest is imported."
          : "1 строка файла не может стать записью: она будет пропущена, а остальное импортируется.",
      );
      expect((await skipped.locator("li").textContent())?.replace(/\s/g, " ")).toBe(
        en ? "Line 4: the text is longer than 10,000 characters" : "Строка 4: текст длиннее 10 000 символов",
      );
      const importButton = preview.getByRole("button");
      const mood = preview.getByRole("combobox", { name: /tired, but ok/ });
      expect(await importButton.isDisabled()).toBe(true);
      expect(await audit(page, "auth: the import, a Daylio preview asking a mood's group")).toEqual([]);

      // Chosen, then chosen again from the keyboard: the list stays, and the focus in it, while the preview is read.
      await mood.selectOption("2");
      await expect.poll(() => moodsSent.at(-1)).toEqual([["tired, but ok", 2]]);
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      await mood.focus();
      await page.keyboard.press("ArrowUp");
      await expect.poll(() => moodsSent.at(-1)).toEqual([["tired, but ok", 3]]);
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      expect(await mood.inputValue()).toBe("3");
      expect(await mood.evaluate((el) => el === document.activeElement)).toBe(true);
      // Cleared: the import waits again.
      await page.keyboard.press("Home");
      await expect.poll(() => moodsSent.at(-1)).toEqual(null);
      await expect.poll(() => importButton.isDisabled()).toBe(true);
      expect(await mood.inputValue()).toBe("");
      await mood.selectOption("4");
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      expect(await importButton.textContent()).toBe(en ? "Import 2 entries" : "Импортировать 2 записи");
      await importButton.click();
      const done = page.getByTestId("import-done");
      await done.waitFor();
      expect(await done.getByTestId("import-skipped").locator("li").count()).toBe(1);
      const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as {
        text: string;
        metrics: { name: string; value: number }[];
      }[];
      expect(entries.map((e) => [e.text, e.metrics.map((m) => m.value)])).toEqual([
        ["kept", [5]],
        ["Up early", [4]],
      ]);

      // The group chosen again, the file imported again: the entry is there with another mood, and the import asks.
      await page.reload();
      await page.getByRole("radio", { name: /^Daylio/ }).check();
      await page
        .getByTestId("import-file")
        .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
      await preview.waitFor();
      await mood.selectOption("2");
      const changes = preview.getByTestId("import-mood-changes");
      await changes.waitFor();
      expect(await importButton.isDisabled()).toBe(true);
      await changes.getByRole("radio").first().check();
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      expect(await importButton.textContent()).toBe(en ? "Change the mood of 1 entry" : "Изменить настроение 1 записи");
      expect(await audit(page, "auth: the import, a Daylio mood change")).toEqual([]);
      await importButton.click();
      await done.waitFor();
      const again = (await callApi(account.token, "GET", "/api/journal/entries")) as {
        text: string;
        metrics: { name: string; value: number }[];
      }[];
      expect(again.map((e) => [e.text, e.metrics.map((m) => m.value)])).toEqual([
        ["kept", [5]],
        ["Up early", [2]],
      ]);
      await context.close();
    });
});
