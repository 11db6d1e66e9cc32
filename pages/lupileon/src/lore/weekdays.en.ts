import type { Lore } from "./types.ts";

const sunday = {
  meaning: "And the child that is born on the Sabbath day is bonny and blithe, and good and gay",
  about:
    "Sunday is the Sun’s day, the Latin dies Solis. It is said to bring light, warmth and vitality, a good day for rest and for new beginnings.",
};

const monday = {
  meaning: "Monday’s child is fair of face",
  about:
    "Monday is the Moon’s day, lundi in French and lunes in Spanish. It is said to rule moods, dreams and the home, and to lend a gentle, reflective touch.",
};

const tuesday = {
  meaning: "Tuesday’s child is full of grace",
  about:
    "Tuesday belongs to Tiw, the Germanic god of war and oaths, who stood in for the Roman Mars (hence mardi and martes). It is said to bring courage, drive and the will to act.",
};

const wednesday = {
  meaning: "Wednesday’s child is full of woe",
  about:
    "Wednesday is Woden’s day, named after Odin, whom the Germanic peoples matched with the Roman Mercury (mercredi, miércoles). It is said to favour wit, words, trade and travel.",
};

const thursday = {
  meaning: "Thursday’s child has far to go",
  about:
    "Thursday is Thor’s day, after the thunder god, who took the place of the Roman Jupiter (jeudi, jueves). It is said to bring growth, good fortune and generosity.",
};

const friday = {
  meaning: "Friday’s child is loving and giving",
  about:
    "Friday is named after the goddess Frigg, the Germanic counterpart of Venus (vendredi, viernes). It is said to be a day of love, beauty and friendship.",
};

const saturday = {
  meaning: "Saturday’s child works hard for a living",
  about:
    "Saturday is Saturn’s day, the only English weekday that still carries the name of a Roman god. It is said to bring patience, discipline and steady work that bears fruit in time.",
};

/** The days of the week in English, 0 = Sunday: the nursery rhyme’s line and the day’s planet or god. */
export const weekdays: Lore["weekdays"] = [sunday, monday, tuesday, wednesday, thursday, friday, saturday];
