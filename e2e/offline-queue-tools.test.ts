import { describe, expect, it } from "vitest";
import { callApi, siteUrl } from "./browser.ts";
import { loseFirstAnswer } from "./lost-answer.ts";
import { entries, saveState, serverEntries, useOfflineQueue, waiting, write } from "./offline-queue-fixtures.ts";

const { signedIn } = useOfflineQueue();

describe("the offline queue", () => {
  it("sends the runner's run to the journal once the network is back, and marks it sent across a reload", async () => {
    const { account, context, page } = await signedIn();
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    const at = (latitude: number) => context.setGeolocation({ latitude, longitude: 37.62, accuracy: 5 });
    await at(55.75);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByText("No saved runs yet.").waitFor();

    // With no network from here: record, pause, resume, stop, save, list.
    await context.setOffline(true);
    const live = page.getByRole("region", { name: "Current run" });
    await live.getByRole("button", { name: "Start" }).click();
    await page.locator('.runner-live[data-points="1"]').waitFor();
    await at(55.7505);
    await page.locator('.runner-live[data-points="2"]').waitFor();
    await live.getByRole("button", { name: "Pause" }).click();
    await live.getByRole("button", { name: "Resume" }).click();
    await at(55.751);
    await page.locator('.runner-live[data-points="3"]').waitFor();
    await live.getByRole("button", { name: "Stop" }).click();
    await live.getByRole("button", { name: "Save" }).click();
    const card = page.getByTestId("run-card");
    await expect.poll(() => card.count()).toBe(1);

    await card.getByRole("button", { name: "Send to the journal" }).click();
    await card.getByTestId("run-waiting").waitFor();
    await card.getByText("Waiting to send").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);

    await context.setOffline(false);
    await card.getByTestId("run-sent").waitFor();
    await expect.poll(() => card.getByTestId("run-waiting").count()).toBe(0);
    const sent = await serverEntries(account.token);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.tags.map((t) => t.name)).toEqual(["run"]);
    expect(sent[0]!.text).toMatch(/^Run: /);

    await page.reload();
    await card.getByTestId("run-sent").waitFor();
    expect(await card.getByRole("button", { name: "Send to the journal" }).count()).toBe(0);
    expect(await serverEntries(account.token)).toHaveLength(1);
    await context.close();
  });

  it("saves the timer with no network (one registered before, one started offline), each sent once when back", async () => {
    const { account, context, page } = await signedIn();
    const state = page.getByTestId("timer-state");
    const waitingSaves = page.getByTestId("timer-waiting");
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    await page.goto(siteUrl("journal", "/tools/timer"));
    await state.getByText("Ready").waitFor();

    // Started and stopped online (the server has it), saved offline: the save waits in the browser.
    await button("Start").click();
    await expect.poll(async () => (await callApi(account.token, "GET", "/api/journal/timer")) !== null).toBe(true);
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();
    await context.setOffline(true);
    await page.getByRole("textbox", { name: "Message" }).fill("Timed in a tunnel");
    await button("Save").click();
    await state.getByText("Ready").waitFor();
    await waitingSaves.getByText("Waiting to send: 1 save").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);

    // Started, stopped and saved with no network at all: kept as the entry its save would write.
    await button("Start").click();
    await state.getByText("Running").waitFor();
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();
    await button("Save").click();
    await state.getByText("Ready").waitFor();
    await waitingSaves.getByText("Waiting to send: 2 saves").waitFor();

    await context.setOffline(false);
    await expect.poll(() => waitingSaves.count()).toBe(0);
    await expect.poll(async () => (await serverEntries(account.token)).length).toBe(2);
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["", "Timed in a tunnel"]);
    expect(await callApi(account.token, "GET", "/api/journal/timer")).toBeNull();
    await state.getByText("Ready").waitFor();
    await page.reload();
    await state.getByText("Ready").waitFor();
    expect(await serverEntries(account.token)).toHaveLength(2);
    await context.close();
  });

  // The server's Idempotency-Key (platform/idempotency.ts) is what makes this one entry: without it the retry writes a second.
  it("writes one entry when the answer to the first request is lost on the way and the queue sends it again", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    // The server writes it; the answer never reaches the page.
    const keys = await loseFirstAnswer(page, "**/api/journal/entries", "POST", 201);
    await write(page, "Sent into a tunnel");
    // Kept as waiting after the lost answer, then sent again with the same key: the server answers the first's.
    await expect.poll(() => saveState(page)).toBe("sent");
    await expect.poll(() => entries(page).count()).toBe(1);
    expect(await waiting(page).count()).toBe(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["Sent into a tunnel"]);
    await context.close();
  });
});
