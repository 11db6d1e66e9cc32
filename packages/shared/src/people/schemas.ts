import * as v from "valibot";
import { email, name } from "../auth/schemas.ts";
import { isCalendarDate } from "../common/calendar-date.ts";
import { message } from "../common/messages.ts";
import { ENTRY_TAGS_MAX, NAME_MAX } from "../journal/schemas.ts";
import { normalizePersonTags } from "./person-tags.ts";

export { IdParam } from "../journal/schemas.ts";

/** Birth dates from here on are accepted (and up to the year 2199). */
const BIRTH_DATE_MIN = "1800-01-01";
const BIRTH_DATE_MAX = "2199-12-31";

/** "YYYY-MM-DD", or an ISO date-time of which only the date part is kept (as the profile's date of birth). */
const birthDate = v.pipe(
  v.string(message("Birth date is required")),
  v.trim(),
  v.nonEmpty(message("Birth date is required")),
  v.transform((s) => s.slice(0, 10)),
  v.check(
    (s) => isCalendarDate(s) && s >= BIRTH_DATE_MIN && s <= BIRTH_DATE_MAX,
    message("Birth date is not a valid date"),
  ),
);

const tagText = v.pipe(
  v.string(message("A tag must be text")),
  v.maxLength(NAME_MAX, message("A tag is at most {max} characters", { max: NAME_MAX })),
);

/**
 * Tags as typed — names, or `{name}` objects as a person's tags come back —
 * normalised (spec 2 §5): lower-case, a leading '@', each once, empties dropped.
 */
const tagNames = v.pipe(
  v.array(
    v.union([tagText, v.object({ name: tagText })], message("A tag must be text")),
    message("Tags must be a list"),
  ),
  v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
  v.transform((list) => normalizePersonTags(list.map((t) => (typeof t === "string" ? t : t.name)))),
);

/** POST /api/people: a person with name, email, birthDate and tags (spec 2 §7). */
export const PersonCreateBody = v.object({
  name,
  email,
  birthDate,
  tags: v.optional(tagNames, []),
});
export type PersonCreateBody = v.InferInput<typeof PersonCreateBody>;

/** How many tag ids one update may unlink: more than a person has, so a page's stale list still fits. */
export const TAG_IDS_TO_REMOVE_MAX = 500;

const id = v.pipe(
  v.number(message("The id must be a whole number")),
  v.integer(message("The id must be a whole number")),
);

/**
 * PUT /api/people/{id}: the spec's diff. `name` replaces `oldName` — when the
 * two are equal the name is left as it is, and when the stored name is no
 * longer `oldName` the rename is refused (409), so two editors never
 * overwrite each other's rename unseen. Email and birth date are replaced.
 * The tags with `tagIdsToRemove` are unlinked from the person (the tags
 * themselves stay: the journal shares them) and `tagNamesToAdd` linked,
 * created on first use.
 */
export const PersonUpdateBody = v.object({
  id,
  name,
  oldName: v.optional(v.string(message("Name is required"))),
  email,
  birthDate,
  tagIdsToRemove: v.optional(
    v.pipe(v.array(id, message("Tags must be a list")), v.maxLength(TAG_IDS_TO_REMOVE_MAX)),
    [],
  ),
  tagNamesToAdd: v.optional(tagNames, []),
});
export type PersonUpdateBody = v.InferInput<typeof PersonUpdateBody>;
