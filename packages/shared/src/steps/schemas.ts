import * as v from "valibot";
import { name } from "../auth/schemas.ts";
import { message } from "../common/messages.ts";
import { dateTime, id, text } from "../common/validation.ts";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "../journal/schemas.ts";
import { checklistLineCount, normalizeChecklist } from "./checklist.ts";
import { CHECKLIST_CHARS_MAX, CHECKLIST_INPUT_CHARS_MAX, CHECKLIST_LINES_MAX } from "./limits.ts";

export { IdParam } from "../journal/schemas.ts";
// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** POST /api/steps: `{name}` (spec 2 §5: a non-empty name). */
export const StepsCreateBody = v.object({ name });
export type StepsCreateBody = v.InferInput<typeof StepsCreateBody>;

const DEADLINE_WORDS = message("Deadline must be an ISO date-time");
/** An ISO date-time, stored as epoch ms; null (or absent, with a name) clears it. */
const deadline = v.nullable(
  dateTime("deadline", DEADLINE_WORDS, { min: ENTRY_DATE_MIN, max: ENTRY_DATE_MAX, words: DEADLINE_WORDS }),
);

const TOO_LONG = message("A checklist is at most {max} characters", { max: CHECKLIST_CHARS_MAX });

/**
 * Markdown task lines, stored in their canonical form (checklist.ts); empty is
 * '- [ ]'. The limits are measured on that form (limits.ts): what the API
 * stores it takes again, and a site measures the same before sending.
 */
const content = v.pipe(
  text(
    "content",
    CHECKLIST_INPUT_CHARS_MAX,
    { notText: message("{field} is not valid", { field: "content" }), tooLong: TOO_LONG },
    "multi",
  ),
  v.transform(normalizeChecklist),
  v.check((s) => s.length <= CHECKLIST_CHARS_MAX, TOO_LONG),
  v.check(
    (s) => checklistLineCount(s) <= CHECKLIST_LINES_MAX,
    message("A checklist is at most {max} lines", { max: CHECKLIST_LINES_MAX }),
  ),
);

const count = v.optional(v.unknown());

/**
 * PUT /api/steps/{id}: the whole steps object, in either of the spec's two
 * usages (§7) — `{id, name, deadline?}` renames and sets or clears the
 * deadline; `{id, content, totalItems, completedItems}` replaces the lines.
 * The counts a client sends are ignored: the server counts them from the
 * content, so they never disagree with it.
 */
export const StepsUpdateBody = v.pipe(
  v.object({
    id,
    name: v.optional(name),
    deadline: v.optional(deadline),
    content: v.optional(content),
    totalItems: count,
    completedItems: count,
  }),
  v.check((b) => b.name !== undefined || b.content !== undefined, message("Send a name or content to update")),
);
export type StepsUpdateBody = v.InferInput<typeof StepsUpdateBody>;
