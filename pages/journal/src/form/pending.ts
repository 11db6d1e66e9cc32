import { parseDuration } from "@nook/shared/common/duration";
import { NEGATION, normalizeTag } from "@nook/shared/common/tags";
import { METRIC_VALUE_MAX } from "@nook/shared/journal/limits";

export interface MetricValue {
  name: string;
  value: number;
}

/** Why typed metric input cannot become a metric. */
export type MetricProblem = "incomplete" | "mood" | "duration" | "number" | "too-large";
/** Why typed tag input cannot become a tag. */
export type TagProblem = "negated";

/** A metric from its typed label and value (spec 1 §5: both needed; 'duration' as '1h 30m 5s'). */
export function parseMetric(
  label: string,
  value: string,
): { ok: true; metric: MetricValue } | { ok: false; problem: MetricProblem } {
  const name = label.trim().toLowerCase();
  if (!name || !value.trim()) return { ok: false, problem: "incomplete" };
  if (name === "mood") return { ok: false, problem: "mood" };
  const parsed = name === "duration" ? parseDuration(value) : Number(value.trim().replace(",", "."));
  if (parsed === null) return { ok: false, problem: "duration" };
  if (!Number.isFinite(parsed)) return { ok: false, problem: "number" };
  if (Math.abs(parsed) > METRIC_VALUE_MAX) return { ok: false, problem: "too-large" };
  return { ok: true, metric: { name, value: parsed } };
}

/** A tag from typed text: null when there is none; a leading '!' is refused, as the API does. */
export function parseTag(text: string): { ok: true; tag: string | null } | { ok: false; problem: TagProblem } {
  if (text.trim().startsWith("!")) return { ok: false, problem: "negated" };
  return { ok: true, tag: normalizeTag(text)?.name ?? null };
}

/** A filter tag from typed text, as a chip: 'name', or '!name' when negated; null when there is none. */
export function parseFilterTag(text: string): string | null {
  const tag = normalizeTag(text);
  return tag && (tag.not ? `${NEGATION}${tag.name}` : tag.name);
}

export interface Pending {
  tagText: string;
  metricLabel: string;
  metricValue: string;
}
export const NO_PENDING: Pending = { tagText: "", metricLabel: "", metricValue: "" };

/**
 * What Add / Update saves: the chosen tags and metrics plus whatever is still
 * typed in the tag and metric fields, so nothing typed is lost. A half-typed
 * metric (label without value or the other way round) stops the save.
 */
export function withPending(
  tags: string[],
  metrics: MetricValue[],
  pending: Pending,
):
  | { ok: true; tags: string[]; metrics: MetricValue[] }
  | { ok: false; field: "tag"; problem: TagProblem }
  | { ok: false; field: "metric"; problem: MetricProblem } {
  const tag = parseTag(pending.tagText);
  if (!tag.ok) return { ok: false, field: "tag", problem: tag.problem };
  const outTags = tag.tag && !tags.includes(tag.tag) ? [...tags, tag.tag] : tags;
  if (!pending.metricLabel.trim() && !pending.metricValue.trim()) return { ok: true, tags: outTags, metrics };
  const metric = parseMetric(pending.metricLabel, pending.metricValue);
  if (!metric.ok) return { ok: false, field: "metric", problem: metric.problem };
  const outMetrics = [...metrics.filter((m) => m.name !== metric.metric.name), metric.metric];
  return { ok: true, tags: outTags, metrics: outMetrics };
}
