import { env } from "cloudflare:test";
import { startOfLocalDay } from "@nook/shared/common/time-zone";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDb } from "./db.ts";
import { localDayStartSql } from "./local-day.ts";

const DAY = 86_400_000;

describe("a local day's first instant in SQL", () => {
  // Berlin changes at 02:00/03:00, Santiago's clocks jump over midnight in September, Lord Howe moves by
  // half an hour, Kiritimati is 14 hours ahead, Tokyo never changes.
  for (const zone of ["Europe/Berlin", "America/Santiago", "Australia/Lord_Howe", "Pacific/Kiritimati", "Asia/Tokyo"])
    it(`is startOfLocalDay's, every day of 2025 and 2026, in ${zone}`, async () => {
      const [from, to] = [Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1)];
      const first = Math.floor(from / DAY);
      const days = Array.from({ length: (to - from) / DAY }, (_, i) => first + i);
      const rows = await openDb(env.DB).all<{ day: number; start: number }>(
        sql`WITH RECURSIVE d(day) AS (SELECT ${first} UNION ALL SELECT day + 1 FROM d WHERE day < ${days.at(-1)})
          SELECT day, ${localDayStartSql(sql`day`, zone, from - DAY, to + DAY)} AS start FROM d`,
      );
      const expected = days.map((day) => {
        const date = new Date(day * DAY);
        return { day, start: startOfLocalDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), zone) };
      });
      expect(rows).toEqual(expected);
    });
});
