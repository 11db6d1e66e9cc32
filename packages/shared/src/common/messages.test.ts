import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  type ApiMessage,
  FIELDS,
  icuMessage,
  message,
  SERVER_MESSAGES,
  type ServerCode,
  type ServerMessage,
  serverCatalogEnglish,
} from "./messages.ts";
import { firstIssueMessage } from "./validation.ts";

/** A message's parts, as plain data to compare. */
const parts = ({ code, values, text }: ApiMessage) => ({ code, values, text });
const fill = message as (t: ServerMessage, values?: Record<string, string | number>) => ReturnType<typeof message>;

describe("server messages", () => {
  it("fills every registered message and names it by its code", () => {
    for (const [code, template] of Object.entries(SERVER_MESSAGES)) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const values = Object.fromEntries(names.map((n, i) => [n, n === "field" ? "stackId" : `v${i}`]));
      const made = fill(template, values);
      expect(made.text).not.toMatch(/\{\w+\}/);
      expect(made.code).toBe(code);
      expect(made.values).toEqual(values);
    }
  });

  it("registers each text once, so a call site's text has one code", () => {
    const texts = Object.values(SERVER_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("keeps numbers as numbers and names a field by its key, in English in the text", () => {
    const throttled = message("Too many sign-in attempts. Try again in {minutes} min.", { minutes: 12 });
    expect(parts(throttled)).toMatchObject({
      code: "auth.throttled",
      values: { minutes: 12 },
      text: "Too many sign-in attempts. Try again in 12 min.",
    });
    const missing = message("{field} is required", { field: "stackId" });
    expect(parts(missing)).toMatchObject({ code: "platform.fieldRequired", values: { field: "stackId" } });
    expect(missing.text).toBe("Stack id is required");
    expect(FIELDS.stackId).toBe("Stack id");
  });
});

describe("the server catalog's English", () => {
  const codes = Object.keys(SERVER_MESSAGES) as ServerCode[];

  it("writes counts, lines and limits as numbers, days as days, and names, words and years as they came", () => {
    expect(icuMessage("import.fieldCount")).toBe(
      "Line {line, number} has {found, number} fields where the first line names {expected, number}",
    );
    expect(icuMessage("auth.throttled")).toBe("Too many sign-in attempts. Try again in {minutes, number} min.");
    expect(icuMessage("journal.dateRange")).toBe("Date must be between {min, date, utcDay} and {max, date, utcDay}");
    expect(icuMessage("timer.instantRange")).toBe(
      "{field} must be an ISO date-time between {min, date, utcDay} and {max, date, utcDay}",
    );
    expect(icuMessage("platform.dateYears")).toBe("{field} must be a date from year {min} to {max}");
    expect(icuMessage("lupileon.dateInvalid")).toBe(
      "Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}",
    );
    expect(icuMessage("journal.tagExists")).toBe(
      "The tag {name} exists; entries a merge moves onto it: {count, number}",
    );
    expect(icuMessage("import.dateInvalid")).toBe(
      'Line {line, number}: "{date}" is not a date and time this import can read',
    );
    expect(icuMessage("auth.accentColor")).toBe("Accent colour must be one of {colors}");
    expect(icuMessage("platform.notFound")).toBe("Not found");
  });

  it("adds at most a format to each placeholder of the registered text", () => {
    for (const code of codes) {
      const icu = icuMessage(code);
      expect(icu.replace(/\{(\w+)(?:, number|, date, utcDay)?\}/g, "{$1}"), code).toBe(SERVER_MESSAGES[code]);
      expect(icu.match(/[{}]/g)?.length ?? 0, code).toBe(SERVER_MESSAGES[code].match(/[{}]/g)?.length ?? 0);
    }
  });

  it("holds every code, and every field's name under field.<key>", () => {
    const english = serverCatalogEnglish();
    expect(english.size).toBe(codes.length + Object.keys(FIELDS).length);
    for (const code of codes) expect(english.get(code)).toBe(icuMessage(code));
    for (const [key, name] of Object.entries(FIELDS)) expect(english.get(`field.${key}`)).toBe(name);
  });
});

describe("firstIssueMessage", () => {
  const Body = v.object({
    name: v.pipe(v.string(), v.maxLength(3, message("Name is too long"))),
    metrics: v.array(v.object({ value: v.number() })),
    zzz: v.optional(v.number()),
  });
  const first = (input: unknown) => {
    const r = v.safeParse(Body, input);
    if (r.success) throw new Error("parsed");
    return parts(firstIssueMessage(r.issues));
  };

  it("returns the registered message a check was made with, by its code", () => {
    expect(first({ name: "Annabel", metrics: [] })).toMatchObject({
      code: "auth.nameTooLong",
      text: "Name is too long",
    });
  });

  it("names a missing field by its key, the innermost one", () => {
    expect(first({ metrics: [] })).toMatchObject({ code: "platform.fieldRequired", values: { field: "name" } });
    expect(first({ name: "A", metrics: [{}] })).toMatchObject({
      code: "platform.fieldRequired",
      values: { field: "value" },
      text: "Value is required",
    });
  });

  it("falls back to 'not valid' for valibot's own words, and to 'Invalid input' for an unregistered field", () => {
    expect(first({ name: 5, metrics: [] })).toMatchObject({ code: "platform.fieldInvalid", values: { field: "name" } });
    expect(first({ name: "A", metrics: [], zzz: "x" })).toMatchObject({ code: "platform.invalid", values: {} });
    expect(first("not an object")).toMatchObject({ code: "platform.invalid" });
  });
});
