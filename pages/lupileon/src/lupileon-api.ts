import type {
  CelestialAnswer,
  LupileonSummary,
  MoonAnswer,
  SignsAnswer,
  SolarAnswer,
} from "@nook/shared/lupileon/schemas";
import { api, ok } from "@nook/ui/api";

/**
 * The lupileon site's calls (spec 2 §7 "Birth-date section"); each returns its
 * success body or throws an ApiError. `date` is "YYYY-MM-DD", read by the API
 * as 12:00 UTC of that day; `zone` is the reader's IANA zone, whose day a moon
 * phase or a solstice names.
 */
export const lupileonApi = {
  summary: (): Promise<LupileonSummary> => ok(api.lupileon.summary.$get()),
  moon: (date: string, zone: string): Promise<MoonAnswer> =>
    ok(api.lupileon.moon[":date"].$get({ param: { date }, query: { tz: zone } })),
  celestial: (date: string): Promise<CelestialAnswer> => ok(api.lupileon.celestial[":date"].$get({ param: { date } })),
  solar: (date: string, zone: string): Promise<SolarAnswer> =>
    ok(api.lupileon.solar[":date"].$get({ param: { date }, query: { tz: zone } })),
  signs: (date: string): Promise<SignsAnswer> => ok(api.lupileon.signs[":date"].$get({ param: { date } })),
};

export type SkyCall = "moon" | "celestial" | "solar" | "signs";
/** The calls whose answer depends on the reader's zone. */
export type ZonedCall = "moon" | "solar";
