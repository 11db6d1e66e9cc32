import { nextBirthday } from "@nook/shared/people/birthdays";

/** The strip shows the birthdays from today to this many days ahead. */
export const UPCOMING_DAYS = 30;
/** At most this many; the rest are counted ('and 3 more'). */
export const UPCOMING_SHOWN = 10;

export interface UpcomingBirthday<P> {
  person: P;
  /** "YYYY-MM-DD" */
  date: string;
  /** The age turned that day. */
  age: number;
  /** 0 today, 1 tomorrow. */
  inDays: number;
}

/**
 * The next birthday of each person falling within `days` from `today` (both
 * "YYYY-MM-DD", today included), soonest first; people with the same day keep
 * the order given. Someone not yet one year old on it has no birthday to show.
 */
export function upcomingBirthdays<P extends { birthDate: string }>(
  people: readonly P[],
  today: string,
  days = UPCOMING_DAYS,
): UpcomingBirthday<P>[] {
  const out: UpcomingBirthday<P>[] = [];
  for (const person of people) {
    const next = nextBirthday(person.birthDate, today);
    if (next && next.age >= 1 && next.inDays <= days) out.push({ person, ...next });
  }
  return out.sort((a, b) => a.inDays - b.inDays);
}
