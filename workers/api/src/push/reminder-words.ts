/**
 * A reminder's own words, in the person's language: a notification is shown as sent, with no site to translate
 * it, so they are written here in both languages, as the calendar feed's are (calendar/feed-words.ts, whose
 * names for a birthday and a deadline they share).
 */
import type { StreakAtRisk } from "@nook/shared/today/today";
import { FEED_WORDS } from "../calendar/feed-words.ts";

type Goal = NonNullable<StreakAtRisk["goal"]>;

/** Russian's three plural forms: 1 день, 2 дня, 5 дней (21 день, 22 дня, 11 дней). */
function ruPlural(n: number, one: string, few: string, many: string): string {
  const [ten, hundred] = [n % 10, n % 100];
  if (ten === 1 && hundred !== 11) return one;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return few;
  return many;
}

export const REMINDER_WORDS = {
  en: {
    dailyTitle: "How was today?",
    dailyBody: "Pick a face, or write a line.",
    streakTitle: (title: string) => `Streak at risk: ${title}`,
    streakBody: (days: number) =>
      `${days} ${days === 1 ? "day in a row ends" : "days in a row end"} tonight without an entry today.`,
    /** A habit goal's streak: its weeks or months in a row, and this period's count against the goal. */
    goalBody: (periods: number, goal: Goal) =>
      goal.per === "week"
        ? `${periods} ${periods === 1 ? "week" : "weeks"} in a row: ${goal.count} of ${goal.times} this week so far.`
        : `${periods} ${periods === 1 ? "month" : "months"} in a row: ${goal.count} of ${goal.times} this month so far.`,
    birthdayTitle: FEED_WORDS.en.birthday,
    deadlineTitle: FEED_WORDS.en.due,
    /** When the item is, from the day the reminder is sent: "Today", "Tomorrow at 14:00", "In 7 days". */
    when: (days: number, start: string | null) =>
      `${days <= 0 ? "Today" : days === 1 ? "Tomorrow" : `In ${days} days`}${start ? ` at ${start}` : ""}`,
  },
  ru: {
    dailyTitle: "Как прошёл день?",
    dailyBody: "Выберите лицо или напишите строчку.",
    streakTitle: (title: string) => `Серия под угрозой: ${title}`,
    streakBody: (days: number) => `Серия дней подряд (${days}) прервётся сегодня, если не будет записи.`,
    goalBody: (periods: number, goal: Goal) =>
      goal.per === "week"
        ? `Недель подряд: ${periods}. На этой неделе пока ${goal.count} из ${goal.times}.`
        : `Месяцев подряд: ${periods}. В этом месяце пока ${goal.count} из ${goal.times}.`,
    birthdayTitle: FEED_WORDS.ru.birthday,
    deadlineTitle: FEED_WORDS.ru.due,
    when: (days: number, start: string | null) =>
      `${days <= 0 ? "Сегодня" : days === 1 ? "Завтра" : `Через ${days} ${ruPlural(days, "день", "дня", "дней")}`}${start ? ` в ${start}` : ""}`,
  },
} as const;

export type ReminderLang = keyof typeof REMINDER_WORDS;
