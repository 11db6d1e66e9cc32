import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, overflows, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** The known route, worked out here and not by the code under test: 1 km due north, then 1 km due east. */
const R = 6_371_000;
const STEP_M = 50;
const STEPS = 20;
const STEP_MS = 15_000;
const deg = (rad: number) => (rad * 180) / Math.PI;
const START = { latitude: 55.75, longitude: 37.62 };
const dPhi = STEP_M / R;
const north = Array.from({ length: STEPS + 1 }, (_, i) => ({
  latitude: START.latitude + deg(i * dPhi),
  longitude: START.longitude,
}));
const corner = north[STEPS]!;
const phi1 = (corner.latitude * Math.PI) / 180;
const dLambda = STEP_M / (R * Math.cos(phi1));
/** While paused the runner is carried 300 m further east: that way must not count. */
const SKIPPED_M = 300;
const eastFrom = corner.longitude + deg(SKIPPED_M / (R * Math.cos(phi1)));
const east = Array.from({ length: STEPS + 1 }, (_, i) => ({
  latitude: corner.latitude,
  longitude: eastFrom + deg(i * dLambda),
}));
/** R·Δφ along the meridian plus R·cos φ·Δλ along the parallel. */
const EXPECTED_M = R * (STEPS * dPhi) + R * Math.cos(phi1) * (STEPS * dLambda);
/** Moving time: both legs at a fixed time per step; the pause is left out. */
const EXPECTED_S = (2 * STEPS * STEP_MS) / 1000;
const paceText = (minPerKm: number) => {
  const s = Math.round(minPerKm * 60);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} /km`;
};
const T0 = Date.UTC(2026, 10, 22, 6, 30, 0);

const live = (page: Page) => page.getByRole("region", { name: "Current run" });
/** Waits (through Playwright's own polling, which the faked clock does not touch) until the page holds `n` positions. */
const points = (page: Page, n: number) => page.locator(`.runner-live[data-points="${n}"]`).waitFor();
const moveTo = (context: BrowserContext, p: { latitude: number; longitude: number }) =>
  context.setGeolocation({ ...p, accuracy: 5 });

/** The figures' names and values (live and in the cards) whose text takes more than one line. */
const brokenFigures = (page: Page) =>
  page.locator(".run-figures dt, .run-figures dd").evaluateAll((els) =>
    els
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      })
      .map((el) => el.textContent),
  );

describe("runner: a run tracked in the browser", () => {
  it("tracks a 2 km route over a pause, saves it, keeps it over a reload, and sends it to the journal once", async () => {
    expect(EXPECTED_M).toBeCloseTo(2000, 6);
    const account = await createAccount("Runner");
    const context = await newContext(browser(), { width: 1280 });
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    await moveTo(context, north[0]!);
    const page = await context.newPage();
    await addSession(page, account);
    await page.clock.install({ time: T0 - 60_000 });
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByText("Tracking works only while this tab stays open").waitFor();
    await page.getByText("No saved runs yet.").waitFor();
    // Time stands still from here, and moves only as the test says.
    await page.clock.pauseAt(T0);

    await live(page).getByRole("button", { name: "Start" }).click();
    await points(page, 1);
    await live(page).getByText("Running").waitFor();
    for (let i = 1; i <= STEPS; i++) {
      await page.clock.runFor(STEP_MS);
      await moveTo(context, north[i]!);
      await points(page, 1 + i);
    }
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:05:00");
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("1.00 km");
    await expect
      .poll(() => page.getByTestId("run-pace").textContent())
      .toBe(paceText(STEP_MS / 1000 / 60 / (STEP_M / 1000)));

    // Pause: the clock freezes, and where the runner goes meanwhile is ignored.
    await live(page).getByRole("button", { name: "Pause" }).click();
    await live(page).getByText("Paused").waitFor();
    await page.clock.runFor(60_000);
    await moveTo(context, { latitude: corner.latitude, longitude: (corner.longitude + eastFrom) / 2 });
    await page.clock.runFor(1000);
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:05:00");
    await expect.poll(() => live(page).getAttribute("data-points")).toBe(String(1 + STEPS));

    await live(page).getByRole("button", { name: "Resume" }).click();
    await live(page).getByText("Running").waitFor();
    await moveTo(context, east[0]!);
    await points(page, 2 + STEPS);
    for (let i = 1; i <= STEPS; i++) {
      await page.clock.runFor(STEP_MS);
      await moveTo(context, east[i]!);
      await points(page, 2 + STEPS + i);
    }

    await expect.poll(() => page.getByTestId("run-distance").textContent()).toMatch(/^\d+\.\d\d km$/);
    const distanceText = (await page.getByTestId("run-distance").textContent())!;
    expect(Math.abs((Number.parseFloat(distanceText) * 1000) / EXPECTED_M - 1)).toBeLessThan(0.01);
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:10:00");
    const expectedPace = paceText(EXPECTED_S / 60 / (EXPECTED_M / 1000));
    expect(expectedPace).toBe("5:00 /km");
    await expect.poll(() => page.getByTestId("run-average-pace").textContent()).toBe(expectedPace);

    // Stop: the watch ends; the run waits for Save or Delete, its route shown.
    await live(page).getByRole("button", { name: "Stop" }).click();
    await live(page).getByText("Stopped: save this run or delete it.").waitFor();
    await expect.poll(() => live(page).locator("polyline").count()).toBe(2);
    await moveTo(context, north[0]!);
    await page.clock.runFor(5000);
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:10:00");
    await expect.poll(() => live(page).getAttribute("data-points")).toBe(String(2 * (STEPS + 1)));
    await live(page).getByRole("button", { name: "Save" }).click();
    await live(page).getByRole("button", { name: "Start" }).waitFor();
    await page.clock.resume();

    // After a reload the run is still listed, with its route (a line per segment) and splits.
    await page.reload();
    const card = page.getByTestId("run-card");
    await card.waitFor();
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.getByText("2.00 km").count()).toBe(1);
    await card.getByText("00:10:00").waitFor();
    await card.getByText(expectedPace).first().waitFor();
    const route = card.getByRole("img", { name: /^Route of the run on / });
    await expect.poll(() => route.locator("polyline").count()).toBe(2);
    const splitRows = await card
      .locator(".run-splits tbody tr")
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(splitRows).toEqual([
      ["1", "5:00", "5:00 /km"],
      ["2", "5:00", "5:00 /km"],
    ]);

    // Narrow and wide: nothing overflows the page, and no figure's name or value breaks over two lines.
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await card.waitFor();
      const overflow = await overflows(page);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await expect.poll(() => brokenFigures(page), { message: `figures on two lines at ${width}px` }).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await audit(page, "journal: the runner, a run saved")).toEqual([]);

    // Sent to the journal: an entry tagged run with the duration and distance, dated at the start; once only.
    const sent = page.waitForResponse(
      (r) => r.url().endsWith("/api/journal/entries") && r.request().method() === "POST",
    );
    await card.getByRole("button", { name: "Send to the journal" }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON();
    const created = (await response.json()) as { id: number };
    expect(body).toEqual({
      text: "Run: 2.00 km in 00:10:00, pace 5:00 /km",
      tags: ["run"],
      metrics: [
        { name: "duration", value: EXPECTED_S },
        { name: "distance", value: 2 },
      ],
      date: new Date(T0).toISOString(),
    });
    await card.getByText("In the journal").waitFor();
    await page.reload();
    await card.getByText("In the journal").waitFor();
    await expect.poll(() => card.getByRole("button", { name: "Send to the journal" }).count()).toBe(0);

    const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as {
      id: number;
      text: string;
      date: string;
      tags: { name: string }[];
      metrics: { name: string; value: number }[];
    }[];
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.id).toBe(created.id);
    expect(entry!.text).toBe(body.text);
    expect(entry!.tags.map((t) => t.name)).toEqual(["run"]);
    expect(Object.fromEntries(entry!.metrics.map((m) => [m.name, m.value]))).toEqual({ duration: 600, distance: 2 });
    expect(entry!.date).toBe(new Date(T0).toISOString());
    await page.goto(siteUrl("journal", "/#entries"));
    await page.getByText("Run: 2.00 km in 00:10:00").first().waitFor();
    await context.close();
  });

  it("says why nothing is counted when every fix is too imprecise (a desktop's location), in English and Russian", async () => {
    const account = await createAccount("Desktop");
    for (const locale of ["en", "ru"]) {
      const context = await newContext(browser(), { width: 360 });
      await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      await context.setGeolocation({ ...north[0]!, accuracy: 120 });
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("journal", "/tools/runner"));
      const card = page.locator(".runner-live");
      await card.getByRole("button", { name: locale === "en" ? "Start" : "Старт" }).click();
      await expect.poll(() => card.getAttribute("data-state")).toBe("running");
      await context.setGeolocation({ ...north[4]!, accuracy: 120 });
      const hint = page.getByRole("status").getByTestId("run-imprecise");
      await expect
        .poll(() => hint.textContent())
        .toBe(
          locale === "en"
            ? "Your location is known only to within 120 m; positions less precise than 50 m are not counted, so the distance does not grow. A phone outdoors, with its GPS on, does better."
            : "Ваше местоположение известно лишь с точностью до 120 м; позиции с точностью хуже 50 м не учитываются, поэтому дистанция не растёт. Лучше всего — телефон на улице с включённым GPS.",
        );
      await expect.poll(() => page.getByTestId("run-distance").textContent()).toMatch(/^0 (m|м)$/);
      // A precise fix is counted, and the hint goes.
      await context.setGeolocation({ ...north[0]!, accuracy: 5 });
      await expect.poll(() => hint.count()).toBe(0);
      await context.close();
    }
  });

  it("says so when the location is refused, and stays idle", async () => {
    const account = await createAccount("Refused");
    const context = await newContext(browser(), { width: 360, colorScheme: "light" });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("alert").getByText("Location permission denied").waitFor();
    await page.getByText("Press Start to track a run.").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Start" }).isEnabled()).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("nook.runner.current"))).toBeNull();
    expect(await audit(page, "journal: the runner, the location refused")).toEqual([]);
    await context.close();
  });

  it("finds a run in progress after a reload, paused, and Delete discards it", async () => {
    const account = await createAccount("Reloaded");
    const context = await newContext(browser(), { width: 800 });
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    await moveTo(context, north[0]!);
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await live(page).getByRole("button", { name: "Start" }).click();
    await points(page, 1);
    await moveTo(context, north[4]!);
    await points(page, 2);
    await page.reload();
    await live(page).getByText("This run was interrupted by a reload and is paused").waitFor();
    await points(page, 2);
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("200 m");
    await live(page).getByRole("button", { name: "Resume" }).waitFor();
    await live(page).getByRole("button", { name: "Stop" }).click();
    await live(page).getByRole("button", { name: "Delete" }).click();
    await live(page).getByRole("button", { name: "Confirm" }).click();
    await live(page).getByRole("button", { name: "Start" }).waitFor();
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("0 m");
    await page.getByText("No saved runs yet.").waitFor();
    await page.reload();
    await page.getByText("No saved runs yet.").waitFor();
    await live(page).getByRole("button", { name: "Start" }).waitFor();
    await context.close();
  });

  it("keeps each account's runs apart: another account on the browser sees none, and they are back with their owner", async () => {
    const alice = await createAccount("Alice runs");
    const bob = await createAccount("Bob runs");
    const context = await newContext(browser(), { width: 800 });
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    await moveTo(context, north[0]!);
    const page = await context.newPage();
    await addSession(page, alice);
    await page.goto(siteUrl("journal", "/tools/runner"));
    // One run saved, a second in progress.
    for (const save of [true, false]) {
      await live(page).getByRole("button", { name: "Start" }).click();
      await points(page, 1);
      await moveTo(context, north[4]!);
      await points(page, 2);
      if (!save) break;
      await live(page).getByRole("button", { name: "Stop" }).click();
      await live(page).getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByTestId("run-card").count()).toBe(1);
      await moveTo(context, north[0]!);
    }

    // Bob signs in on the same browser: no saved run, no run in progress.
    await addSession(page, bob);
    await page.reload();
    await page.getByText("No saved runs yet.").waitFor();
    await live(page).getByRole("button", { name: "Start" }).waitFor();
    expect(await page.getByTestId("run-card").count()).toBe(0);
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("0 m");

    // Alice again: her saved run, and her run in progress, paused.
    await addSession(page, alice);
    await page.reload();
    await live(page).getByText("This run was interrupted by a reload and is paused").waitFor();
    await expect.poll(() => page.getByTestId("run-card").count()).toBe(1);
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("200 m");
    await context.close();
  });
});
