import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// A change made offline on one device never silently overwrites what another device wrote meanwhile.
const browser = useBrowser();

type Checklist = { data: { id: number; content: string; modifiedAt: string } };

describe("two devices, one checklist", () => {
  it("the phone ticks milk offline, the laptop adds passport; back online both are kept, and the phone says so", async () => {
    const account = await createAccount("Two devices");
    const made = (await callApi(account.token, "POST", "/api/steps", { name: "Trip" })) as Checklist;
    const id = made.data.id;
    await callApi(account.token, "PUT", `/api/steps/${id}`, {
      id,
      content: "- [ ] milk",
      totalItems: 1,
      completedItems: 0,
    });

    const phone = await newContext(browser(), { width: 360 });
    const page = await phone.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("steps", `/${id}`));
    const milk = page.getByRole("checkbox", { name: "Done: milk" });
    await milk.waitFor();

    // The phone, offline: milk ticked; the save cannot go, and the page says so.
    await phone.setOffline(true);
    await milk.check();
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("failed");

    // The laptop adds passport meanwhile.
    await callApi(account.token, "PUT", `/api/steps/${id}`, {
      id,
      content: "- [ ] milk\n- [ ] passport",
      totalItems: 2,
      completedItems: 0,
    });

    // Back online: the phone's save meets the newer list, both changes are kept and said, and saved.
    await phone.setOffline(false);
    await page.getByTestId("toast").filter({ hasText: "Changed elsewhere meanwhile: both changes kept" }).waitFor();
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("saved");
    await expect.poll(() => milk.isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: "Done: passport" }).waitFor();
    const saved = (await callApi(account.token, "GET", `/api/steps/${id}`)) as Checklist;
    expect(saved.data.content).toBe("- [x] milk\n- [ ] passport");

    // The same line changed on both: the phone (writing later) wins, and says the laptop's change to it is gone.
    await phone.setOffline(true);
    await page.getByRole("checkbox", { name: "Done: passport" }).check();
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("failed");
    await callApi(account.token, "PUT", `/api/steps/${id}`, {
      id,
      content: "- [x] milk\n  - [ ] passport",
      totalItems: 2,
      completedItems: 1,
    });
    await phone.setOffline(false);
    await page
      .getByTestId("toast")
      .filter({
        hasText:
          "Changed elsewhere meanwhile: merged, but where a line changed in both places yours replaced the other change (passport)",
      })
      .waitFor();
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("saved");
    expect(((await callApi(account.token, "GET", `/api/steps/${id}`)) as Checklist).data.content).toBe(
      "- [x] milk\n- [x] passport",
    );
    await phone.close();
  });

  it("the phone moves jam to the top offline, the laptop ticks eggs; back online the move and the tick are both kept", async () => {
    const account = await createAccount("Two devices");
    const made = (await callApi(account.token, "POST", "/api/steps", { name: "Shop" })) as Checklist;
    const id = made.data.id;
    await callApi(account.token, "PUT", `/api/steps/${id}`, {
      id,
      content: "- [ ] eggs\n- [ ] milk\n- [ ] bread\n- [ ] jam",
      totalItems: 4,
      completedItems: 0,
    });

    const phone = await newContext(browser(), { width: 360 });
    const page = await phone.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("steps", `/${id}`));
    await page.getByRole("checkbox", { name: "Done: jam" }).waitFor();

    // The phone, offline: a new first line, jam, and the last one (jam) gone.
    await phone.setOffline(true);
    const first = page.getByLabel("Line 1", { exact: true });
    await first.click();
    await first.press("Home");
    await first.press("Enter");
    await first.fill("jam");
    const last = page.getByLabel("Line 5", { exact: true });
    await last.fill("");
    await last.press("Backspace");
    const texts = () =>
      page.locator(".checklist-text").evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value));
    await expect.poll(texts).toEqual(["jam", "eggs", "milk", "bread"]);
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("failed");

    // The laptop ticks eggs meanwhile.
    await callApi(account.token, "PUT", `/api/steps/${id}`, {
      id,
      content: "- [x] eggs\n- [ ] milk\n- [ ] bread\n- [ ] jam",
      totalItems: 4,
      completedItems: 1,
    });

    // Back online: jam stays at the top, eggs is ticked, and "both changes kept" is true.
    await phone.setOffline(false);
    await page.getByTestId("toast").filter({ hasText: "Changed elsewhere meanwhile: both changes kept" }).waitFor();
    await expect.poll(() => page.getByTestId("steps-dirty").getAttribute("data-state")).toBe("saved");
    await expect.poll(texts).toEqual(["jam", "eggs", "milk", "bread"]);
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: eggs" }).isChecked()).toBe(true);
    expect(((await callApi(account.token, "GET", `/api/steps/${id}`)) as Checklist).data.content).toBe(
      "- [ ] jam\n- [x] eggs\n- [ ] milk\n- [ ] bread",
    );
    await phone.close();
  });
});

describe("an entry edited on two devices", () => {
  it("the laptop's edit is not overwritten by an edit begun before it: the phone is told, nothing written", async () => {
    const account = await createAccount("Two devices");
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", { text: "Morning run" })) as {
      id: number;
    };
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/"));
    await page.getByTestId("entry").first().getByRole("button", { name: "Edit" }).click();
    await page.getByRole("heading", { name: /^Edit entry #\d+$/ }).waitFor();
    await page.getByLabel("Text").fill("Morning run, from the phone");

    // The laptop edits it meanwhile.
    await callApi(account.token, "PUT", "/api/journal/entries", { entryId: entry.id, text: "Morning run, 5 km" });
    await page.getByRole("button", { name: "Update" }).click();
    await page.getByText("This was changed elsewhere since you opened it").first().waitFor();
    const now = (await callApi(account.token, "GET", `/api/journal/entries/${entry.id}`)) as { text: string };
    expect(now.text).toBe("Morning run, 5 km");
    // What the phone typed is still in its form.
    expect(await page.getByLabel("Text").inputValue()).toBe("Morning run, from the phone");
    await context.close();
  });
});
