import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import type { Person } from "./people-api.ts";
import { UPCOMING_DAYS, UPCOMING_SHOWN, type UpcomingBirthday, upcomingBirthdays } from "./upcoming-birthdays.ts";

/** When a birthday is, from today: 'today', 'tomorrow', 'in 5 days'. */
export function BirthdayWhen({ inDays }: { inDays: number }) {
  if (inDays === 0) return <Trans>today</Trans>;
  if (inDays === 1) return <Trans>tomorrow</Trans>;
  return <Plural value={inDays} one="in # day" other="in # days" />;
}

/** The age a birthday brings: 'turns 36'. */
export function TurnsAge({ age }: { age: number }) {
  return <Plural value={age} one="turns #" other="turns #" />;
}

function BirthdayItem({ birthday }: { birthday: UpcomingBirthday<Person> }) {
  const { i18n } = useLingui();
  const { person, date, age, inDays } = birthday;
  return (
    <li className={`birthday${inDays === 0 ? " birthday-today" : ""}`} data-testid="birthday">
      <span className="birthday-name user-text" dir="auto">
        {person.name}
      </span>
      <span className="birthday-when">
        {inDays === 0 ? (
          <strong>
            <BirthdayWhen inDays={inDays} />
          </strong>
        ) : (
          <BirthdayWhen inDays={inDays} />
        )}
        {" · "}
        <time dateTime={date}>
          {formatDay(date, i18n.locale, { weekday: "short", day: "numeric", month: "short" })}
        </time>
      </span>
      <span className="birthday-age">
        <TurnsAge age={age} />
      </span>
    </li>
  );
}

/** The next birthdays within 30 days, soonest first, each with the age turned; today's marked. */
export function BirthdayStrip({ people, today }: { people: Person[]; today: string }) {
  const upcoming = upcomingBirthdays(people, today);
  const more = upcoming.length - UPCOMING_SHOWN;
  const days = UPCOMING_DAYS;
  return (
    <section className="birthdays" aria-labelledby="birthdays-title">
      <h2 id="birthdays-title" className="birthdays-title">
        <Trans>Upcoming birthdays</Trans>
      </h2>
      {upcoming.length ? (
        <ul className="birthday-list">
          {upcoming.slice(0, UPCOMING_SHOWN).map((b) => (
            <BirthdayItem key={b.person.id} birthday={b} />
          ))}
          {more > 0 && (
            <li className="birthday-more muted">
              <Plural value={more} one="and # more" other="and # more" />
            </li>
          )}
        </ul>
      ) : (
        <p className="muted">
          <Plural value={days} one="No birthdays in the next # day." other="No birthdays in the next # days." />
        </p>
      )}
    </section>
  );
}
