import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { message } from "./messages.ts";
import { CALENDAR_YEARS, calendarDay, dateTime, firstIssueMessage, id, text } from "./validation.ts";

/** The code and English of a refusal, or the parsed value. */
function parse(schema: v.GenericSchema, input: unknown) {
  const r = v.safeParse(schema, input);
  if (r.success) return { value: r.output };
  const { code, text } = firstIssueMessage(r.issues);
  return { code, text };
}

describe("text()", () => {
  const name = text("name", 5, { notText: message("Name is required"), tooLong: message("Name is too long") });
  const lines = text(
    "text",
    20,
    { notText: message("Text must be text"), tooLong: message("Text is at most {max} characters", { max: 20 }) },
    "multi",
  );

  it("takes a bounded, well-formed text without control characters", () => {
    expect(parse(name, "Ann")).toEqual({ value: "Ann" });
    expect(parse(lines, "one\n\ttwo\r\n")).toEqual({ value: "one\n\ttwo\r\n" });
  });

  it("refuses a NUL, another control character and a lone surrogate in the field's name, and a long text", () => {
    expect(parse(name, "A\u0000n")).toEqual({
      code: "platform.textControl",
      text: "Name cannot contain control characters",
    });
    expect(parse(name, "A\nn")).toMatchObject({ code: "platform.textControl" });
    expect(parse(lines, "a\u0000")).toEqual({
      code: "platform.textControl",
      text: "Text cannot contain control characters",
    });
    expect(parse(lines, "bell\u0007")).toMatchObject({ code: "platform.textControl" });
    expect(parse(name, "\uD800")).toEqual({
      code: "platform.textBroken",
      text: "Name holds a broken character (an unpaired surrogate)",
    });
    expect(parse(name, "Annabel")).toEqual({ code: "auth.nameTooLong", text: "Name is too long" });
    expect(parse(name, 5)).toEqual({ code: "auth.nameRequired", text: "Name is required" });
  });

  it("says a machine format's one message for every refusal", () => {
    const words = message("Unknown time zone");
    const zone = text("timeZone", 8, words);
    for (const bad of [1, "Europe/Moscow", "UTC\u0000", "\uDC00"])
      expect(parse(zone, bad)).toMatchObject({ code: "auth.unknownTimeZone" });
  });
});

describe("calendarDay()", () => {
  const invalid = message("Date of birth is not a valid date");
  const day = calendarDay("dateOfBirth", { invalid });
  const dayOrMoment = calendarDay("dateOfBirth", { invalid }, { years: { min: 1800, max: 2199 }, dateTime: true });

  it("takes a real day, 29 February of a leap year included, in the calendar's years", () => {
    expect(CALENDAR_YEARS).toEqual({ min: 1000, max: 3000 });
    for (const ok of ["2024-02-29", "1000-01-01", "3000-12-31"]) expect(parse(day, ok)).toEqual({ value: ok });
  });

  it("refuses a day that does not exist, and a year outside, each in its words", () => {
    for (const bad of ["2024-02-30", "2023-02-29", "2025-04-31", "17.05.1990", "1990-05-17T10:00:00Z", ""])
      expect(parse(day, bad), bad).toEqual({
        code: "auth.dateOfBirthInvalid",
        text: "Date of birth is not a valid date",
      });
    expect(parse(day, "0000-01-01")).toEqual({
      code: "platform.dateYears",
      text: "Date of birth must be a date from year 1000 to 3000",
    });
    expect(parse(day, "9999-12-31")).toMatchObject({ code: "platform.dateYears" });
  });

  it("with dateTime, keeps the date part as written of a real moment only", () => {
    expect(parse(dayOrMoment, "1990-05-17T22:00:00.000Z")).toEqual({ value: "1990-05-17" });
    expect(parse(dayOrMoment, "1990-05-18T01:00:00+03:00")).toEqual({ value: "1990-05-18" });
    for (const bad of ["2024-02-30T10:00:00Z", "1990-05-17T24:00:00Z", "1990-05-17garbage", "1990-05-17T10:00"])
      expect(parse(dayOrMoment, bad), bad).toMatchObject({ code: "auth.dateOfBirthInvalid" });
    expect(parse(dayOrMoment, "1700-01-01T00:00:00Z")).toMatchObject({ code: "platform.dateYears" });
  });
});

describe("dateTime()", () => {
  const words = message("Date must be an ISO date-time");
  const range = message("Date must be between {min} and {max}", { min: "1900-01-01", max: "2199-12-31" });
  const moment = dateTime("date", words, { min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) - 1, words: range });

  it("reads a real moment as epoch milliseconds, within its range", () => {
    expect(parse(moment, "2026-03-05T12:00:00Z")).toEqual({ value: Date.UTC(2026, 2, 5, 12) });
    expect(parse(moment, "2024-02-30T12:00:00Z")).toMatchObject({ code: "journal.dateNotIso" });
    expect(parse(moment, "2024-02-29")).toMatchObject({ code: "journal.dateNotIso" });
    expect(parse(moment, "1899-12-31T23:59:59.999Z")).toMatchObject({ code: "journal.dateRange" });
    expect(parse(moment, "2200-01-01T00:00:00Z")).toMatchObject({ code: "journal.dateRange" });
  });
});

describe("id", () => {
  it("is a whole number from 1 to fifteen digits", () => {
    expect(parse(id, 999_999_999_999_999)).toEqual({ value: 999_999_999_999_999 });
    for (const bad of [0, -1, 1.5, 1e15, 1e308, "1"])
      expect(parse(id, bad), String(bad)).toMatchObject({ code: "journal.idNotWhole" });
  });
});
