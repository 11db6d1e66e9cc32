import { message, type ServerMessage } from "@nook/shared/common/messages";
import { NAMES_PART_ENTRIES } from "@nook/shared/journal/limits";
import { IdParam, MetricRenameBody, TagRenameBody } from "@nook/shared/journal/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../../platform/context.ts";
import { fail } from "../../platform/errors.ts";
import { pacedTrips } from "../../platform/paced-trips.ts";
import { validate } from "../../platform/validate.ts";
import {
  deleteMetric,
  deleteMetricPart,
  deleteTag,
  deleteTagPart,
  entriesWithBoth,
  listMetricUses,
  listTagUses,
  mergeMetric,
  mergeMetricPart,
  mergeTag,
  mergeTagPart,
  metricUse,
  metricUseByName,
  misfits,
  refreshMetricPart,
  refreshTagPart,
  renameMetric,
  renameTag,
  tagUse,
  tagUseByName,
} from "./store.ts";

const TAG_NOT_FOUND = message("Tag not found");

/**
 * A name's answer, and whether its rename, merge or delete goes on (NAMES_PART_ENTRIES a request): `more`,
 * and for a rename the last entry written, which the next request names as `after`.
 */
function inParts<T extends object>(use: T, next: number | true | null): T & { more?: true; after?: number } {
  if (next === null) return use;
  return { ...use, more: true, ...(typeof next === "number" ? { after: next } : {}) };
}
const METRIC_NOT_FOUND = message("Metric not found");
/** A write that lost a race with another one (the row went, a name appeared) is tried afresh this many times. */
const ATTEMPTS = 3;

/**
 * The user's tags and metrics, managed (the spec has none of these
 * routes, so the paths are ours, beside the spec's GET /tags and GET /metrics,
 * which stay as they are):
 *
 * - GET /api/journal/tags-in-use: every tag with `entries`, `people` and
 *   `timers`, the entries, people and running timer it is on, by name.
 * - GET /api/journal/metrics-in-use: every metric with `entries`, by name.
 * - PUT /api/journal/tags/{id} {name, merge?}: renames the tag (the name read
 *   as an entry's tag is). Onto a name the user already has: 409 with the
 *   entries that would move (`values.count`), unless `merge: true`, which
 *   merges the tag into that one. Answers the tag as it is then.
 * - DELETE /api/journal/tags/{id}: the tag leaves its entries, people and timers.
 * - PUT /api/journal/metrics/{id} {name, merge?}: the same for a metric, with
 *   two more refusals (409): a merge when entries have a value of both
 *   (summing means nothing for a mood or a weight, keeping one drops the
 *   other: the person decides, entry by entry), and a name 'mood' or
 *   'duration' that some values could not be.
 * - DELETE /api/journal/metrics/{id}: its values leave their entries.
 *
 * store.ts says what follows each change (stack items, people, timers, counts).
 * Mounted inside journalRoutes, behind its requireUser.
 */
export const nameRoutes = new Hono<AppEnv>()
  .get("/tags-in-use", async (c) => c.json(await listTagUses(c.var.db, c.var.user.id), 200))
  .get("/metrics-in-use", async (c) => c.json(await listMetricUses(c.var.db, c.var.user.id), 200))
  .put("/tags/:id", pacedTrips, validate("param", IdParam), validate("json", TagRenameBody), async (c) => {
    const { db, user } = c.var;
    const { name, merge, after } = c.req.valid("json");
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const tag = await tagUse(db, user.id, c.req.valid("param").id);
      if (!tag) return fail(c, 404, TAG_NOT_FOUND);
      if (tag.name === name) {
        // A rename's next part: the fingerprints of its entries after the last one written.
        const next = after === undefined ? null : await refreshTagPart(db, user.id, tag, after);
        return c.json(inParts(tag, next), 200);
      }
      const into = await tagUseByName(db, user.id, name);
      if (into && !merge)
        return fail(
          c,
          409,
          message("The tag {name} exists; entries a merge moves onto it: {count}", { name, count: tag.entries }),
        );
      if (into && tag.entries > NAMES_PART_ENTRIES) {
        // A part of the merge: the rest, once it fits one request, ends it below.
        await mergeTagPart(db, user.id, tag, into);
        const now = await tagUse(db, user.id, tag.id);
        if (now) return c.json(inParts(now, true), 200);
        continue;
      }
      if (into) {
        if (await mergeTag(db, user.id, tag, into)) {
          const now = await tagUse(db, user.id, into.id);
          if (now) return c.json(inParts(now, null), 200);
        }
        continue;
      }
      const done = await renameTag(db, user.id, tag, name);
      if (done.renamed) {
        const now = await tagUse(db, user.id, tag.id);
        if (now) return c.json(inParts(now, done.after), 200);
      }
    }
    return fail(c, 404, TAG_NOT_FOUND);
  })
  .delete("/tags/:id", pacedTrips, validate("param", IdParam), async (c) => {
    const { db, user } = c.var;
    const tag = await tagUse(db, user.id, c.req.valid("param").id);
    if (!tag) return fail(c, 404, TAG_NOT_FOUND);
    if (tag.entries > NAMES_PART_ENTRIES) {
      // A part: the tag leaves some of its entries; it goes once the rest fits one request.
      await deleteTagPart(db, user.id, tag);
      return c.json({ id: tag.id, more: true as const }, 200);
    }
    if (!(await deleteTag(db, user.id, tag))) return fail(c, 404, TAG_NOT_FOUND);
    return c.json({ message: "Tag deleted" satisfies ServerMessage, id: tag.id }, 200);
  })
  .put("/metrics/:id", pacedTrips, validate("param", IdParam), validate("json", MetricRenameBody), async (c) => {
    const { db, user } = c.var;
    const { name, merge, after } = c.req.valid("json");
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const metric = await metricUse(db, user.id, c.req.valid("param").id);
      if (!metric) return fail(c, 404, METRIC_NOT_FOUND);
      if (metric.name === name) {
        const next = after === undefined ? null : await refreshMetricPart(db, user.id, metric, after);
        return c.json(inParts(metric, next), 200);
      }
      const misfit = await misfits(db, metric.id, name);
      if (misfit > 0)
        return fail(
          c,
          409,
          message(
            "Values that cannot be {name}: {count} (a mood is a whole number from 1 to 5, a duration is not negative)",
            { name, count: misfit },
          ),
        );
      const into = await metricUseByName(db, user.id, name);
      if (into) {
        const both = await entriesWithBoth(db, metric.id, into.id);
        if (both > 0)
          return fail(
            c,
            409,
            message("Entries with both metrics: {count}; leave one value on each, then merge", { count: both }),
          );
        if (!merge)
          return fail(
            c,
            409,
            message("The metric {name} exists; entries a merge moves onto it: {count}", {
              name,
              count: metric.entries,
            }),
          );
      }
      if (into && metric.entries > NAMES_PART_ENTRIES) {
        await mergeMetricPart(db, user.id, metric, into);
        const now = await metricUse(db, user.id, metric.id);
        if (now) return c.json(inParts(now, true), 200);
        continue;
      }
      if (into) {
        if (await mergeMetric(db, user.id, metric, into)) {
          const now = await metricUse(db, user.id, into.id);
          if (now) return c.json(inParts(now, null), 200);
        }
        continue;
      }
      const done = await renameMetric(db, user.id, metric, name);
      if (done.renamed) {
        const now = await metricUse(db, user.id, metric.id);
        if (now) return c.json(inParts(now, done.after), 200);
      }
    }
    return fail(c, 404, METRIC_NOT_FOUND);
  })
  .delete("/metrics/:id", pacedTrips, validate("param", IdParam), async (c) => {
    const { db, user } = c.var;
    const metric = await metricUse(db, user.id, c.req.valid("param").id);
    if (!metric) return fail(c, 404, METRIC_NOT_FOUND);
    if (metric.entries > NAMES_PART_ENTRIES) {
      await deleteMetricPart(db, user.id, metric);
      return c.json({ id: metric.id, more: true as const }, 200);
    }
    if (!(await deleteMetric(db, user.id, metric))) return fail(c, 404, METRIC_NOT_FOUND);
    return c.json({ message: "Metric deleted" satisfies ServerMessage, id: metric.id }, 200);
  });
