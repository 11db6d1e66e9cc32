import { describe, expect, it } from "vitest";
import { bodyStats, byAgeBands, FOOD_PER_DAY, inThousands } from "./body-stats.ts";

describe("bodyStats: a life from 1990-05-17 to 2026-11-22, every figure worked by hand", () => {
  // 1990-05-17 → 2026-05-17: 36 × 365 days + 9 leap days (1992 … 2024) = 13149;
  // 2026-05-17 → 2026-11-22: 14 (May) + 30 + 31 + 31 + 30 + 31 + 22 (Nov) = 189; in all 13338.
  const days = 13_338;
  const stats = bodyStats("1990-05-17", "2026-11-22");

  it("counts the days, the age and the next birthday", () => {
    expect(stats).not.toBeNull();
    expect(stats?.days).toBe(days);
    expect(stats?.years).toBe(36);
    expect(stats?.daysSinceBirthday).toBe(189);
    expect(stats?.nextBirthday).toBe("2027-05-17");
    // 8 (to 30 Nov) + 31 + 31 + 28 + 31 + 30 + 17 (May)
    expect(stats?.daysToBirthday).toBe(176);
  });

  it("counts breaths, heartbeats from the first one, and blinks", () => {
    // 16 a minute × 60 × 24 = 23040 a day
    expect(stats?.breaths).toBe(13_338 * 23_040);
    expect(stats?.breaths).toBe(307_307_520);
    // 80 × 60 × 24 = 115200 a day, from 258 days before birth: 13596 days
    expect(stats?.heartbeats).toBe(1_566_259_200);
    // 17 a minute × 60 × 16 waking hours = 16320 a day
    expect(stats?.blinks).toBe(217_676_160);
  });

  it("dates the conception and the first heartbeat", () => {
    // 17 May is 136 days after 1 January; 280 − 136 = 144 days before 1 January 1990: 10 August 1989.
    expect(stats?.conception).toBe("1989-08-10");
    // 258 − 136 = 122 days before 1 January 1990: 1 September 1989.
    expect(stats?.firstHeartbeat).toBe("1989-09-01");
  });

  it("gives a third of the days to sleep", () => {
    expect(stats?.sleepDays).toBe(4446);
    expect(stats?.sleepYears).toBeCloseTo(4446 / 365.25, 12);
    expect(stats?.sleepYears).toBeCloseTo(12.172, 3);
  });

  it("counts the cells' renewals every 7.5 years and dates the next", () => {
    // 7.5 × 365.25 = 2739.375 days; 13338 / 2739.375 = 4.87
    expect(stats?.cellRegenerations).toBe(4);
    // The fifth at 5 × 2739.375 = 13696.875 days, complete on day 13697: 359 days after 2026-11-22.
    expect(stats?.nextRegeneration).toBe("2027-11-16");
  });

  it("weighs food, water and air by the age bands", () => {
    // 4383 days at 1, 2556.75 at 1.5 (3835.125), and 13338 − 6939.75 = 6398.25 at 2 (12796.5)
    expect(stats?.foodKg).toBe(21_014.625);
    expect(stats?.waterLitres).toBe(21_014.625);
    expect(inThousands(21_014.625)).toBe(21);
    // 4383 × 5000 + 2556.75 × 8000 + 6398.25 × 11000 = 21915000 + 20454000 + 70380750
    expect(stats?.airLitres).toBe(112_749_750);
    expect(stats?.airKg).toBeCloseTo(138_118.44375, 6);
    expect(inThousands(stats?.airKg ?? 0)).toBe(138.1);
    expect(inThousands(112_749_750)).toBe(112_749.8);
  });
});

describe("the age bands' edges", () => {
  it("changes rate exactly after day 4383 (age 12) and day 6939.75 (age 19)", () => {
    expect(byAgeBands(0, FOOD_PER_DAY)).toBe(0);
    expect(byAgeBands(4383, FOOD_PER_DAY)).toBe(4383);
    expect(byAgeBands(4384, FOOD_PER_DAY)).toBe(4384.5);
    expect(byAgeBands(6939.75, FOOD_PER_DAY)).toBe(4383 + 2556.75 * 1.5);
    expect(byAgeBands(6940.75, FOOD_PER_DAY)).toBe(4383 + 2556.75 * 1.5 + 2);
    expect(byAgeBands(6939.75, [5000, 8000, 11000])).toBe(21_915_000 + 20_454_000);
  });

  it("reaches the edge of childhood on the twelfth birthday", () => {
    // 2000 → 2012: 12 × 365 + 3 leap days (2000, 2004, 2008) = 4383
    const twelve = bodyStats("2000-01-01", "2012-01-01");
    expect(twelve?.days).toBe(4383);
    expect(twelve?.foodKg).toBe(4383);
    expect(twelve?.airLitres).toBe(4383 * 5000);
    expect(twelve?.years).toBe(12);
    expect(twelve?.daysToBirthday).toBe(0);
    expect(bodyStats("2000-01-01", "2012-01-02")?.foodKg).toBe(4384.5);
  });
});

describe("figures above 1000", () => {
  it("are also given in thousands with one decimal; 1000 itself is not", () => {
    expect(inThousands(999)).toBeNull();
    expect(inThousands(1000)).toBeNull();
    expect(inThousands(1000.01)).toBe(1);
    expect(inThousands(1049.9)).toBe(1);
    expect(inThousands(1050)).toBe(1.1);
    expect(inThousands(8218.125)).toBe(8.2);
  });
});

describe("dates at the edges", () => {
  it("gives nothing for a birth date after today", () => {
    expect(bodyStats("2026-11-23", "2026-11-22")).toBeNull();
  });

  it("starts at zero on the day of birth, with the heartbeats before it", () => {
    const stats = bodyStats("2026-11-22", "2026-11-22");
    expect(stats).toMatchObject({ days: 0, years: 0, breaths: 0, blinks: 0, sleepDays: 0, cellRegenerations: 0 });
    expect(stats?.heartbeats).toBe(258 * 115_200);
    // 2740 days on: 7 × 365 + 2 leap days (2028, 2032) = 2557 to 2033-11-22, then 8 + 31 + 31 + 28 + 31 + 30 + 24 = 183
    expect(stats?.nextRegeneration).toBe("2034-05-24");
  });

  it("keeps a 29 February birthday on 28 February in other years", () => {
    const stats = bodyStats("2000-02-29", "2025-02-28");
    expect(stats?.years).toBe(25);
    expect(stats?.daysToBirthday).toBe(0);
    expect(bodyStats("2000-02-29", "2025-02-27")?.years).toBe(24);
    expect(bodyStats("2000-02-29", "2025-03-01")?.nextBirthday).toBe("2026-02-28");
    expect(bodyStats("2000-02-29", "2027-03-01")?.nextBirthday).toBe("2028-02-29");
  });
});
