/** The checklists' limits, without valibot: schemas.ts builds on them. */

/**
 * The limits hold for a checklist as it is stored: its canonical form, every
 * line printed as `- [ ] text` with its indentation (checklist.ts). What a
 * client sends is normalised first and then measured, so content the API
 * stored can always be sent back, and a site can show the same measure
 * before it sends anything.
 */
export const CHECKLIST_CHARS_MAX = 50_000;
/** What a client may send before it is normalised (blank lines and wide indents shrink). */
export const CHECKLIST_INPUT_CHARS_MAX = 200_000;
export const CHECKLIST_LINES_MAX = 2_000;
