import type { ApiMessage } from "@nook/shared/common/messages";
import { firstIssueMessage } from "@nook/shared/common/validation";
import { randomDistinctInts, randomInts, type Words } from "@nook/shared/random/sample";
import { RANDOM_DEFAULTS, type RandomIntegers, RandomIntegersBody } from "@nook/shared/random/schemas";
import * as v from "valibot";

/** Where the numbers come from: this device's crypto (the default), or random.org through the Worker. */
export type NumbersSource = "device" | "service";

/** The form as typed (kept in the browser, so a reload finds it). */
export interface NumbersSettings {
  count: string;
  min: string;
  max: string;
  unique: boolean;
  source: NumbersSource;
}

export const DEFAULT_SETTINGS: NumbersSettings = {
  count: String(RANDOM_DEFAULTS.count),
  min: String(RANDOM_DEFAULTS.min),
  max: String(RANDOM_DEFAULTS.max),
  unique: false,
  source: "device",
};

const Settings = v.object({
  count: v.string(),
  min: v.string(),
  max: v.string(),
  unique: v.boolean(),
  source: v.picklist(["device", "service"]),
});
export const parseSettings = (raw: unknown): NumbersSettings | undefined => {
  const r = v.safeParse(Settings, raw);
  return r.success ? r.output : undefined;
};

/** The last draw, shown again after a reload. */
export interface NumbersResult {
  numbers: number[];
  source: NumbersSource;
  min: number;
  max: number;
}
const Result = v.object({
  numbers: v.array(v.number()),
  source: v.picklist(["device", "service"]),
  min: v.number(),
  max: v.number(),
});
export const parseResult = (raw: unknown): NumbersResult | undefined => {
  const r = v.safeParse(Result, raw);
  return r.success ? r.output : undefined;
};

/**
 * The draw the form describes: spec 2 §5 — count, min and max are all
 * required ("missing": 'Fill proper settings'); then the same bounds as the
 * API (RandomIntegersBody), in its words.
 */
export function drawOf(
  s: NumbersSettings,
): { ok: true; draw: RandomIntegers } | { ok: false; missing: true } | { ok: false; invalid: ApiMessage } {
  const fields = [s.count, s.min, s.max].map((f) => f.trim());
  if (fields.some((f) => f === "" || !Number.isFinite(Number(f)))) return { ok: false, missing: true };
  const [count, min, max] = fields.map(Number);
  const parsed = v.safeParse(RandomIntegersBody, { count, min, max, replacement: !s.unique });
  return parsed.success ? { ok: true, draw: parsed.output } : { ok: false, invalid: firstIssueMessage(parsed.issues) };
}

/** The draw on this device: crypto words, no modulo bias, distinct when asked. */
export function drawHere(draw: RandomIntegers, words?: Words): number[] {
  return draw.replacement
    ? randomInts(draw.count, draw.min, draw.max, words)
    : randomDistinctInts(draw.count, draw.min, draw.max, words);
}
