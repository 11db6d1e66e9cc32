import { describe, expect, it } from "vitest";
import { matchServerMessage, message, SERVER_MESSAGES } from "./messages.ts";

describe("server messages", () => {
  it("fills placeholders and reads them back for every registered message", () => {
    for (const template of SERVER_MESSAGES) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const values = Object.fromEntries(names.map((n, i) => [n, `v${i} x`]));
      const text = (message as (t: string, v: Record<string, string>) => string)(template, values);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(matchServerMessage(text), text).toEqual({ template, values });
    }
  });

  it("prefers a fixed text over a template that would also match", () => {
    expect(matchServerMessage("Email is required")?.template).toBe("Email is required");
    expect(matchServerMessage("Entry id is required")).toEqual({
      template: "{field} is required",
      values: { field: "Entry id" },
    });
    expect(message("Too many sign-in attempts. Try again in {minutes} min.", { minutes: 12 })).toBe(
      "Too many sign-in attempts. Try again in 12 min.",
    );
  });

  it("knows no other text", () => {
    expect(matchServerMessage("Malformed JSON in request body")).toBeNull();
    expect(matchServerMessage("")).toBeNull();
  });

  it("registers each message once", () => {
    expect(new Set(SERVER_MESSAGES).size).toBe(SERVER_MESSAGES.length);
  });
});
