/** The checklists' limits, without valibot: schemas.ts builds on them. */

export const CHECKLIST_CHARS_MAX = 50_000;
export const CHECKLIST_LINES_MAX = 2_000;
