/**
 * The feed's own words, in the language chosen on the page: a calendar app shows them as written, with no
 * site to translate them, so they are written here in both languages (feed-words.test.ts keeps the two alike).
 */
export const FEED_WORDS = {
  en: {
    calendar: (product: string) => `${product}: birthdays, deadlines and events`,
    birthday: (name: string) => `${name}'s birthday`,
    due: (name: string) => `Due: ${name}`,
    progress: (done: number, total: number) => `${done} of ${total} done`,
  },
  ru: {
    calendar: (product: string) => `${product}: дни рождения, сроки и события`,
    birthday: (name: string) => `День рождения: ${name}`,
    due: (name: string) => `Срок: ${name}`,
    progress: (done: number, total: number) => `Готово ${done} из ${total}`,
  },
} as const;
