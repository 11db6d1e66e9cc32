import { env } from "cloudflare:test";
import { openDb } from "../../platform/db.ts";
import { createUser } from "../../test/helpers.ts";
import { type StatContext, type StatQuery, stackItemData } from "./index.ts";

/** An entry for the engine's tests: a date and tags, optionally metrics by name. */
export interface TestEntry {
  date: number | string;
  tags?: string[];
  metrics?: Record<string, number>;
  text?: string;
}

/**
 * A user with these entries, inserted straight into D1 (ids in the given
 * order), and a way to ask the engine for a statistic of theirs.
 */
/** The id an INSERT … RETURNING id gave. */
async function insertedId(statement: D1PreparedStatement): Promise<number> {
  const row = await statement.first<{ id: number }>();
  if (!row) throw new Error("the insert returned no id");
  return row.id;
}

export async function userWithEntries(name: string, list: TestEntry[]) {
  const user = await createUser(name);
  const db = env.DB;
  const tagId = new Map<string, number>();
  const metricId = new Map<string, number>();
  const ids: number[] = [];
  for (const e of list) {
    const date = typeof e.date === "string" ? Date.parse(e.date) : e.date;
    const id = await insertedId(
      db
        .prepare(
          "INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(user.id, e.text ?? "", date, date, `fp${ids.length}`),
    );
    ids.push(id);
    for (const tag of e.tags ?? []) {
      if (!tagId.has(tag)) {
        tagId.set(
          tag,
          await insertedId(
            db.prepare("INSERT INTO tags (user_id, name, use_count) VALUES (?, ?, 1) RETURNING id").bind(user.id, tag),
          ),
        );
      }
      await db.prepare("INSERT INTO entry_tags (entry_id, tag_id) VALUES (?, ?)").bind(id, tagId.get(tag)).run();
    }
    for (const [metric, value] of Object.entries(e.metrics ?? {})) {
      if (!metricId.has(metric)) {
        metricId.set(
          metric,
          await insertedId(
            db.prepare("INSERT INTO metrics (user_id, name) VALUES (?, ?) RETURNING id").bind(user.id, metric),
          ),
        );
      }
      await db
        .prepare("INSERT INTO entry_metrics (entry_id, metric_id, value) VALUES (?, ?, ?)")
        .bind(id, metricId.get(metric), value)
        .run();
    }
  }
  return {
    user,
    ids,
    metricId: (name: string) => metricId.get(name) ?? 0,
    stat<T extends StatQuery["type"]>(
      query: Partial<Omit<StatQuery<T>, "type">> & {
        type: T;
        tags?: string;
        metric?: string;
        range?: StatQuery["config"]["timeRange"];
        goal?: StatQuery["config"]["goal"];
      },
      context: StatContext,
    ) {
      const filter = (query.tags ?? "")
        .split(" ")
        .filter(Boolean)
        .map((t) => ({ name: t.replace(/^!/, ""), not: t.startsWith("!") }));
      return stackItemData(
        openDb(env.DB),
        user.id,
        {
          type: query.type,
          tagsSign: query.tagsSign ?? "&&",
          uptimeOnly: query.uptimeOnly ?? false,
          config: query.config ?? {
            filter,
            timeRange: query.range ?? null,
            metricId: query.metric ? (metricId.get(query.metric) ?? 0) : null,
            goal: query.goal ?? null,
          },
        },
        context,
      );
    },
  };
}
