import { useSearchParams } from "wouter";

/** The three ways to look at a date (spec 2 §2, §4), kept in the address as `?mode=`. */
export const MODES = ["math", "stars", "solar"] as const;
export type Mode = (typeof MODES)[number];

export const isMode = (value: unknown): value is Mode => MODES.includes(value as Mode);

/** The mode in the address, else the screen's own default; choosing one replaces the address (a reload keeps it). */
export function useMode(fallback: Mode): [Mode, (mode: Mode) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("mode");
  const mode = isMode(asked) ? asked : fallback;
  const choose = (next: Mode) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set("mode", next);
        return copy;
      },
      { replace: true },
    );
  return [mode, choose];
}

/** The Stars mode's western zodiac (spec 2 §4: sidereal by default), kept in the browser. */
export type Zodiac = "sidereal" | "tropical";
export const ZODIAC_KEY = "nook.lupileon.zodiac";
export const parseZodiac = (raw: unknown): Zodiac | undefined =>
  raw === "sidereal" || raw === "tropical" ? raw : undefined;
