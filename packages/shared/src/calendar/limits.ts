/** The calendar's limits, without valibot: schemas.ts builds on them. */

/** The longest span one calendar call covers (DESIGN §5): a year view and its edges. */
export const CALENDAR_DAYS_MAX = 400;
