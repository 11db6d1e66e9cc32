import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en.po";
import { messages as ru } from "../../locales/ru.po";
import { When } from "./entry-item.tsx";

// The relative time exactly as the entries list shows it: the shipped <When>, with the site's catalogs.
function activate(locale: "en" | "ru", messages: Messages) {
  i18n.loadAndActivate({ locale, messages });
}
beforeEach(() => {
  activate("en", en);
  // The reader's browser: dates are written in its locale's order (packages/ui dates.ts).
  vi.stubGlobal("navigator", { language: "en-US", languages: ["en-US"] });
});

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const text = (now: string, ago: number, tz = "UTC") => {
  const n = new Date(now);
  const date = new Date(n.getTime() - ago).toISOString();
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <When date={date} now={n} timeZone={tz} />
    </I18nProvider>,
  );
};

describe("relative time at every boundary of spec §9, days counted on the calendar", () => {
  const noon = "2026-11-22T12:00:00Z";
  it("minutes and hours", () => {
    expect(text(noon, 0)).toBe("just recently");
    expect(text(noon, 59 * S)).toBe("just recently");
    expect(text(noon, 60 * S)).toBe("1 min ago");
    expect(text(noon, 59 * M + 59 * S)).toBe("59 min ago");
    expect(text(noon, 60 * M)).toBe("1 h ago");
    expect(text(noon, 11 * H + 59 * M)).toBe("11 h ago");
  });
  it("reads a moment ahead by under a minute (clock skew) as just recently, a later one as its date", () => {
    expect(text(noon, -59 * S)).toBe("just recently");
    expect(text(noon, -5 * M)).toBe("Nov 22, 2026");
    expect(text(noon, -13 * H)).toBe("Nov 23, 2026");
    expect(text(noon, -40 * D)).toBe("Jan 1, 2027");
    expect(text("2026-11-22T22:00:00Z", -3 * H, "Europe/Moscow")).toBe("Nov 23, 2026");
  });
  it("at HH:MM the same local day, else yesterday, from 12 h", () => {
    expect(text("2026-11-22T23:00:00Z", 12 * H)).toBe("at 11:00");
    expect(text(noon, 12 * H)).toBe("at 00:00");
    expect(text(noon, 12 * H + 1 * S)).toBe("yesterday");
    expect(text(noon, 23 * H + 59 * M)).toBe("yesterday");
  });
  it("decides today or yesterday in the user's time zone, across midnight and DST", () => {
    // 20:00 UTC is 23:00 in Moscow; 13 h earlier is 10:00 Moscow the same day.
    expect(text("2026-11-22T20:00:00Z", 13 * H, "Europe/Moscow")).toBe("at 10:00");
    // 22:00 UTC is 01:00 the next day in Moscow: 13 h earlier was yesterday there.
    expect(text("2026-11-22T22:00:00Z", 13 * H, "Europe/Moscow")).toBe("yesterday");
    expect(text("2026-11-22T22:00:00Z", 13 * H, "UTC")).toBe("at 09:00");
    // Los Angeles, 8 March 2026 (DST starts 02:00): 23:30 PDT, 14 h earlier is 09:30 PDT the same day.
    expect(text("2026-03-09T06:30:00Z", 14 * H, "America/Los_Angeles")).toBe("at 09:30");
    expect(text("2026-03-09T08:30:00Z", 14 * H, "America/Los_Angeles")).toBe("yesterday");
  });
  it("days by the calendar, then the date in the reader's order", () => {
    expect(text(noon, 24 * H)).toBe("yesterday");
    expect(text(noon, 36 * H)).toBe("yesterday");
    expect(text(noon, 36 * H + 1)).toBe("2 days ago");
    expect(text(noon, 9 * D)).toBe("9 days ago");
    expect(text(noon, 9 * D + 12 * H)).toBe("9 days ago");
    expect(text(noon, 9 * D + 12 * H + 1)).toBe("Nov 12, 2026");
    expect(text(noon, 10 * D)).toBe("Nov 12, 2026");
    expect(text("2026-01-05T01:00:00Z", 30 * D, "Asia/Tokyo")).toBe("Dec 6, 2025");
  });
  it("the issue's morning: 25 Nov 21:00 is two days before 27 Nov 11:45, 26 Nov 08:00 and 18:30 yesterday", () => {
    const now = "2026-11-27T11:45:00Z";
    const ago = (iso: string) => Date.parse(now) - Date.parse(iso);
    expect(text(now, ago("2026-11-25T21:00:00Z"))).toBe("2 days ago");
    expect(text(now, ago("2026-11-26T08:00:00Z"))).toBe("yesterday");
    expect(text(now, ago("2026-11-26T18:30:00Z"))).toBe("yesterday");
    expect(text(now, ago("2026-11-21T09:00:00Z"))).toBe("6 days ago");
    expect(text(now, ago("2026-11-21T22:00:00Z"))).toBe("6 days ago");
  });
  it("in an en-GB browser, the day before the month", () => {
    vi.stubGlobal("navigator", { language: "en-GB", languages: ["en-GB", "en"] });
    expect(text("2026-11-22T12:00:00Z", 10 * D)).toBe("12 Nov 2026");
  });
});

describe("in Russian", () => {
  it("reads the same moments in the reader's language, plurals included", () => {
    activate("ru", ru);
    const noon = "2026-11-22T12:00:00Z";
    expect(text(noon, 0)).toBe("только что");
    expect(text(noon, 1 * D)).toBe("вчера");
    expect(text(noon, 2 * D)).toMatch(/^2 дня/);
    expect(text(noon, 5 * D)).toMatch(/^5 дней/);
    // An English browser reading the Russian page: the month's name in Russian, the page's own order.
    expect(text(noon, 10 * D)).toBe("12 нояб. 2026 г.");
  });
});
