import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { afterEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { byDay, type CalendarDays } from "./calendar-api.ts";
import { MonthView } from "./month-view.tsx";
import { DayView, WeekView } from "./week-view.tsx";
import "@nook/ui/styles.css";
import "./calendar.css";

afterEach(unmountPage);

/**
 * The API's answer for the week of 2 March 2026 (a Monday) with a night shift from 22:00 on Saturday the 7th to
 * 06:00 on Sunday the 8th: on the day it starts, and on the next as continued (calendar/events.ts).
 */
const NIGHT = { eventId: 4, title: "Night shift", start: "22:00", end: "06:00", repeat: "none" } as const;
const answer = {
  birthdays: [],
  deadlines: [],
  events: [
    { ...NIGHT, date: "2026-03-07", continued: false },
    { ...NIGHT, date: "2026-03-08", continued: true },
  ],
  activity: {},
} as unknown as CalendarDays;
const days = byDay(answer);
const href = (date: string) => `/?view=day&date=${date}`;

/** The one link in a day's part of a view (its `data-date`, once rendered), by the words it reads. */
async function inDay(date: string, name: string) {
  const day = () => document.querySelector(`[data-date="${date}"]`);
  await expect.poll(day).toBeTruthy();
  return page.elementLocator(day() as Element).getByRole("link", { name });
}

describe("an event that runs over midnight in the calendar's views", () => {
  it("shows on its first day at its start and on the next until its end: week, month and day", async () => {
    renderInPage(<WeekView date="2026-03-04" today="2026-03-04" days={days} dayHref={href} />, "en", en);
    await expect.element(await inDay("2026-03-07", "22:00 Night shift")).toBeVisible();
    await expect.element(await inDay("2026-03-08", "until 06:00 Night shift")).toBeVisible();

    renderInPage(
      <MonthView date="2026-03-04" today="2026-03-04" days={days} dayHref={href} onKey={() => {}} />,
      "en",
      en,
    );
    await expect.element(await inDay("2026-03-07", "22:00 Night shift")).toBeInTheDocument();
    await expect.element(await inDay("2026-03-08", "until 06:00 Night shift")).toBeInTheDocument();

    renderInPage(<DayView date="2026-03-08" today="2026-03-04" days={days} />, "en", en);
    await expect
      .element(page.getByRole("link", { name: "until 06:00 Night shift" }))
      .toHaveAttribute("href", "/events/4");
  });

  it("says it in Russian", async () => {
    renderInPage(<DayView date="2026-03-08" today="2026-03-04" days={days} />, "ru", ru);
    await expect.element(page.getByRole("link", { name: "до 06:00 Night shift" })).toBeVisible();
  });
});
