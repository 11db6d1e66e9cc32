import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { BirthdayStrip, BirthdayWhen, TurnsAge } from "./birthday-strip.tsx";
import type { Person } from "./people-api.ts";

// The strip's words as shipped: the components with the site's own catalogs.
const CATALOGS: Record<"en" | "ru", Messages> = { en, ru };
function html(locale: "en" | "ru", node: ReactNode) {
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}
const person = (id: number, name: string, birthDate: string): Person => ({
  id,
  name,
  email: `${id}@x.org`,
  modifiedAt: "2026-01-01T00:00:00.000Z",
  username: "ann",
  birthDate,
  tags: [],
});

describe("the upcoming birthdays' words", () => {
  it("says the age turned, with Russian plurals", () => {
    expect(html("en", <TurnsAge age={1} />)).toBe("turns 1");
    expect(html("en", <TurnsAge age={36} />)).toBe("turns 36");
    const ru = (age: number) => html("ru", <TurnsAge age={age} />);
    expect([1, 21, 101].map(ru)).toEqual(["исполнится 1 год", "исполнится 21 год", "исполнится 101 год"]);
    expect([2, 3, 4, 22, 34].map(ru)).toEqual([
      "исполнится 2 года",
      "исполнится 3 года",
      "исполнится 4 года",
      "исполнится 22 года",
      "исполнится 34 года",
    ]);
    expect([5, 11, 12, 14, 20, 25, 111].map(ru)).toEqual([
      "исполнится 5 лет",
      "исполнится 11 лет",
      "исполнится 12 лет",
      "исполнится 14 лет",
      "исполнится 20 лет",
      "исполнится 25 лет",
      "исполнится 111 лет",
    ]);
  });

  it("says when: today, tomorrow, in n days", () => {
    expect([0, 1, 2, 21].map((n) => html("en", <BirthdayWhen inDays={n} />))).toEqual([
      "today",
      "tomorrow",
      "in 2 days",
      "in 21 days",
    ]);
    expect([0, 1, 2, 5, 21].map((n) => html("ru", <BirthdayWhen inDays={n} />))).toEqual([
      "сегодня",
      "завтра",
      "через 2 дня",
      "через 5 дней",
      "через 21 день",
    ]);
  });

  it("lists the soonest first, marks today's, and says when there are none", () => {
    const cy = person(3, "Cy", "1990-06-01");
    const people = [person(1, "Bea", "1990-11-30"), person(2, "Al", "1986-11-23"), cy];
    const strip = html("en", <BirthdayStrip people={people} today="2026-11-23" />);
    const items = [...strip.matchAll(/<li class="([^"]+)"[^>]*>(.*?)<\/li>/g)].map((m) => [m[1], m[2]]);
    expect(items.map(([cls]) => cls)).toEqual(["birthday birthday-today", "birthday"]);
    expect(items[0]?.[1]).toContain("Al");
    expect(items[0]?.[1]).toContain("turns 40");
    expect(items[1]?.[1]).toContain("Bea");
    expect(items[1]?.[1]).toContain("in 7 days");
    expect(items[1]?.[1]).toContain('<time dateTime="2026-11-30">Mon, Nov 30</time>');
    expect(html("en", <BirthdayStrip people={[cy]} today="2026-11-23" />)).toContain(
      "No birthdays in the next 30 days.",
    );
    expect(html("ru", <BirthdayStrip people={[cy]} today="2026-11-23" />)).toContain(
      "В ближайшие 30 дней дней рождения нет.",
    );
  });

  it("shows ten and counts the rest", () => {
    const many = Array.from({ length: 13 }, (_, i) => person(i + 1, `P${i + 1}`, "1990-11-25"));
    const strip = html("en", <BirthdayStrip people={many} today="2026-11-23" />);
    expect(strip.match(/data-testid="birthday"/g)).toHaveLength(10);
    expect(strip).toContain("and 3 more");
  });
});
