import { describe, expect, it } from "vitest";
import { overflows, siteUrl } from "./browser.ts";
import {
  count,
  focused,
  focusedName,
  getSteps,
  levels,
  newSteps,
  recordCalls,
  texts,
  useSteps,
} from "./steps-fixtures.ts";

const signedIn = useSteps();

describe("checklists at 360 px", () => {
  it("never traps the keyboard: Esc leaves; Ctrl+Z undoes; Backspace joins; lines wrap; nest and lift buttons", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Keys", "- [ ] one\n- [ ] two");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Keys" }).waitFor();
    await page.getByText("Esc leaves the editor.", { exact: false }).waitFor();

    // Tab nests; Esc goes on to the control after the editor.
    await page.getByLabel("Line 2", { exact: true }).click();
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedName(page)).toBe("Save");
    await expect.poll(() => levels(page)).toEqual([0, 1]);

    // Ctrl+Z undoes the nesting, Ctrl+Shift+Z does it again; typing is one step.
    await page.getByLabel("Line 2, level 2").click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await page.getByLabel("Line 2", { exact: true }).press("End");
    await page.keyboard.type(" and three");
    await expect.poll(() => texts(page)).toEqual(["one", "two and three"]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => texts(page)).toEqual(["one", "two"]);

    // Backspace at the start of a line joins it to the one above; Ctrl+Z splits them again.
    await page.getByLabel("Line 2", { exact: true }).press("Home");
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["onetwo"]);
    await expect.poll(() => focused(page)).toBe("Line 1");
    await page.keyboard.press("Control+z");
    await expect.poll(() => texts(page)).toEqual(["one", "two"]);

    // The buttons nest and lift the line last focused, and leave the caret there.
    await page.getByLabel("Line 2", { exact: true }).click();
    await page.getByRole("button", { name: "Nest line" }).click();
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 2, level 2");
    await page.getByRole("button", { name: "Lift line" }).click();
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await expect.poll(() => page.getByRole("button", { name: "Lift line" }).isDisabled()).toBe(true);

    // A long line wraps to rows of its own: none of it is cut off, nothing scrolls sideways.
    const long = "pack the tent, the stove, two pots, the gas, matches and a lighter, and the water filter";
    await page.getByLabel("Line 1", { exact: true }).fill(long);
    const box = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      }));
    await expect.poll(async () => (await box("Line 1")).clipped).toBe(false);
    await expect.poll(async () => (await box("Line 1")).height > 2 * (await box("Line 2")).height).toBe(true);
    await expect.poll(() => overflows(page)).toBe(0);
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe(`- [ ] ${long}\n- [ ] two`);
    await context.close();
  });

  it("imports list items only, says what it leaves out, and measures the limit before Import", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Paste");
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Paste" }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Paste your content" });
    await page.getByRole("button", { name: "Import Data" }).click();
    const area = dialog.getByRole("textbox");

    // 1,900 plain lines, 47,499 characters: 58,899 as task lines, over the limit, said before anything is sent.
    const plain = Array.from({ length: 1900 }, (_, i) => `${String(i).padStart(4, "0")} ${"y".repeat(19)}`).join("\n");
    // Pasted at once, as a paste does: Playwright's fill inserts it as typed text, 6.5 s for these 47,499
    // characters on an idle machine and past its 30 s on a busy one.
    await area.evaluate((el, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
      setter?.call(el, value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, plain);
    await expect
      .poll(() => dialog.getByTestId("import-preview").textContent())
      .toBe("1,900 tasks to import · 58,899 of 50,000 characters as task lines");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog
      .getByText("Too long: the checklist would be 58,899 characters as task lines, at most 50,000.")
      .waitFor();
    expect(calls.of("PUT")).toEqual([]);

    // Headings and prose are left out.
    await area.fill("# Trip\n\nWe leave on Monday.\n\n- [ ] Passport\n  - [x] Visa");
    await expect
      .poll(() => dialog.getByTestId("import-preview").textContent())
      .toBe("2 tasks to import · 2 heading or prose lines left out · 27 of 50,000 characters as task lines");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa"]);
    await expect.poll(() => count(page)).toBe("1/2");
    expect(calls.of("PUT").map((c) => (c.body as { content: string }).content)).toEqual([
      "- [ ] Passport\n  - [x] Visa",
    ]);
    await expect.poll(() => overflows(page)).toBe(0);
    await context.close();
  });
});
