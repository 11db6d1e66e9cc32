import * as v from "valibot";
import { email, NAME_LENGTH_MAX, name } from "../auth/schemas.ts";
import { message } from "../common/messages.ts";
import { calendarDay, id, text } from "../common/validation.ts";
import { ENTRY_TAGS_MAX, NAME_MAX } from "../journal/schemas.ts";
import { latestToday } from "./birthdays.ts";
import { BIRTH_YEAR_MAX, BIRTH_YEAR_MIN, TAG_IDS_TO_REMOVE_MAX } from "./limits.ts";
import { normalizePersonTags } from "./person-tags.ts";

export { IdParam } from "../journal/schemas.ts";
// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/**
 * "YYYY-MM-DD", or an ISO date-time of which only the date part is kept (as the profile's date of birth);
 * not after today (anywhere on Earth: the API is not told the reader's zone; the form checks their own today).
 */
const birthDate = v.pipe(
  calendarDay(
    "birthDate",
    { invalid: message("Birth date is not a valid date"), required: message("Birth date is required") },
    { years: { min: BIRTH_YEAR_MIN, max: BIRTH_YEAR_MAX }, dateTime: true },
  ),
  v.check((day) => day <= latestToday(), message("Birth date cannot be after today")),
);

const tagText = text("tags", NAME_MAX, {
  notText: message("A tag must be text"),
  tooLong: message("A tag is at most {max} characters", { max: NAME_MAX }),
});

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
  oldName: v.optional(
    text("oldName", NAME_LENGTH_MAX, { notText: message("Name is required"), tooLong: message("Name is too long") }),
  ),
  email,
  birthDate,
  tagIdsToRemove: v.optional(
    v.pipe(
      v.array(id, message("Tags must be a list")),
      v.maxLength(TAG_IDS_TO_REMOVE_MAX, message("At most {max} tags", { max: TAG_IDS_TO_REMOVE_MAX })),
    ),
    [],
  ),
  tagNamesToAdd: v.optional(tagNames, []),
});
export type PersonUpdateBody = v.InferInput<typeof PersonUpdateBody>;
