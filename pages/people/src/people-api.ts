import { api, ok } from "@nook/ui/api";
import { enqueue, onSent, type QueuedWrite } from "@nook/ui/offline-queue";
import { invalidate, mutateWhere } from "@nook/ui/use-data";
import type { InferRequestType, InferResponseType } from "hono/client";

/** A person as GET /api/people answers it: the API's own type. */
export type Person = InferResponseType<typeof api.people.$get, 200>[number];
/** The body of POST /api/people. */
export type PersonCreate = InferRequestType<typeof api.people.$post>["json"];
/** The body of PUT /api/people/{id}: the spec's diff (spec 2 §3). */
export type PersonUpdate = InferRequestType<(typeof api.people)[":id"]["$put"]>["json"];

/** The people site's calls; each returns its success body or throws an ApiError (packages/ui). */
export const peopleApi = {
  /** The user's people, sorted by name. */
  list: () => ok(api.people.$get()),
  /** The user's '@' tags, most used first: the tag input's suggestions. */
  tagNames: async () => (await ok(api.journal["tags-for-people-sorted"].$get())).map((t) => t.name),
};

/**
 * A person's add, edit or delete kept in this browser until the server has it (offline-queue): sent now if it
 * can be, else in order when the network is back, once (its Idempotency-Key); an edit against the version it
 * was opened at. What the person will look like rides along (`meta.shown`), for the card shown meanwhile.
 */
export const queuePerson = (json: PersonCreate) =>
  enqueue({
    method: "POST",
    path: "/api/people",
    body: json,
    kind: "person",
    meta: { shown: shownMeta({ ...json, tags: (json.tags ?? []).map((t) => (typeof t === "string" ? t : t.name)) }) },
  });

export const queuePersonEdit = (json: PersonUpdate, version: string, tags: string[]) =>
  enqueue({
    method: "PUT",
    path: `/api/people/${json.id}`,
    body: json,
    headers: { "If-Match": `"${version}"` },
    kind: "person-edit",
    meta: { personId: json.id, shown: shownMeta({ ...json, tags }) },
  });

/** A delete: done once the person is gone (a 404 too: another device was first, or the first answer was lost). */
export const queuePersonDelete = (person: Person) =>
  enqueue({
    method: "DELETE",
    path: `/api/people/${person.id}`,
    body: undefined,
    kind: "person-delete",
    meta: { personId: person.id, shown: shownMeta({ ...person, tags: person.tags.map((t) => t.name) }) },
  });

/** A kept person write as the card shows it. */
export interface ShownPerson {
  name: string;
  email: string;
  birthDate: string;
  tags: { name: string }[];
}

function shownMeta(p: { name: string; email: string; birthDate: string; tags: string[] }): string {
  return JSON.stringify({
    name: p.name,
    email: p.email,
    birthDate: p.birthDate,
    tags: p.tags.map((name) => ({ name })),
  });
}

/** The person a kept write would make (or, a delete, removes). */
export function shownPerson(item: QueuedWrite): ShownPerson {
  try {
    const p = JSON.parse(String(item.meta?.shown)) as ShownPerson;
    if (typeof p.name === "string" && typeof p.email === "string" && Array.isArray(p.tags)) return p;
  } catch {}
  return { name: "", email: "", birthDate: "", tags: [] };
}

/** The person a kept edit or delete is of. */
export const queuedPersonId = (item: QueuedWrite): number | null =>
  typeof item.meta?.personId === "number" ? item.meta.personId : null;

/** The people list's data key (people-home.tsx) and the tag field's suggestions' (person-form.tsx). */
export const PEOPLE_KEY = "people";
export const TAG_NAMES_KEY = "people-tags";

// A sent write's answer is the person as the server has them (a delete: gone): the list is set from it, no read
// again; the tag suggestions are read again (a tag may be new).
const inList = (change: (list: Person[]) => Person[]) =>
  mutateWhere(
    (key) => key === PEOPLE_KEY,
    (list) => change(list as Person[]),
  );
const put = (answer: unknown) => {
  const person = answer as Person | null;
  if (typeof person?.id !== "number") return;
  inList((list) => [...list.filter((p) => p.id !== person.id), person]);
  void invalidate(TAG_NAMES_KEY);
};
onSent("person", (_, answer) => put(answer));
onSent("person-edit", (_, answer) => put(answer));
onSent("person-delete", (item) => {
  const id = queuedPersonId(item);
  inList((list) => list.filter((p) => p.id !== id));
});
