/**
 * A reminder's own words, in the person's language: a notification is shown as sent, with no site to translate
 * it, so they are written here in both languages, as the calendar feed's are (calendar/feed-words.ts).
 */
export const REMINDER_WORDS = {
  en: {
    dailyTitle: "How was today?",
    dailyBody: "Pick a face, or write a line.",
    streakTitle: (title: string) => `Streak at risk: ${title}`,
    streakBody: (days: number) => `${days} ${days === 1 ? "day" : "days"} in a row end tonight without an entry today.`,
  },
  ru: {
    dailyTitle: "Как прошёл день?",
    dailyBody: "Выберите лицо или напишите строчку.",
    streakTitle: (title: string) => `Серия под угрозой: ${title}`,
    streakBody: (days: number) => `Серия дней подряд (${days}) прервётся сегодня, если не будет записи.`,
  },
} as const;
