import { i18n, type Messages } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { dateProblem } from "./by-date-page.tsx";
import { BODY_NAMES, EVENT_NAMES, MOON_PHASE_NAMES, SIGN_NAMES } from "./names.ts";
import { moonPath } from "./solar/moon-disc.tsx";

const CATALOGS: Record<"en" | "ru", Messages> = { en, ru };

describe("the sky's names in both catalogs", () => {
  it("has every sign, body, event and moon phase in Russian, none left as English", () => {
    i18n.loadAndActivate({ locale: "ru", messages: CATALOGS.ru });
    for (const table of [SIGN_NAMES, BODY_NAMES, EVENT_NAMES, MOON_PHASE_NAMES])
      for (const descriptor of Object.values(table)) {
        const english = descriptor.message ?? "";
        expect(i18n._(descriptor), english).not.toBe(english);
        expect(i18n._(descriptor), english).toMatch(/[а-яё]/i);
      }
    expect(i18n._(MOON_PHASE_NAMES["Last Quarter"])).toBe("Последняя четверть");
    i18n.loadAndActivate({ locale: "en", messages: CATALOGS.en });
    expect(i18n._(SIGN_NAMES.leo)).toBe("Leo");
  });
});

describe("the by-date field", () => {
  it("wants a real day from 1000-01-01 to 3000-12-31", () => {
    expect(dateProblem("")).toBe("empty");
    expect(dateProblem("0999-12-31")).toBe("out-of-range");
    expect(dateProblem("3001-01-01")).toBe("out-of-range");
    // A day that cannot be is no date at all, whatever its year.
    expect(dateProblem("2023-02-29")).toBe("not-a-date");
    expect(dateProblem("2024-02-30")).toBe("not-a-date");
    expect(dateProblem("2024-13-01")).toBe("not-a-date");
    expect(dateProblem("soon")).toBe("not-a-date");
    expect(dateProblem("1000-01-01")).toBeNull();
    expect(dateProblem("3000-12-31")).toBeNull();
    expect(dateProblem("2024-02-29")).toBeNull();
  });
});

describe("the moon's disc", () => {
  it("lights nothing at new moon, the right half at first quarter, all at full, the left half at last quarter", () => {
    expect(moonPath(0, 20)).toBe("M0 -20A20 20 0 0 1 0 20A20 20 0 0 0 0 -20Z");
    expect(moonPath(90, 20)).toBe("M0 -20A20 20 0 0 1 0 20A0 20 0 0 0 0 -20Z");
    // A crescent's terminator bulges towards the lit limb, a gibbous moon's away from it.
    expect(moonPath(60, 20)).toBe("M0 -20A20 20 0 0 1 0 20A10 20 0 0 0 0 -20Z");
    expect(moonPath(120, 20)).toBe("M0 -20A20 20 0 0 1 0 20A10 20 0 0 1 0 -20Z");
    expect(moonPath(300, 20)).toBe("M0 -20A20 20 0 0 0 0 20A10 20 0 0 1 0 -20Z");
    expect(moonPath(180, 20)).toBe("M0 -20A20 20 0 0 0 0 20A20 20 0 0 0 0 -20Z");
    expect(moonPath(270, 20)).toBe("M0 -20A20 20 0 0 0 0 20A0 20 0 0 0 0 -20Z");
  });
});
