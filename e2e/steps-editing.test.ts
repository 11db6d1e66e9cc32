import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { callApi, createAccount, fitsEachLayout, siteUrl } from "./browser.ts";
import {
  count,
  focused,
  getSteps,
  levels,
  localDay,
  newSteps,
  recordCalls,
  texts,
  toast,
  useSteps,
} from "./steps-fixtures.ts";

const signedIn = useSteps();

describe("the steps site, narrow and light, then wide and dark", () => {
  it("edits lines from the keyboard: Enter, Tab, Shift-Tab, Backspace on an empty line, arrows", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Keys", "- [ ] Passport\n  - [x] Visa\n  - [ ] Photos");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Keys" }).waitFor();

    // Enter at the end of a line: a new empty line below, at its level, with the caret.
    const photos = page.getByLabel("Line 3, level 2");
    await photos.click();
    await photos.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", ""]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 1]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 2");
    await page.keyboard.type("Money");

    // Shift-Tab lifts, Tab nests — at most one level below the line above.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 0]);
    await expect.poll(() => focused(page)).toBe("Line 4");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 2]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 3");

    // Arrows move between lines.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("Line 3, level 2");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("Line 2, level 2");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focused(page)).toBe("Line 3, level 2");

    // Lifting a parent carries its child along.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 3");

    // The first line cannot nest: Tab there leaves it be and moves on, as Tab does.
    await page.getByLabel("Line 1", { exact: true }).click();
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).not.toBe("Line 1");

    // Backspace on an empty line removes it; the caret goes to the end of the line above.
    const money = page.getByLabel("Line 4, level 2");
    await money.click();
    await money.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money", ""]);
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money"]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 2");
    await page.keyboard.type("!");

    // Ctrl+Enter ticks the line the caret is on.
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Money!" }).isChecked()).toBe(true);
    await expect.poll(() => count(page)).toBe("2/4");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => count(page)).toBe("1/4");

    // Enter in the middle of a line splits it.
    const passport = page.getByLabel("Line 1", { exact: true });
    await passport.click();
    await passport.press("Home");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Pass", "port", "Visa", "Photos", "Money!"]);
    await expect.poll(() => focused(page)).toBe("Line 2");
    // Backspace at the start of a line with text joins it to the line above, its child staying under it.
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money!"]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 1");
    await fitsEachLayout(page);

    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await expect
      .poll(async () => (await getSteps(account.token, steps.id)).content)
      .toBe("- [ ] Passport\n  - [x] Visa\n- [ ] Photos\n  - [ ] Money!");
    await context.close();
  });

  it("sets a deadline in edit mode (time left, Overdue), and deletes from there", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Taxes", "- [ ] Forms\n- [x] Receipts");
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Taxes" }).waitFor();
    await expect.poll(() => page.getByTestId("time-left").count()).toBe(0);

    const edit = page.getByRole("button", { name: "Edit name and deadline" });
    await edit.click();
    const form = page.getByRole("form", { name: "Edit name and deadline" });
    const name = form.getByLabel("Name");
    const date = form.getByLabel("Deadline");
    await expect.poll(() => name.inputValue()).toBe("Taxes");
    await expect.poll(() => date.inputValue()).toBe("");
    await expect.poll(() => date.getAttribute("type")).toBe("date");
    const editFindings = await auditEachLayout(page, "steps: a checklist in edit mode");

    // A blank name stays in the form.
    await name.fill(" ");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Name is required").waitFor();
    expect(calls.of("PUT")).toEqual([]);

    // Three days on: the end of that local day is sent, and the time left is counted to it.
    const inThree = await localDay(page, 3);
    await name.fill("Taxes 2026");
    await date.fill(inThree.input);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Taxes 2026" }).waitFor();
    expect(calls.of("PUT").map((c) => c.body)).toEqual([
      { id: steps.id, name: "Taxes 2026", deadline: inThree.deadline },
    ]);
    await expect.poll(() => page.getByTestId("time-left").textContent()).toBe("3 days left");
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await fitsEachLayout(page);

    // Shown back as the same date; yesterday is overdue.
    await edit.click();
    await expect.poll(() => date.inputValue()).toBe(inThree.input);
    const yesterday = await localDay(page, -1);
    await date.fill(yesterday.input);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("time-left").getByText("Overdue", { exact: true }).waitFor();
    // All done: no time left is shown.
    await page.getByRole("checkbox", { name: "Done: Forms" }).check();
    await page.getByTestId("time-left").waitFor({ state: "detached" });
    await page.getByRole("checkbox", { name: "Done: Forms" }).uncheck();
    await page.getByTestId("time-left").waitFor();

    // Cancel leaves things as they were; a cleared date is not sent, which clears the deadline.
    await edit.click();
    await name.fill("Not this");
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Taxes 2026" }).waitFor();
    await edit.click();
    await date.fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    expect(calls.of("PUT").at(-1)?.body).toEqual({ id: steps.id, name: "Taxes 2026" });
    await expect.poll(() => page.getByTestId("time-left").count()).toBe(0);
    await expect.poll(async () => (await getSteps(account.token, steps.id)).deadline).toBeNull();

    // The home shows an overdue one as such.
    await callApi(account.token, "PUT", `/api/steps/${steps.id}`, {
      id: steps.id,
      name: "Taxes 2026",
      deadline: yesterday.deadline,
    });
    await page.goto(siteUrl("steps"));
    const card = page.getByTestId("steps-card").filter({ hasText: "Taxes 2026" });
    await card.getByTestId("time-left").getByText("Overdue", { exact: true }).waitFor();
    await fitsEachLayout(page);

    // Delete asks once more, then goes home without it.
    await card.click();
    await edit.click();
    await form.getByRole("button", { name: "Delete" }).click();
    await form.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(siteUrl("steps", "/"));
    await toast(page, "Checklist deleted").waitFor();
    await page.getByText("No checklists yet. Make one with New Steps.").waitFor();
    expect(calls.of("DELETE")).toHaveLength(1);
    expect(editFindings).toEqual([]);
    await context.close();
  });

  it("says in words that a foreign or unknown checklist is not found", async () => {
    const owner = await createAccount("Owner");
    const theirs = await newSteps(owner.token, "Private plans");
    const { context, page } = await signedIn("Stranger");
    for (const path of [`/${theirs.id}`, "/999999999999", "/not-a-number"]) {
      await page.goto(siteUrl("steps", path));
      const missing = page.getByTestId("steps-missing");
      await missing.getByRole("heading", { name: "Checklist not found" }).waitFor();
      await missing.getByText("There is no checklist at this address among yours.", { exact: false }).waitFor();
      await missing.getByRole("link", { name: "← steps" }).waitFor();
      await expect.poll(() => page.getByText("Private plans").count()).toBe(0);
      await fitsEachLayout(page);
    }
    await context.close();
  });
});
