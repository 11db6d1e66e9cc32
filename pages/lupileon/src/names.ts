import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CelestialBody, MoonPhaseName, SolarEvent } from "@nook/shared/lupileon/schemas";
import type { WesternSign } from "@nook/shared/lupileon/signs";

/**
 * The sky's names in the UI language, for the Solar mode (which does not
 * load the zodiac lore): the signs, the bodies, the year's events, the
 * Moon's phases.
 */

export const SIGN_NAMES: Record<WesternSign, MessageDescriptor> = {
  aries: msg`Aries`,
  taurus: msg`Taurus`,
  gemini: msg`Gemini`,
  cancer: msg`Cancer`,
  leo: msg`Leo`,
  virgo: msg`Virgo`,
  libra: msg`Libra`,
  scorpio: msg`Scorpio`,
  sagittarius: msg`Sagittarius`,
  capricorn: msg`Capricorn`,
  aquarius: msg`Aquarius`,
  pisces: msg`Pisces`,
};

export const BODY_NAMES: Record<CelestialBody, MessageDescriptor> = {
  sun: msg`Sun`,
  moon: msg`Moon`,
  mercury: msg`Mercury`,
  venus: msg`Venus`,
  mars: msg`Mars`,
  jupiter: msg`Jupiter`,
  saturn: msg`Saturn`,
  uranus: msg`Uranus`,
  neptune: msg`Neptune`,
  pluto: msg`Pluto`,
};

/** The year's six events in the order they come. */
export const SOLAR_EVENTS = [
  "perihelion",
  "springEquinox",
  "summerSolstice",
  "aphelion",
  "autumnEquinox",
  "winterSolstice",
] as const satisfies readonly SolarEvent[];

export const EVENT_NAMES: Record<SolarEvent, MessageDescriptor> = {
  perihelion: msg`Perihelion`,
  springEquinox: msg`Spring equinox`,
  summerSolstice: msg`Summer solstice`,
  aphelion: msg`Aphelion`,
  autumnEquinox: msg`Autumn equinox`,
  winterSolstice: msg`Winter solstice`,
};

/** What each event is, in a line. */
export const EVENT_ABOUT: Record<SolarEvent, MessageDescriptor> = {
  perihelion: msg`The Earth at its closest to the Sun`,
  springEquinox: msg`Day and night of equal length; days grow longer`,
  summerSolstice: msg`The longest day in the north`,
  aphelion: msg`The Earth at its farthest from the Sun`,
  autumnEquinox: msg`Day and night of equal length; nights grow longer`,
  winterSolstice: msg`The shortest day in the north`,
};

/** "This is the day of the …", a sentence each, so each language can build it its own way. */
export const EVENT_DAY: Record<
  "springEquinox" | "summerSolstice" | "autumnEquinox" | "winterSolstice",
  MessageDescriptor
> = {
  springEquinox: msg`This is the day of the spring equinox.`,
  summerSolstice: msg`This is the day of the summer solstice.`,
  autumnEquinox: msg`This is the day of the autumn equinox.`,
  winterSolstice: msg`This is the day of the winter solstice.`,
};

export const MOON_PHASE_NAMES: Record<MoonPhaseName, MessageDescriptor> = {
  "New Moon": msg`New Moon`,
  "Waxing Crescent": msg`Waxing Crescent`,
  "First Quarter": msg`First Quarter`,
  "Waxing Gibbous": msg`Waxing Gibbous`,
  "Full Moon": msg`Full Moon`,
  "Waning Gibbous": msg`Waning Gibbous`,
  "Last Quarter": msg`Last Quarter`,
  "Waning Crescent": msg`Waning Crescent`,
};

/** The signs' glyphs as text (U+FE0E asks for the text form, not an emoji), for the chart. */
export const SIGN_SYMBOLS: Record<WesternSign, string> = {
  aries: "♈\uFE0E",
  taurus: "♉\uFE0E",
  gemini: "♊\uFE0E",
  cancer: "♋\uFE0E",
  leo: "♌\uFE0E",
  virgo: "♍\uFE0E",
  libra: "♎\uFE0E",
  scorpio: "♏\uFE0E",
  sagittarius: "♐\uFE0E",
  capricorn: "♑\uFE0E",
  aquarius: "♒\uFE0E",
  pisces: "♓\uFE0E",
};

/** The bodies' astronomical symbols, the chart's short labels. */
export const BODY_SYMBOLS: Record<CelestialBody, string> = {
  sun: "☉",
  moon: "☽",
  mercury: "☿",
  venus: "♀\uFE0E",
  mars: "♂\uFE0E",
  jupiter: "♃",
  saturn: "♄",
  uranus: "♅",
  neptune: "♆",
  pluto: "♇",
};
