import { describe, expect, it } from "vitest";
import { siteUrl } from "./browser.ts";
import { entries, saveState, serverEntries, useOfflineQueue, waiting, write } from "./offline-queue-fixtures.ts";

const { signedIn } = useOfflineQueue();

describe("the offline queue", () => {
  it("keeps two entries written offline, shows them waiting, and sends each once, in order, when back online", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();

    await context.setOffline(true);
    await write(page, "First, written on the underground");
    await expect.poll(() => saveState(page)).toBe("waiting");
    await page.getByText("Waiting to send: kept in this browser").waitFor();
    await write(page, "Second, still no signal");
    await expect.poll(() => waiting(page).count()).toBe(2);
    // Marked in words, newest first like the list; nothing reached the server.
    await expect.poll(() => waiting(page).getByText("Waiting to send").count()).toBe(2);
    expect(await waiting(page).locator(".entry-text").allTextContents()).toEqual([
      "Second, still no signal",
      "First, written on the underground",
    ]);
    expect(await entries(page).count()).toBe(0);
    expect(await serverEntries(account.token)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => waiting(page).count()).toBe(0);
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(await entries(page).locator(".entry-text").allTextContents()).toEqual([
      "Second, still no signal",
      "First, written on the underground",
    ]);
    await expect.poll(() => saveState(page)).toBe("sent");
    await page.getByText("Saved.").waitFor();

    // Exactly two on the server, the first written the older.
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["Second, still no signal", "First, written on the underground"]);
    expect(Date.parse(sent[1]!.date)).toBeLessThan(Date.parse(sent[0]!.date));
    expect(sent[1]!.id).toBeLessThan(sent[0]!.id);

    // After a reload: the same two, nothing waiting, nothing sent again.
    await page.reload();
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(await waiting(page).count()).toBe(0);
    expect((await serverEntries(account.token)).map((e) => e.id)).toEqual(sent.map((e) => e.id));
    await context.close();
  });

  it("keeps an entry the server refuses as not saved, with its reason, until discarded", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    // Written offline, then refused once sent: a date the API takes no entry at (after year 3000).
    await context.setOffline(true);
    await page.getByLabel("Text").fill("Dated too far ahead");
    await page.getByLabel("Custom date").check();
    await page.getByLabel("Entry date").fill("3001-01-01T10:00");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Its first try over (a refusal then would bring it back to the form), it waits in the list.
    await expect.poll(() => saveState(page)).toBe("waiting");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await context.setOffline(false);
    const refused = page.getByTestId("entry-refused");
    await refused.waitFor();
    await refused.getByText("Not saved").waitFor();
    await expect.poll(() => refused.locator(".entry-refusal").textContent()).toMatch(/date/i);
    await refused.getByText("Dated too far ahead").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);
    // Kept over a reload, until discarded.
    await page.reload();
    await refused.waitFor();
    await refused.getByRole("button", { name: "Discard" }).click();
    await refused.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });
});
