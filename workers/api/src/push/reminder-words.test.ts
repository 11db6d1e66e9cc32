import { describe, expect, it } from "vitest";
import { REMINDER_WORDS } from "./reminder-words.ts";

describe("a reminder's words", () => {
  it("are written in both languages, each with the same words", () => {
    expect(Object.keys(REMINDER_WORDS.ru).sort()).toEqual(Object.keys(REMINDER_WORDS.en).sort());
  });

  it("say a streak's days, or a habit goal's weeks and months with this period's count", () => {
    expect(REMINDER_WORDS.en.streakBody(1)).toBe("1 day in a row ends tonight without an entry today.");
    expect(REMINDER_WORDS.en.streakBody(12)).toBe("12 days in a row end tonight without an entry today.");
    const week = { times: 3, per: "week" as const, count: 1, periodEnd: "2027-03-28" };
    const month = { times: 10, per: "month" as const, count: 8, periodEnd: "2027-03-31" };
    expect(REMINDER_WORDS.en.goalBody(4, week)).toBe("4 weeks in a row: 1 of 3 this week so far.");
    expect(REMINDER_WORDS.en.goalBody(1, month)).toBe("1 month in a row: 8 of 10 this month so far.");
    expect(REMINDER_WORDS.ru.goalBody(4, week)).toBe("Недель подряд: 4. На этой неделе пока 1 из 3.");
    expect(REMINDER_WORDS.ru.goalBody(1, month)).toBe("Месяцев подряд: 1. В этом месяце пока 8 из 10.");
  });

  it("say when an item is, from the day the reminder is sent, with Russian's three plural forms", () => {
    expect(REMINDER_WORDS.en.when(0, null)).toBe("Today");
    expect(REMINDER_WORDS.en.when(1, "14:00")).toBe("Tomorrow at 14:00");
    expect(REMINDER_WORDS.en.when(7, null)).toBe("In 7 days");
    expect([1, 2, 5, 11, 21, 22].map((n) => REMINDER_WORDS.ru.when(n, null))).toEqual([
      "Завтра",
      "Через 2 дня",
      "Через 5 дней",
      "Через 11 дней",
      "Через 21 день",
      "Через 22 дня",
    ]);
    expect(REMINDER_WORDS.ru.when(0, "09:30")).toBe("Сегодня в 09:30");
  });
});
