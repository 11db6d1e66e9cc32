import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { fitsEachLayout, siteUrl } from "./browser.ts";
import { count, levels, newSteps, percent, recordCalls, texts, toast, useSteps } from "./steps-fixtures.ts";

const signedIn = useSteps();

describe("the steps site, narrow and light, then wide and dark", () => {
  it("creates a checklist from the home, refusing a blank name in the form, and opens it", async () => {
    const { context, page } = await signedIn();
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps"));
    await page.getByRole("heading", { name: "Steps", exact: true }).waitFor();
    await page.getByText("No checklists yet. Make one with New Steps.").waitFor();
    await fitsEachLayout(page);

    // 'New Steps' toggles the form.
    const toggle = page.getByRole("button", { name: "New Steps" });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const form = page.getByRole("form", { name: "New checklist" });
    await form.waitFor();
    await toggle.click();
    await form.waitFor({ state: "detached" });
    await toggle.click();

    // A blank name: the error in the form, the field marked, nothing sent.
    const name = form.getByLabel("Name");
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByRole("button", { name: "Create" }).click();
    await form.locator(".error-line").getByText("Name is required").waitFor();
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    await name.fill("   ");
    await name.press("Enter");
    await form.locator(".error-line").getByText("Name is required").waitFor();
    expect(calls.of("POST")).toEqual([]);
    await expect.poll(() => page.getByTestId("steps-card").count()).toBe(0);
    await fitsEachLayout(page);

    await name.fill("Groceries for the whole week and the weekend trip to the lake");
    await form.getByRole("button", { name: "Create" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "Groceries" });
    await card.waitFor();
    expect(calls.of("POST").map((c) => c.body)).toEqual([
      { name: "Groceries for the whole week and the weekend trip to the lake" },
    ]);
    await form.waitFor({ state: "detached" });
    // A new checklist's one empty line is no item.
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("0/0");
    await expect.poll(() => card.getByTestId("progress-percent").textContent()).toBe("0%");
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    const homeFindings = await auditEachLayout(page, "steps: the home");

    // The card opens the checklist: a new one has one empty line, and Import Data rather than Save.
    const href = await card.getAttribute("href");
    expect(href).toMatch(/^\/\d+$/);
    await card.click();
    await page.waitForURL(siteUrl("steps", href ?? ""));
    await page.getByRole("heading", { name: /^Groceries/ }).waitFor();
    await page.getByRole("link", { name: "← steps" }).waitFor();
    await expect.poll(() => texts(page)).toEqual([""]);
    await expect.poll(() => count(page)).toBe("0/0");
    await page.getByRole("button", { name: "Import Data" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save" }).count()).toBe(0);
    // Backspace on the only line keeps it.
    await page.getByLabel("Line 1", { exact: true }).press("Backspace");
    await expect.poll(() => texts(page)).toEqual([""]);
    // A checklist is audited in the accessibility walk, in each theme (axe once a screen and theme).
    await fitsEachLayout(page);

    await page.getByRole("link", { name: "← steps" }).click();
    await page.waitForURL(siteUrl("steps", "/"));
    await page.getByTestId("steps-card").first().waitFor();
    await expect.poll(() => page.getByTestId("steps-card").count()).toBe(1);
    expect(homeFindings).toEqual([]);
    await context.close();
  });

  it("imports markdown through the dialog, ticks lines live, and keeps them after Save", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Trip");
    const calls = recordCalls(page);

    // While it loads: the loading line with the id.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/steps/${steps.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByText(`Loading checklist ${steps.id}...`).waitFor();
    release();
    await page.getByRole("heading", { name: "Trip" }).waitFor();
    await page.unroute(`**/api/steps/${steps.id}`);

    // The dialog: its title and placeholder; Esc and a click outside close it.
    const importButton = page.getByRole("button", { name: "Import Data" });
    const dialog = page.getByRole("dialog", { name: "Paste your content" });
    await importButton.click();
    await dialog.waitFor();
    const area = dialog.getByRole("textbox");
    await expect.poll(() => area.getAttribute("placeholder")).toBe("- [ ] Paste some markdown");
    await expect.poll(() => area.evaluate((el) => el === document.activeElement)).toBe(true);
    const dialogFindings = await auditEachLayout(page, "steps: the import dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await importButton.click();
    await dialog.waitFor();
    await page.mouse.click(4, 4);
    await dialog.waitFor({ state: "detached" });

    // Import needs text; then the pasted lines are saved and read back, nested.
    await importButton.click();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("Paste some markdown task lines first.").waitFor();
    expect(calls.of("PUT")).toEqual([]);
    await area.fill("- [ ] Passport\n  - [x] Visa\n  * [ ] Photos");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    await toast(page, "Lines imported").waitFor();
    expect(calls.of("PUT").map((c) => c.body)).toEqual([
      {
        id: steps.id,
        content: "- [ ] Passport\n  - [x] Visa\n  - [ ] Photos",
        totalItems: 3,
        completedItems: 1,
      },
    ]);
    await page.getByRole("button", { name: "Save" }).waitFor();
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos"]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 1]);
    await expect.poll(() => count(page)).toBe("1/3");
    await expect.poll(() => percent(page)).toBe("33.3%");

    // Ticking counts at once, before any save.
    await page.getByRole("checkbox", { name: "Done: Passport" }).check();
    await expect.poll(() => count(page)).toBe("2/3");
    await expect.poll(() => percent(page)).toBe("66.7%");
    await page.getByTestId("steps-dirty").getByText("Unsaved changes").waitFor();
    await page.getByRole("checkbox", { name: "Done: Visa" }).uncheck();
    await expect.poll(() => count(page)).toBe("1/3");
    await page.getByRole("checkbox", { name: "Done: Visa" }).check();
    await expect.poll(() => percent(page)).toBe("66.7%");
    await fitsEachLayout(page);

    const reread = page.waitForResponse(
      (r) => r.url().endsWith(`/api/steps/${steps.id}`) && r.request().method() === "GET",
    );
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await reread;
    expect(calls.of("PUT").at(-1)?.body).toEqual({
      id: steps.id,
      content: "- [x] Passport\n  - [x] Visa\n  - [ ] Photos",
      totalItems: 3,
      completedItems: 2,
    });
    await page.getByTestId("steps-dirty").getByText("Unsaved changes").waitFor({ state: "detached" });

    await page.reload();
    await page.getByRole("heading", { name: "Trip" }).waitFor();
    await expect.poll(() => count(page)).toBe("2/3");
    await expect.poll(() => percent(page)).toBe("66.7%");
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Passport" }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Photos" }).isChecked()).toBe(false);

    // The home's card says the same.
    await page.getByRole("link", { name: "← steps" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "Trip" });
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("2/3");
    await expect.poll(() => card.getByTestId("progress-percent").textContent()).toBe("66.7%");

    expect(dialogFindings).toEqual([]);
    await context.close();
  });
});
