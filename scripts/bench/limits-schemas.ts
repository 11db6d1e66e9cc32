/**
 * The API's routes and their schemas, for `npm run bench -- limits`, which runs this as a child process:
 *   node --experimental-transform-types --no-warnings scripts/bench/limits-schemas.ts
 * (the app's modules need the flag; the bench runs under plain node). Its first line out is every route the
 * app registers, as JSON: `[{method, path}]`, found as the fuzz walk finds them (workers/api/src/test/
 * fuzz.test.ts). Then, for each request the bench sends a line of (`{method, path, json?, query?, param?}`),
 * a line back: whether the route's own schemas take it (`issues`: what they say when not), and where it is
 * short of a schema's stated maximum (`under`: a string shorter, a list with fewer items, a number below
 * a maximum of at most 10,000, an optional field left out), so the bench prints how far each call is from
 * the route's largest input.
 */
import { createInterface } from "node:readline";
import * as v from "valibot";

type Target = "json" | "query" | "param";

// Loaded by computed specifiers: the app names the Workers' ambient types, which the scripts' typecheck lacks.
const source = (path: string) => new URL(`../../workers/api/src/${path}`, import.meta.url).href;
const { app } = (await import(source("app.ts"))) as {
  app: { routes: { method: string; path: string; handler: object }[] };
};
const { validators } = (await import(source("platform/validate.ts"))) as {
  validators: WeakMap<object, { target: string; schema: v.GenericSchema }>;
};
type Schema = v.GenericSchema & {
  type: string;
  pipe?: readonly { kind: string; type: string; requirement?: unknown }[];
  entries?: Record<string, Schema>;
  item?: Schema;
  options?: readonly unknown[];
  wrapped?: Schema;
};

const routes = new Map<string, { method: string; path: string; schemas: Partial<Record<Target, Schema>> }>();
for (const r of app.routes) {
  if (r.method === "ALL") continue;
  const key = `${r.method} ${r.path}`;
  const route = routes.get(key) ?? { method: r.method, path: r.path, schemas: {} };
  const checked = validators.get(r.handler);
  if (checked && (checked.target === "json" || checked.target === "query" || checked.target === "param"))
    route.schemas[checked.target] = checked.schema as Schema;
  routes.set(key, route);
}

/** The least of a schema's stated maxima of one kind (a pipe may state one before a transform and one after). */
function maximum(schema: Schema, kind: "max_length" | "max_value"): number | undefined {
  let least: number | undefined;
  for (const item of schema.pipe ?? []) {
    const found =
      item.kind === "schema"
        ? maximum(item as unknown as Schema, kind)
        : item.type === kind
          ? (item.requirement as number)
          : undefined;
    if (found !== undefined) least = least === undefined ? found : Math.min(least, found);
  }
  return least;
}

/** Whether a string's pipe makes it something else: a choice of words, or a transform no length follows. */
function readAsOther(schema: Schema): boolean {
  const steps = (schema.pipe ?? []).flatMap((p) =>
    p.kind === "schema" ? [...((p as unknown as Schema).pipe ?? [p])] : [p],
  );
  if (steps.some((p) => p.type === "picklist")) return true;
  const last = steps.findLastIndex((p) => p.type === "transform" || p.type === "raw_transform");
  return last !== -1 && !steps.slice(last).some((p) => p.type === "max_length");
}

/** Where `value` is short of `schema`'s maxima, as "path n/max" (a list's items: the shortest of them). */
function under(schema: Schema, value: unknown, path: string, out: string[]) {
  switch (schema.type) {
    case "optional":
    case "exact_optional":
    case "nullable":
    case "nullish":
    case "undefinedable":
      if (value === undefined) out.push(`${path} left out`);
      else if (value !== null) under(schema.wrapped as Schema, value, path, out);
      return;
    case "union":
    case "variant": {
      const max = maximum(schema, "max_length");
      if (max !== undefined && Array.isArray(value) && value.length < max) out.push(`${path} ${value.length}/${max}`);
      // A number given as a number or as text (a page's limit): its value against the union's maximum.
      const most = maximum(schema, "max_value");
      if (most !== undefined) {
        const parsed = v.safeParse(schema, value);
        if (most <= 10_000 && parsed.success && typeof parsed.output === "number" && parsed.output < most)
          out.push(`${path} ${parsed.output}/${most}`);
        return;
      }
      const option = (schema.options as Schema[]).find((o) => v.safeParse(o, value).success);
      if (option) under(option, value, path, out);
      return;
    }
    case "string": {
      // Text read as something else (a number, a date, an id, a choice of a few words) is as long as its
      // value's own writing: its range or its choices are its maximum.
      if (maximum(schema, "max_value") !== undefined || readAsOther(schema)) return;
      const max = maximum(schema, "max_length");
      if (max !== undefined && typeof value === "string" && value.length < max)
        out.push(`${path} ${value.length}/${max}`);
      return;
    }
    case "number": {
      const max = maximum(schema, "max_value");
      if (max !== undefined && max <= 10_000 && typeof value === "number" && value < max)
        out.push(`${path} ${value}/${max}`);
      return;
    }
    case "array": {
      const max = maximum(schema, "max_length");
      if (!Array.isArray(value)) return;
      if (max !== undefined && value.length < max) out.push(`${path} ${value.length}/${max}`);
      // Each item's shortfalls, the first of each place only.
      const seen = new Set<string>();
      for (const item of value) {
        const found: string[] = [];
        under(schema.item as Schema, item, `${path}[]`, found);
        for (const f of found) {
          const place = f.split(" ")[0] as string;
          if (!seen.has(place)) {
            seen.add(place);
            out.push(f);
          }
        }
      }
      return;
    }
    case "object":
    case "strict_object":
    case "loose_object":
    case "object_with_rest": {
      // A schema piped through a first object of unknowns (the stacks' bodies) is read by its last object.
      const last = [...(schema.pipe ?? [])].reverse().find((p) => p.kind === "schema" && "entries" in p) as
        | Schema
        | undefined;
      const entries = (last ?? schema).entries ?? {};
      if (typeof value !== "object" || value === null) return;
      for (const [key, field] of Object.entries(entries))
        under(field, (value as Record<string, unknown>)[key], `${path}.${key}`, out);
      return;
    }
    default:
      return;
  }
}

console.log(JSON.stringify([...routes.values()].map(({ method, path }) => ({ method, path }))));

for await (const line of createInterface({ input: process.stdin })) {
  const asked = JSON.parse(line) as { method: string; path: string } & Partial<Record<Target, unknown>>;
  const route = routes.get(`${asked.method} ${asked.path}`);
  const issues: string[] = [];
  const short: string[] = [];
  if (!route) issues.push("no such route");
  for (const [target, schema] of Object.entries(route?.schemas ?? {}) as [Target, Schema][]) {
    const value = asked[target] ?? (target === "json" ? undefined : {});
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) issues.push(`${target}: ${parsed.issues.map((i) => i.message).join("; ")}`);
    under(schema, value, target, short);
  }
  console.log(JSON.stringify({ issues, under: short }));
}
