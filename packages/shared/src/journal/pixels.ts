import * as v from "valibot";
import { message } from "../common/messages.ts";
import { text } from "../common/validation.ts";
import { PIXELS_YEAR_MAX, PIXELS_YEAR_MIN } from "./pixels-limits.ts";

const YEAR_WORDS = message("The year is a whole number from {min} to {max}", {
  min: PIXELS_YEAR_MIN,
  max: PIXELS_YEAR_MAX,
});

/** `?year=` of GET /api/journal/pixels: four digits, a year from PIXELS_YEAR_MIN to PIXELS_YEAR_MAX. */
export const PixelsQuery = v.object({
  year: v.pipe(
    text("year", 4, YEAR_WORDS),
    v.regex(/^\d{4}$/, YEAR_WORDS),
    v.transform(Number),
    v.minValue(PIXELS_YEAR_MIN, YEAR_WORDS),
    v.maxValue(PIXELS_YEAR_MAX, YEAR_WORDS),
  ),
});
