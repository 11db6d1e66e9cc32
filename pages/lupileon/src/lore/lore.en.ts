import { celtic } from "./celtic.en.ts";
import { chinese, elements, yinYang } from "./chinese.en.ts";
import type { Lore } from "./types.ts";
import { weekdays } from "./weekdays.en.ts";
import { western } from "./western.en.ts";

/** The zodiac lore in English: one chunk, loaded by `loadLore`. */
export const lore: Lore = { western, chinese, elements, yinYang, celtic, weekdays };
