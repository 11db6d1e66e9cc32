// Every number a contract takes has a stated range, and every string a stated maximum and the one text check
// (validation.ts `text`): nothing a client sends is unbounded, holds a NUL or a lone surrogate (DESIGN §3).
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CONTRACTS } from "./contracts.ts";
import { message } from "./messages.ts";
import { isMultiLineText, isOneLineText, isWellFormedText } from "./text.ts";
import { text } from "./validation.ts";

type Node = Record<string, unknown>;

/** A number or a string a schema takes, with the actions that apply to it (its pipes', the enclosing ones' too). */
interface Leaf {
  path: string;
  type: "number" | "string";
  actions: Node[];
}

const isNode = (x: unknown): x is Node => typeof x === "object" && x !== null;
const WRAPPERS = ["optional", "nullable", "nullish", "exact_optional", "undefinedable", "non_optional", "non_nullable"];
const OBJECTS = ["object", "strict_object", "loose_object", "object_with_rest"];

/**
 * The numbers and strings of a schema: through pipes (whose actions reach the schema at their head, and
 * through a union or a wrapper at the head, each option), objects, arrays, tuples and records. A schema
 * inside a pipe (it checks the output so far) is walked on its own.
 */
function leaves(schema: unknown, path: string, around: Node[] = [], into: Leaf[] = []): Leaf[] {
  if (!isNode(schema) || schema.kind !== "schema") return into;
  if (Array.isArray(schema.pipe)) {
    const [head, ...rest] = schema.pipe as Node[];
    for (const item of rest) if (item.kind === "schema") leaves(item, path, [], into);
    return leaves(head, path, [...around, ...rest.filter((item) => item.kind !== "schema")], into);
  }
  const type = schema.type as string;
  if (type === "number" || type === "string") into.push({ path, type, actions: around });
  else if (WRAPPERS.includes(type)) leaves(schema.wrapped, path, around, into);
  else if (type === "union" || type === "variant")
    for (const option of schema.options as unknown[]) leaves(option, path, around, into);
  else if (OBJECTS.includes(type)) {
    for (const [key, entry] of Object.entries(schema.entries as Node)) leaves(entry, `${path}.${key}`, [], into);
    leaves(schema.rest, `${path}.*`, [], into);
  } else if (type === "array") leaves(schema.item, `${path}[]`, [], into);
  else if (type === "tuple" || type === "strict_tuple" || type === "loose_tuple")
    for (const [i, item] of (schema.items as unknown[]).entries()) leaves(item, `${path}[${i}]`, [], into);
  else if (type === "record") {
    leaves(schema.key, `${path}{key}`, [], into);
    leaves(schema.value, `${path}{}`, [], into);
  }
  return into;
}

const has = (leaf: Leaf, type: string) => leaf.actions.some((a) => a.type === type);
const checks = (leaf: Leaf, requirement: unknown) =>
  leaf.actions.some((a) => a.type === "check" && a.requirement === requirement);

/** What a leaf lacks: a number its least and greatest value, a string its maximum and the text checks. */
function unbounded(leaf: Leaf): string[] {
  const missing =
    leaf.type === "number"
      ? [has(leaf, "min_value") ? "" : "minValue", has(leaf, "max_value") ? "" : "maxValue"]
      : [
          has(leaf, "max_length") ? "" : "maxLength",
          checks(leaf, isWellFormedText) ? "" : "the well-formed check",
          checks(leaf, isOneLineText) || checks(leaf, isMultiLineText) ? "" : "the control-character check",
        ];
  return missing.filter(Boolean).map((what) => `${leaf.path}: a ${leaf.type} without ${what}`);
}

function contractLeaves(): Leaf[] {
  const found: Leaf[] = [];
  for (const [area, exports] of Object.entries(CONTRACTS))
    for (const [name, value] of Object.entries(exports)) leaves(value, `${area}.${name}`, [], found);
  return found;
}

describe("the contracts' bounds", () => {
  it("give every number a least and a greatest value, and every string a maximum and the text checks", () => {
    const found = contractLeaves();
    // The walk reaches them all: a count that fell would mean it stopped looking.
    expect(found.filter((l) => l.type === "number").length).toBeGreaterThan(20);
    expect(found.filter((l) => l.type === "string").length).toBeGreaterThan(70);
    expect(found.flatMap(unbounded)).toEqual([]);
  });

  it("are found wherever they are missing", () => {
    const WORDS = message("Text must be text");
    const Loose = v.object({
      n: v.pipe(v.number(), v.integer(), v.minValue(0)),
      s: v.pipe(v.string(), v.maxLength(5)),
      list: v.array(v.union([v.string(), v.pipe(text("text", 5, { notText: WORDS, tooLong: WORDS }))])),
      page: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.maxLength(3))]), v.minValue(1))),
    });
    expect(leaves(Loose, "Loose").flatMap(unbounded)).toEqual([
      "Loose.n: a number without maxValue",
      "Loose.s: a string without the well-formed check",
      "Loose.s: a string without the control-character check",
      "Loose.list[]: a string without maxLength",
      "Loose.list[]: a string without the well-formed check",
      "Loose.list[]: a string without the control-character check",
      "Loose.page: a number without maxValue",
      "Loose.page: a string without the well-formed check",
      "Loose.page: a string without the control-character check",
    ]);
  });
});
