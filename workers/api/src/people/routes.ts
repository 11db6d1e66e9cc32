import { message, type ServerMessage } from "@nook/shared/common/messages";
import { IdParam, PersonCreateBody, PersonUpdateBody } from "@nook/shared/people/schemas";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed } from "../platform/idempotency.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { conflict, IF_MATCH_INVALID, ifMatch, isVersionConflict } from "../platform/version-gate.ts";
import { createPerson, deletePerson, type Owner, readPeople, readPerson, updatePerson } from "./people-store.ts";

const PERSON_NOT_FOUND = message("Person not found");
const RENAMED = message("This person was renamed elsewhere: reload to see the new name");

/** The signed-in user as the owner of the book: the username is the session's row, read on the first trip. */
function owner(c: Context<AppEnv>): Owner {
  return { id: c.var.user.id, username: async () => (await c.var.session.read()).user.username };
}

/**
 * The people book (spec 2 §7 "People"). A person's tags are the user's own
 * tags, shared with the journal: an entry tagged '@ada' is about Ada.
 */
export const peopleRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await readPeople(c.var.db, owner(c)), 200))
  .post("/", validate("json", PersonCreateBody), idempotentInBatch, async (c) => {
    // A retry of a keyed create: the person it made, as they are now.
    const again = async (id: number) => {
      const person = await readPerson(c.var.db, owner(c), id);
      return person ? c.json(person, 201) : fail(c, 404, PERSON_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      const id = await createPerson(c.var.db, c.var.user.id, c.req.valid("json"), c.var.keyClaim);
      const person = await readPerson(c.var.db, owner(c), id);
      // Gone already only if another request deleted it in between.
      if (!person) return fail(c, 404, PERSON_NOT_FOUND);
      return c.json(person, 201);
    });
  })
  .put("/:id", validate("param", IdParam), validate("json", PersonUpdateBody), idempotentInBatch, async (c) => {
    const { id } = c.req.valid("param");
    const { oldName, ...diff } = c.req.valid("json");
    if (diff.id !== id) return fail(c, 400, message("The id in the body does not match the address"));
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const current = await readPerson(c.var.db, owner(c), id);
    if (!current) return fail(c, 404, PERSON_NOT_FOUND);
    // The name is part of the diff: unchanged when it equals oldName; a rename of a name someone else changed is
    // refused. Written against a version (If-Match), that is found once the version refuses the write (a queued
    // rename sent again after its answer was lost is the key's to answer first: its own rename is not someone else's).
    const base = oldName?.trim();
    const rename = base === undefined || base !== diff.name;
    const renamedElsewhere = (name: string) => rename && base !== undefined && name !== base;
    if (version === undefined && renamedElsewhere(current.name)) return fail(c, 409, RENAMED);
    // A retry of a keyed edit: the person as they are now.
    const again = async (personId: number) => {
      const person = await readPerson(c.var.db, owner(c), personId);
      return person ? c.json(person, 200) : fail(c, 404, PERSON_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      // Deleted by a request racing this one: before the write (nothing written) or after it.
      try {
        if (!(await updatePerson(c.var.db, c.var.user.id, id, { ...diff, rename }, version, c.var.keyClaim)))
          return fail(c, 404, PERSON_NOT_FOUND);
      } catch (err) {
        if (!isVersionConflict(err)) throw err;
        const now = await readPerson(c.var.db, owner(c), id);
        // Stale because someone else renamed them: said in those words, about the name.
        if (now && renamedElsewhere(now.name)) return fail(c, 409, RENAMED);
        return conflict(c, now);
      }
      const person = await readPerson(c.var.db, owner(c), id);
      if (!person) return fail(c, 404, PERSON_NOT_FOUND);
      return c.json(person, 200);
    });
  })
  .delete("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deletePerson(c.var.db, c.var.user.id, id))) return fail(c, 404, PERSON_NOT_FOUND);
    return c.json({ message: "Person deleted" satisfies ServerMessage, id }, 200);
  });
