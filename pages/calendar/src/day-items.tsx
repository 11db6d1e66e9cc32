import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { originOf } from "@nook/ui/site";
import type { Birthday, DayData, Deadline, EventOccurrence } from "./calendar-api.ts";

/** Where each kind of item leads: the person in the people book, the steps list, the journal's day. */
export const links = {
  person: (name: string) => `${originOf("people")}/?q=${encodeURIComponent(name)}`,
  steps: (stepsId: number) => `${originOf("steps")}/${stepsId}`,
  journalDay: (date: string) => `${originOf("journal")}/?day=${date}`,
  /** An event's own form, on this site. */
  event: (eventId: number) => `/events/${eventId}`,
};

/** The words for a day's items, in the active language. */
export function useItemTexts() {
  const { t } = useLingui();
  return {
    /** "Ada turns 36". */
    birthday: ({ name, age }: Birthday) => plural(age, { one: `${name} turns #`, other: `${name} turns #` }),
    /** "09:00 Dentist", the title alone for a day-long one, "until 06:00 Night shift" on the day after its start. */
    event: ({ title, start, end, continued }: EventOccurrence) =>
      continued ? t`until ${end} ${title}` : start === null ? title : `${start} ${title}`,
    /** "Deadline: Taxes". */
    deadline: ({ name }: Deadline) => t`Deadline: ${name}`,
    /** "3 journal entries". */
    entries: (count: number) => plural(count, { one: "# journal entry", other: "# journal entries" }),
    /** "1 birthday, 2 deadlines, 3 entries": what a day holds, in short, or "" for nothing. */
    summary: (day: DayData) => {
      const [birthdays, deadlines, entries] = [day.birthdays.length, day.deadlines.length, day.entries];
      const events = day.events.length;
      return [
        events > 0 && plural(events, { one: "# event", other: "# events" }),
        birthdays > 0 && plural(birthdays, { one: "# birthday", other: "# birthdays" }),
        deadlines > 0 && plural(deadlines, { one: "# deadline", other: "# deadlines" }),
        entries > 0 && plural(entries, { one: "# entry", other: "# entries" }),
      ]
        .filter(Boolean)
        .join(", ");
    },
  };
}

export const hasItems = (day: DayData | undefined): day is DayData =>
  !!day && (day.events.length > 0 || day.birthdays.length > 0 || day.deadlines.length > 0 || day.entries > 0);

/**
 * A day's events (to their form), birthdays, deadlines and journal entries as links to their sites; nothing
 * for an empty day.
 * `compact` (a month's cell, one line each): a birthday shows the name, cut short if it must be, and the
 * age whole beside it; its link is still named by the whole sentence.
 */
export function DayItems({
  date,
  day,
  className,
  compact = false,
}: {
  date: string;
  day: DayData | undefined;
  className?: string;
  compact?: boolean;
}) {
  const texts = useItemTexts();
  if (!hasItems(day)) return null;
  return (
    <ul className={`day-items ${className ?? ""}`}>
      {day.events.map((e) => (
        <li key={`e${e.eventId}`} className="item item-event">
          <a href={links.event(e.eventId)} className="user-text" dir="auto" title={texts.event(e)}>
            {texts.event(e)}
          </a>
        </li>
      ))}
      {day.birthdays.map((b) => (
        <li key={`b${b.personId}`} className="item item-birthday">
          {compact ? (
            <a
              href={links.person(b.name)}
              className="birthday-compact"
              // Named by what it shows ("Ada 36": a name that hid the visible words would fail those who
              // speak to their screen, axe's label-content-name-mismatch); the words in full as its description.
              title={texts.birthday(b)}
            >
              <span className="cal-birthday-name user-text" dir="auto">
                {b.name}
              </span>{" "}
              <span className="cal-birthday-age">{b.age}</span>
            </a>
          ) : (
            <a href={links.person(b.name)} className="user-text" title={texts.birthday(b)}>
              {texts.birthday(b)}
            </a>
          )}
        </li>
      ))}
      {day.deadlines.map((d) => (
        <li key={`d${d.stepsId}`} className="item item-deadline">
          <a href={links.steps(d.stepsId)} className="user-text" title={texts.deadline(d)}>
            {texts.deadline(d)}
          </a>
        </li>
      ))}
      {day.entries > 0 && (
        <li className="item item-entries">
          <a href={links.journalDay(date)} title={texts.entries(day.entries)}>
            {texts.entries(day.entries)}
          </a>
        </li>
      )}
    </ul>
  );
}

/** Small dots for the kinds of items a day holds (seen where there is no room for words). */
export function DayMarks({ day }: { day: DayData | undefined }) {
  if (!hasItems(day)) return null;
  return (
    <span className="day-marks" aria-hidden="true">
      {day.events.length > 0 && <span className="mark mark-event" />}
      {day.birthdays.length > 0 && <span className="mark mark-birthday" />}
      {day.deadlines.length > 0 && <span className="mark mark-deadline" />}
      {day.entries > 0 && <span className="mark mark-entries" />}
    </span>
  );
}
