import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { visit, workerReady } from "./service-workers.ts";

const browser = useBrowser();

describe("installable sites that open offline", () => {
  it("the journal's screens render offline as the remembered user, and a call that needs the network says so", async () => {
    const { context, page } = await visit(browser(), "journal");
    await context.setOffline(true);
    await page.goto(siteUrl("journal", "/tags"));
    await page.getByTestId("offline-banner").waitFor();
    await expect
      .poll(() => page.getByTestId("offline-banner").textContent())
      .toContain("New entries, the timer and the runner keep working");
    await page.getByText("Offline — this needs the network").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/tags");
    await context.close();
  });

  it("the runner records, pauses, saves and shows a run with no network", async () => {
    const account = await createAccount("Offline runner");
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    const start = { latitude: 55.75, longitude: 37.62 };
    await context.setGeolocation({ ...start, accuracy: 5 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByText("No saved runs yet.").waitFor();
    await workerReady(page);

    await context.setOffline(true);
    const t0 = Date.UTC(2026, 10, 26, 7, 0, 0);
    await page.clock.install({ time: t0 - 60_000 });
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await page.getByText("No saved runs yet.").waitFor();
    await page.clock.pauseAt(t0);
    const live = page.getByRole("region", { name: "Current run" });
    const points = (n: number) => page.locator(`.runner-live[data-points="${n}"]`).waitFor();
    await live.getByRole("button", { name: "Start" }).click();
    await points(1);
    // 1 km due north (the arc of 1000 m on a sphere of 6,371 km) in 5 minutes, then a pause that counts for nothing.
    await page.clock.runFor(300_000);
    await context.setGeolocation({ latitude: start.latitude + (1000 / 6_371_000) * (180 / Math.PI), longitude: 37.62 });
    await points(2);
    await live.getByRole("button", { name: "Pause" }).click();
    await live.getByText("Paused").waitFor();
    await page.clock.runFor(120_000);
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:05:00");
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("1.00 km");
    await live.getByRole("button", { name: "Resume" }).click();
    await live.getByRole("button", { name: "Stop" }).click();
    await live.getByRole("button", { name: "Save" }).click();
    await page.clock.resume();
    const card = page.getByTestId("run-card");
    await card.getByText("1.00 km").waitFor();
    await card.getByText("00:05:00").waitFor();

    // Still offline, a reload opens the runner from this browser with the run kept.
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await card.getByText("1.00 km").waitFor();
    await context.close();
  });

  it("a timer started with no network survives a reload, and is registered once the network is back", async () => {
    const account = await createAccount("Offline timer");
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    const page = await context.newPage();
    await addSession(page, account);
    const state = page.getByTestId("timer-state");
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    await page.goto(siteUrl("journal", "/tools/timer"));
    await state.getByText("Ready").waitFor();
    await workerReady(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await button("Start").click();
    await state.getByText("Running").waitFor();
    await page.getByRole("textbox", { name: "Message" }).fill("Started underground");
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();

    // Reloaded before the network is back: the timer and its message are still there.
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await state.getByText("Stopped").waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Started underground");

    // Back online, the server registers it, with its message.
    await context.setOffline(false);
    await expect
      .poll(async () => ((await callApi(account.token, "GET", "/api/journal/timer")) as { text: string } | null)?.text)
      .toBe("Started underground");
    await state.getByText("Stopped").waitFor();
    await context.close();
  });
});
