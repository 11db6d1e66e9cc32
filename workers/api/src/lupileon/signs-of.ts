import type { SignsAnswer } from "@nook/shared/lupileon/schemas";
import { CELTIC_STARTS, SIDEREAL_STARTS, sexagenary, signSpan, TROPICAL_STARTS } from "@nook/shared/lupileon/signs";
import { chineseYearOf } from "./astro.ts";

/** A day's signs (GET /api/lupileon/signs/{date}): the shared tables, and the Chinese year found in the sky. */
export function signsOf(day: string): SignsAnswer {
  const chinese = chineseYearOf(day);
  const cycle = sexagenary(chinese.year);
  return {
    day,
    tropical: signSpan(TROPICAL_STARTS, day),
    sidereal: signSpan(SIDEREAL_STARTS, day),
    chinese: {
      animal: cycle.animal,
      element: cycle.element,
      yinYang: cycle.yinYang,
      stem: cycle.stem,
      branch: cycle.branch,
      cycleYear: cycle.cycleYear,
      yearStart: chinese.start,
      yearEnd: chinese.end,
    },
    celtic: signSpan(CELTIC_STARTS, day),
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
  };
}
