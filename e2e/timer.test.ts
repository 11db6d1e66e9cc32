import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, saveTimer, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

const readout = (page: Page) => page.getByTestId("timer-readout");
async function readoutIs(page: Page, text: string) {
  await page.waitForFunction((t) => document.querySelector("[data-testid=timer-readout]")?.textContent === t, text, {
    timeout: 10_000,
  });
}

/**
 * With the page's clock paused, React's Suspense waits on a timer that never fires: step the clock a
 * little at a time (under a second in all) until the restored timer shows.
 */
async function settle(page: Page, state: string): Promise<number> {
  const shown = page.getByTestId("timer-state").getByText(state);
  // Each step gives the page up to 200 ms of real time (Playwright's own waiting, which the faked clock does
  // not touch) to show the state, and goes on as soon as it does.
  const seen = () =>
    shown.waitFor({ timeout: 200 }).then(
      () => true,
      () => false,
    );
  let stepped = 0;
  while (!(await seen())) {
    expect(stepped, `"${state}" not shown after the clock stepped ${stepped} ms`).toBeLessThan(400);
    await page.clock.runFor(10);
    stepped += 10;
  }
  return stepped;
}

describe("the timer", () => {
  it("starts, stops, resumes and saves with a faked clock; a reload and a second tab restore it; the entry is in the journal", async () => {
    const account = await createAccount("Timekeeper");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    // The page's clock starts an hour back, so the saved entry lies in the server's past.
    const t0 = Date.now() - 60 * 60_000;
    await context.clock.install({ time: t0 });
    await page.goto(siteUrl("journal", "/tools/timer"));
    await page.getByRole("heading", { name: "Timer", exact: true }).waitFor();
    await page.getByText("No saved timers yet", { exact: false }).waitFor();
    await expect.poll(() => readout(page).textContent()).toBe("00:00:00");
    // Idle: tags and goal are editable; the goal defaults to an hour from now.
    await page.getByLabel("Tags").fill("Focus");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Message").fill("Write the timer's tests");
    // The goal as a length: 25 minutes from the start, whenever Start is pressed.
    await page.getByLabel("or a length").fill("25m");
    await page.clock.pauseAt(t0 + 60_000);

    const started = page.waitForResponse(
      (r) => r.url().endsWith("/api/journal/timer") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Start" }).click();
    expect((await started).status()).toBe(201);
    await page.getByTestId("timer-state").getByText("Running").waitFor();
    await expect.poll(() => page.getByLabel("Tags").isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel("Goal", { exact: true }).isDisabled()).toBe(true);

    await page.clock.fastForward("10:15");
    await readoutIs(page, "00:10:15");
    // The second hand: 15 s → 90°; the running time leads the title.
    await expect.poll(() => page.getByTestId("second-hand").getAttribute("data-angle")).toBe("90");
    await page.waitForFunction(() => document.title.startsWith("00:10:15 · "));
    // Started a minute after the length was typed, and 10:15 in: 14m 45s left of the 25 minutes.
    await page.getByTestId("timer-goal").getByText("14m 45s to the goal").waitFor();

    // A reload while running restores the timer from the server, with the same running time.
    await page.reload();
    let stepped = await settle(page, "Running");
    await readoutIs(page, "00:10:15");
    await expect.poll(() => page.getByLabel("Message").inputValue()).toBe("Write the timer's tests");
    // So does a second tab.
    const second = await context.newPage();
    await second.goto(siteUrl("journal", "/tools/timer"));
    stepped += await settle(second, "Running");
    // The readouts below hold while the clock stepped less than a second.
    expect(stepped).toBeLessThan(1000);
    await readoutIs(second, "00:10:15");
    await second.close();

    const paused = page.waitForResponse(
      (r) => r.url().endsWith("/api/journal/timer") && r.request().method() === "PUT",
    );
    await page.getByRole("button", { name: "Stop" }).click();
    expect((await paused).request().postDataJSON()).toMatchObject({
      pausedAt: new Date(t0 + 60_000 + 615_000 + stepped).toISOString(),
    });
    await page.getByTestId("timer-state").getByText("Stopped").waitFor();
    // Paused: five minutes pass, the running time does not; tags are editable again.
    await page.clock.fastForward("05:00");
    await readoutIs(page, "00:10:15");
    await expect.poll(() => page.getByLabel("Tags").isDisabled()).toBe(false);
    await page.getByLabel("Tags").fill("writing");
    await page.getByLabel("Tags").press("Enter");

    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByTestId("timer-state").getByText("Running").waitFor();
    await page.clock.fastForward("02:00");
    await readoutIs(page, "00:12:15");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByTestId("timer-state").getByText("Stopped").waitFor();

    // The running time is fixed now: let the clock flow again (toasts wait on timers).
    await page.clock.resume();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").filter({ hasText: "Timer saved to the journal" }).first().waitFor();
    // The screen is reset, and the statistics count the saved time.
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    await readoutIs(page, "00:00:00");
    await expect.poll(() => page.getByLabel("Message").inputValue()).toBe("");
    await page.getByTestId("timer-total").getByText("12m 15s").waitFor();
    await page.getByTestId("other-timer").getByText("Write the timer's tests").waitFor();

    // Exactly one entry, with the running time as its duration, in the journal.
    const list = (await callApi(account.token, "GET", "/api/journal/entries")) as {
      text: string;
      tags: { name: string }[];
      metrics: { name: string; value: number }[];
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      text: "Write the timer's tests",
      tags: [{ name: "focus" }, { name: "writing" }],
      metrics: [{ name: "duration", value: 735 }],
    });
    await page.goto(siteUrl("journal", "/#entries"));
    const entry = page.getByTestId("entry").filter({ hasText: "Write the timer's tests" });
    await entry.waitFor();
    await entry.getByText("12m 15s", { exact: false }).waitFor();
    expect(await callApi(account.token, "GET", "/api/journal/timer")).toBeNull();
    await context.close();
  });

  it("resets a stopped timer without writing to the journal", async () => {
    const account = await createAccount("Resetter");
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/timer"));
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByTestId("timer-state").getByText("Running").waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    // Reset asks once more before it discards the time.
    await page.getByRole("button", { name: "Reset" }).click();
    const reset = page.waitForResponse(
      (r) => r.url().endsWith("/api/journal/timer") && r.request().method() === "DELETE",
    );
    await page.getByRole("button", { name: "Confirm" }).click();
    expect((await reset).status()).toBe(200);
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    expect(await callApi(account.token, "GET", "/api/journal/timer")).toBeNull();
    expect(await callApi(account.token, "GET", "/api/journal/entries")).toEqual([]);
    await context.close();
  });

  it("shows a second tab's statistics anew when the first tab saves", async () => {
    const account = await createAccount("Two tabs");
    const context = await newContext(browser());
    const first = await context.newPage();
    await addSession(first, account);
    await first.goto(siteUrl("journal", "/tools/timer"));
    const second = await context.newPage();
    await second.goto(siteUrl("journal", "/tools/timer"));
    await second.getByText("No saved timers yet", { exact: false }).waitFor();
    await expect.poll(() => second.getByTestId("timer-total").textContent()).toBe("0s");

    await first.getByRole("button", { name: "Start" }).click();
    await first.getByTestId("timer-state").getByText("Running").waitFor();
    await readoutIs(first, "00:00:02");
    await first.getByRole("button", { name: "Stop" }).click();
    await first.getByTestId("timer-state").getByText("Stopped").waitFor();
    const shown = (await readout(first).textContent())!;
    await first.getByRole("button", { name: "Save" }).click();
    await first.getByTestId("timer-state").getByText("Ready").waitFor();
    // The second tab, not reloaded, shows the saved time and its row.
    const seconds = Number(shown.slice(-2));
    await expect.poll(() => second.getByTestId("timer-total").textContent()).toBe(`${seconds}s`);
    await expect.poll(() => second.getByTestId("timer-figures").textContent()).toContain("1 timer");
    await expect.poll(() => second.getByTestId("other-timer").count()).toBe(1);
    await context.close();
  });

  it("shows identical saved timers folded into one row with their count", async () => {
    const account = await createAccount("Pomodoro");
    for (let i = 3; i >= 1; i--) await saveTimer(account.token, "25m pomodoro", Date.now() - i * 3600_000, 1500);
    // A duration typed in the journal is no timer: counted apart, in no figure.
    await callApi(account.token, "POST", "/api/journal/entries", {
      text: "reading",
      tags: [],
      metrics: [{ name: "duration", value: 1200 }],
    });
    const context = await newContext(browser(), { width: 360, height: 800 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/timer"));
    await expect.poll(() => page.getByTestId("timer-figures").textContent()).toContain("3 timers");
    const row = page.getByTestId("other-timer");
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText("↑3").count()).toBe(1);
    await expect.poll(() => page.getByTestId("timer-total").textContent()).toBe("1h 15m");
    await expect.poll(() => page.getByTestId("timer-others").textContent()).toContain("1 other entry with a duration");
    await context.close();
  });

  it("after a save from another device, re-reads the server instead of repeating the conflict", async () => {
    const account = await createAccount("Two devices");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/timer"));
    await page.getByText("No saved timers yet", { exact: false }).waitFor();
    /** A timer started and stopped on this page, then saved on another device (the API, out of this browser). */
    async function savedElsewhere() {
      const started = page.waitForResponse(
        (r) => r.url().endsWith("/api/journal/timer") && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Start" }).click();
      const timer = (await (await started).json()) as Record<string, unknown>;
      const stopped = page.waitForResponse(
        (r) => r.url().endsWith("/api/journal/timer") && r.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Stop" }).click();
      const paused = (await (await stopped).json()) as Record<string, unknown>;
      await callApi(account.token, "PUT", "/api/journal/timer", {
        id: timer.id,
        text: "",
        tags: [],
        startedAt: paused.startedAt,
        pausedAt: paused.pausedAt,
        pausedTimeDiff: paused.pausedTimeDiff,
        goal: null,
        complete: true,
      });
    }

    // Save: the conflict is told once, and the page shows the server's state (no timer: Ready).
    await savedElsewhere();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").getByText("This timer is already saved").waitFor();
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    await expect.poll(() => page.getByTestId("timer-figures").textContent()).toContain("1 timer");

    // Resume: not left running on the page while the server has no timer.
    await savedElsewhere();
    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    expect(await callApi(account.token, "GET", "/api/journal/timer")).toBeNull();

    // Reset: nothing to discard any more; the page says no "Timer not found", and it is Ready.
    await savedElsewhere();
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    await expect.poll(() => page.getByTestId("timer-figures").textContent()).toContain("3 timers");
    expect(await page.getByRole("alert").textContent()).not.toContain("Timer not found");
    await context.close();
  });

  it("keeps the keyboard focus on its button through Start, Stop and Resume, and Save hands it to Start", async () => {
    const account = await createAccount("Keyboard");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/timer"));
    // Start is enabled once the server said there is no timer yet.
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    await page.getByRole("button", { name: "Start" }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await page.keyboard.press("Enter");
    await page.getByTestId("timer-state").getByText("Running").waitFor();
    await expect.poll(focused).toBe("Stop");
    await page.keyboard.press("Enter");
    await page.getByTestId("timer-state").getByText("Stopped").waitFor();
    await expect.poll(focused).toBe("Resume");
    await page.keyboard.press("Enter");
    await page.getByTestId("timer-state").getByText("Running").waitFor();
    await expect.poll(focused).toBe("Stop");
    await page.keyboard.press("Enter");
    await page.getByTestId("timer-state").getByText("Stopped").waitFor();
    await page.keyboard.press("Tab");
    await expect.poll(focused).toBe("Save");
    await page.keyboard.press("Enter");
    await page.getByTestId("timer-state").getByText("Ready").waitFor();
    await expect.poll(focused).toBe("Start");
    await context.close();
  });

  it("shows each figure of the statistics on one line, on a phone and beside the timer", async () => {
    const account = await createAccount("Narrow");
    // 1h 31m 30s, the longest figure, ten minutes ago.
    await saveTimer(account.token, "long one", Date.now() - 10 * 60_000, 5490);
    const context = await newContext(browser(), { width: 360, height: 800 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/timer"));
    const total = page.getByTestId("timer-total");
    await expect.poll(() => total.textContent()).toBe("1h 31m 30s");
    /** The line boxes a figure's text takes. */
    const lines = () =>
      total.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    for (const width of [360, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(lines, { message: `lines at ${width}px` }).toBe(1);
      // Nothing sticks out of its figure either.
      const spill = await total.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(spill, `overflow at ${width}px`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it("opened in Russian, shows the timer's own strings (its catalog, off the journal's first load) in Russian", async () => {
    const account = await createAccount("Таймер");
    const context = await newContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    await page.goto(siteUrl("journal", "/tools/timer"));
    await page.getByText("Сохранённых таймеров пока нет", { exact: false }).waitFor();
    await context.close();
  });
});
