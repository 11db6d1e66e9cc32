import { and, asc, eq, exists, inArray, max, type SQL, sql } from "drizzle-orm";
import { tags } from "../journal/schema.ts";
import { createTags } from "../journal/tag-ids.ts";
import { type Db, insertedId } from "../platform/db.ts";
import { type Claim, keyedBatch } from "../platform/idempotency.ts";
import { inList } from "../platform/json-list.ts";
import { type Batch, versionGate } from "../platform/version-gate.ts";
import { people, personTags } from "./schema.ts";

export interface Person {
  id: number;
  name: string;
  email: string;
  /** When it last changed (ISO): the version an edit is made against (`If-Match`). */
  modifiedAt: string;
  /** The owner's username (spec 2 §3): whose book the person is in. */
  username: string;
  birthDate: string;
  tags: { id: number; name: string }[];
}

export interface PersonFields {
  name: string;
  email: string;
  birthDate: string;
}

const row = (p: PersonFields) => ({ ...p, birthMonthDay: p.birthDate.slice(5, 10), modifiedAt: Date.now() });

/**
 * Whose book: the id builds the queries; the username is asked for after
 * them, as the session's row that tells it is read on the same trip.
 */
export interface Owner {
  id: number;
  username(): Promise<string>;
}

/** A user's people, by name (case-insensitive), or one of them; each with its tags by name. */
export async function readPeople(db: Db, owner: Owner, personId?: number): Promise<Person[]> {
  const mine =
    personId === undefined ? eq(people.userId, owner.id) : and(eq(people.userId, owner.id), eq(people.id, personId));
  const [rows, links] = await db.batch([
    db
      .select({
        id: people.id,
        name: people.name,
        email: people.email,
        birthDate: people.birthDate,
        modifiedAt: people.modifiedAt,
      })
      .from(people)
      .where(mine)
      .orderBy(sql`${people.name} COLLATE NOCASE`, asc(people.id)),
    db
      .select({ personId: personTags.personId, id: tags.id, name: tags.name })
      .from(personTags)
      .innerJoin(people, eq(people.id, personTags.personId))
      .innerJoin(tags, eq(tags.id, personTags.tagId))
      .where(mine)
      .orderBy(asc(tags.name)),
  ]);
  const username = await owner.username();
  const byPerson = new Map<number, { id: number; name: string }[]>();
  for (const { personId: owner, id, name } of links)
    byPerson.set(owner, [...(byPerson.get(owner) ?? []), { id, name }]);
  return rows.map((p) => ({
    ...p,
    // The version an edit is made against (If-Match, platform/version-gate.ts).
    modifiedAt: new Date(p.modifiedAt).toISOString(),
    username,
    tags: byPerson.get(p.id) ?? [],
  }));
}

/** One of the user's people, or undefined. */
export async function readPerson(db: Db, owner: Owner, personId: number) {
  return (await readPeople(db, owner, personId))[0];
}

/**
 * Creates the user's tags that are new and links them to a person (an id, or
 * a subquery that finds it), while `guard` holds (the person is still there).
 */
function linkTags(db: Db, userId: number, personId: SQL<number>, names: string[], guard: SQL = sql`true`) {
  if (!names.length) return [];
  return [
    createTags(db, userId, names, guard),
    db
      .insert(personTags)
      .select(
        db
          .select({ personId: sql<number>`${personId}`.as("person_id"), tagId: tags.id })
          .from(tags)
          .where(and(eq(tags.userId, userId), inList(tags.name, names), guard)),
      )
      .onConflictDoNothing(),
  ] as const;
}

/** Adds a person with their tags in one batch; returns the new id. */
export async function createPerson(
  db: Db,
  userId: number,
  p: PersonFields & { tags: string[] },
  claim?: Claim,
): Promise<number> {
  const newest = db
    .select({ id: max(people.id) })
    .from(people)
    .where(eq(people.userId, userId));
  const results = await db.batch([
    db
      .insert(people)
      .values({ userId, ...row(p), createdAt: Date.now() })
      .returning({ id: people.id }),
    ...linkTags(db, userId, sql<number>`(${newest})`, p.tags),
    // The request's Idempotency-Key, claimed with the person's id in this same batch (platform/idempotency.ts).
    ...keyedBatch(db, claim, 201, sql`(${newest})`),
  ]);
  return insertedId(results);
}

/**
 * Applies the spec's diff to a person the caller found to be the user's:
 * fields replaced (the name only when `rename`), tags unlinked by id and
 * linked by name, all in one batch. Every statement re-checks ownership, and
 * that the person is still there: a DELETE racing this request may have
 * removed them since the caller's check (false: nothing written).
 */
export async function updatePerson(
  db: Db,
  userId: number,
  personId: number,
  diff: PersonFields & { rename: boolean; tagIdsToRemove: number[]; tagNamesToAdd: string[] },
  version?: number,
  claim?: Claim,
): Promise<boolean> {
  const mine = and(eq(people.id, personId), eq(people.userId, userId));
  const owned = db.select({ id: people.id }).from(people).where(mine);
  const { rename, tagIdsToRemove, tagNamesToAdd, ...fields } = diff;
  const { name, ...rest } = row(fields);
  // The version it was read at, checked first (platform/version-gate.ts): a stale write changes nothing.
  const gate = versionGate(db, "person", userId, personId, version);
  // The request's Idempotency-Key before it: a retry of an edit that was written fails on the key (and is answered
  // with the person as they are), not on the version the edit itself moved on.
  const key = keyedBatch(db, claim, 200, sql`${personId}`);
  const results = await db.batch([
    ...key,
    ...gate,
    db
      .update(people)
      .set(rename ? { name, ...rest } : rest)
      .where(mine)
      .returning({ id: people.id }),
    ...(tagIdsToRemove.length
      ? [
          db
            .delete(personTags)
            .where(and(inArray(personTags.personId, owned), inList(personTags.tagId, tagIdsToRemove))),
        ]
      : []),
    ...linkTags(db, userId, sql<number>`(${owned})`, tagNamesToAdd, exists(owned)),
  ] as unknown as Batch);
  return (results[key.length + gate.length] as unknown[]).length > 0;
}

/** Removes a person (their tag links go with them; the tags stay). False when there was none. */
export async function deletePerson(db: Db, userId: number, personId: number): Promise<boolean> {
  const gone = await db
    .delete(people)
    .where(and(eq(people.id, personId), eq(people.userId, userId)))
    .returning({ id: people.id });
  return gone.length > 0;
}
