/** Journal shapes the sites use, re-exported as types only. */
export type { EntryOut } from "./journal/entry-list.ts";
