// Every field a contract names is a registered field (messages.ts FIELDS), so a refusal names it in the
// reader's language; a field left out would be refused as plain "Invalid input".
import { describe, expect, it } from "vitest";
import { CONTRACTS } from "./contracts.ts";
import { FIELDS } from "./messages.ts";

/** The object keys of a valibot schema, through pipes, wrappers, unions, arrays and records. */
function keysOf(schema: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (typeof schema !== "object" || schema === null || seen.has(schema)) return into;
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  if (s.kind !== "schema") return into;
  if (typeof s.entries === "object" && s.entries)
    for (const [key, entry] of Object.entries(s.entries)) {
      into.add(key);
      keysOf(entry, into, seen);
    }
  for (const part of ["wrapped", "item", "pipe", "options", "items", "rest", "value"]) {
    const inner = s[part];
    for (const x of Array.isArray(inner) ? inner : [inner]) keysOf(x, into, seen);
  }
  return into;
}

describe("registered fields", () => {
  it("name every key of every contract's schemas", () => {
    const keys = new Set<string>();
    for (const exports of Object.values(CONTRACTS)) for (const value of Object.values(exports)) keysOf(value, keys);
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !Object.hasOwn(FIELDS, k)).sort()).toEqual([]);
  });
});
