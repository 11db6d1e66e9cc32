import { celtic } from "./celtic.ru.ts";
import { chinese, elements, yinYang } from "./chinese.ru.ts";
import type { Lore } from "./types.ts";
import { weekdays } from "./weekdays.ru.ts";
import { western } from "./western.ru.ts";

/** The zodiac lore in Russian: one chunk, loaded by `loadLore`. */
export const lore: Lore = { western, chinese, elements, yinYang, celtic, weekdays };
