import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, downloaded, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** An entry whose text needs quoting in a CSV (a comma, quotes, a line break) and holds Cyrillic. */
const ENTRY = {
  text: 'Coffee, "strong"\nи круассан',
  date: "2026-03-05T12:00:00.000Z",
  tags: ["coffee", "morning"],
  metrics: [
    { name: "cups", value: 2 },
    { name: "mood", value: 4 },
  ],
};

async function profileWithData(locale: "en" | "ru" = "en") {
  const account = await createAccount("Data Keeper");
  await callApi(account.token, "POST", "/api/journal/entries", ENTRY);
  const context = await newContext(browser());
  if (locale === "ru")
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl("auth", "/profile"));
  return { account, context, page };
}

describe("your data: the downloads and leaving", () => {
  it("downloads everything as the nook JSON, with its progress, and the entries as CSV", async () => {
    const { account, context, page } = await profileWithData();
    const json = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const file = await json;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^nook-${account.username}-\\d{4}-\\d\\d-\\d\\d\\.json$`));
    const doc = JSON.parse((await downloaded(file)).toString("utf8"));
    expect(doc.format).toBe("nook");
    expect(doc.version).toBe(1);
    expect(doc.profile).toMatchObject({ email: account.email, name: "Data Keeper", username: account.username });
    expect(doc.entries).toEqual([
      {
        date: ENTRY.date,
        modifiedAt: expect.any(String),
        text: ENTRY.text,
        tags: ["coffee", "morning"],
        metrics: ENTRY.metrics,
      },
    ]);
    expect(doc.tags).toEqual(["coffee", "morning"]);
    // Under a kilobyte, one entry (counted as the stream passed).
    await expect.poll(() => page.getByTestId("download-progress").textContent()).toBe("Saved: 1 KB, 1 entry");

    const csv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download entries (CSV)" }).click();
    const sheet = await csv;
    expect(sheet.suggestedFilename()).toMatch(/\.csv$/);
    expect((await downloaded(sheet)).toString("utf8")).toBe(
      // A byte-order mark, then the instant and the profile's wall clock (this account's zone: UTC).
      '\uFEFFdate,local time,text,tags,cups,mood\r\n2026-03-05T12:00:00.000Z,2026-03-05 12:00,"Coffee, ""strong""\nи круассан",coffee | morning,2,4\r\n',
    );
    await expect.poll(() => page.getByTestId("download-progress").textContent()).toBe("Saved: 1 KB, 1 entry");
    await context.close();
  });

  it("downloads the journal as Markdown: a ZIP with a file a day, made in the page from the JSON", async () => {
    const { account, context, page } = await profileWithData();
    const zip = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the journal (Markdown)" }).click();
    const file = await zip;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^nook-${account.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
    const files = unzipSync(new Uint8Array(await downloaded(file)));
    // The day and the time on the profile's clock (this account's zone: UTC), mood first under the entry.
    expect(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]))).toEqual({
      "2026/2026-03/2026-03-05.md": [
        "---",
        "date: 2026-03-05",
        "mood: [4]",
        "metrics:",
        '  "cups": [2]',
        "tags:",
        '  - "coffee"',
        '  - "morning"',
        "---",
        "",
        "## 12:00",
        "",
        'Coffee, "strong"',
        "и круассан",
        "",
        "**mood**: 😊 4 · **cups**: 2",
        "",
        "#coffee #morning",
        "",
      ].join("\n"),
    });
    // The ZIP's size (under a kilobyte) and the export's one entry.
    await expect.poll(() => page.getByTestId("download-progress").textContent()).toBe("Saved: 1 KB, 1 entry");
    await context.close();
  });

  it("deletes the account behind its password: a wrong one is refused, the right one signs out for good", async () => {
    const { account, context, page } = await profileWithData();
    await page.getByRole("button", { name: "Delete account…" }).click();
    // The confirmation names what goes and suggests the download first.
    await page.getByText(/everything in it.*entries.*people, checklists.*Download your data first/).waitFor();
    await page.getByLabel("PASSWORD").fill("not the password");
    await page.getByRole("button", { name: "Delete my account and all its data" }).click();
    await page.getByText("The password is incorrect").waitFor();

    await page.getByLabel("PASSWORD").fill(account.password);
    await page.getByRole("button", { name: "Delete my account and all its data" }).click();
    await page.waitForURL(siteUrl("auth", "/login"));
    // The cookie is gone, and the account with it: its password no longer signs in.
    expect((await context.cookies()).find((c) => c.name === "nook_session")).toBeUndefined();
    await page.getByLabel("EMAIL").fill(account.email);
    await page.getByLabel("PASSWORD").fill(account.password);
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("Invalid credentials").waitFor();
    await context.close();
  });

  for (const locale of ["en", "ru"] as const) {
    it(`axe finds nothing serious on the new screens (${locale})`, async () => {
      const { context, page } = await profileWithData(locale);
      const download = locale === "en" ? "Download my data" : "Скачать мои данные";
      await page.getByRole("button", { name: download }).waitFor();
      // The profile itself is audited in the accessibility walk (en) and in e2e/sessions.test.ts (ru).
      const findings: Record<string, string[]> = {};
      await page.getByRole("button", { name: locale === "en" ? "Delete account…" : "Удалить аккаунт…" }).click();
      await page.getByLabel(locale === "en" ? "PASSWORD" : "ПАРОЛЬ").fill("wrong password");
      await page
        .getByRole("button", {
          name: locale === "en" ? "Delete my account and all its data" : "Удалить мой аккаунт и все его данные",
        })
        .click();
      await page.getByText(locale === "en" ? "The password is incorrect" : "Неверный пароль").waitFor();
      findings.deleting = await audit(page, "auth: the profile, deleting the account");
      expect(findings).toEqual({ deleting: [] });
      await context.close();
    });
  }
});
