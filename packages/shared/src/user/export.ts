import * as v from "valibot";
import { EMAIL_MAX, NAME_LENGTH_MAX, USERNAME_MAX } from "../auth/limits.ts";
import { EVENT_NOTE_MAX, EVENT_REPEATS, EVENT_TITLE_MAX, isWallTime } from "../calendar/events.ts";
import { ACCENT_COLORS } from "../common/accent-colors.ts";
import { DATE_TIME_TEXT_MAX, parseDateTime } from "../common/date-time.ts";
import { message } from "../common/messages.ts";
import { CALENDAR_MOMENTS, text } from "../common/validation.ts";
import { CHAINS } from "../donate/amounts.ts";
import { BTC_ADDRESS_MAX, DONATE_TITLE_MAX, ETH_ADDRESS_LENGTH, PAYPAL_BUTTON_ID_MAX } from "../donate/limits.ts";
import {
  ENTRY_DATE_MAX,
  ENTRY_DATE_MIN,
  ENTRY_METRICS_MAX,
  ENTRY_TAGS_MAX,
  ENTRY_TEXT_MAX,
  METRIC_VALUE_MAX,
  NAME_MAX,
  TAG_SIGNS,
  TIME_RANGES,
} from "../journal/limits.ts";
import {
  GOAL_PERIODS,
  GOAL_TIMES_MAX,
  STACK_ICON_MAX,
  STACK_ITEM_POSITION_MAX,
  STACK_ITEM_POSITION_MIN,
  STACK_ITEM_TITLE_MAX,
  STACK_ITEM_TYPES,
  STACK_NAME_MAX,
} from "../stacks/limits.ts";
import { CHECKLIST_CHARS_MAX } from "../steps/limits.ts";
import { PAUSED_TIME_DIFF_MAX } from "../timer/limits.ts";
import {
  EXPORT_CHECKLISTS_MAX,
  EXPORT_DONATIONS_MAX,
  EXPORT_ENTRIES_MAX,
  EXPORT_EVENTS_MAX,
  EXPORT_FORMAT,
  EXPORT_METRICS_MAX,
  EXPORT_PEOPLE_MAX,
  EXPORT_STACK_ITEMS_MAX,
  EXPORT_STACKS_MAX,
  EXPORT_TAGS_MAX,
  EXPORT_TIMERS_MAX,
  EXPORT_VERSION,
} from "./limits.ts";

export * from "./limits.ts";

/**
 * The export's format: `GET /api/user/export` writes it, the import (`format=nook`) reads it.
 * One JSON document, every kind of the user's data, without ids (an import finds a row by its content)
 * and without a password hash or a session:
 *
 *   { "format": "nook", "version": 1, "exportedAt": ISO,
 *     "profile":    { email, name, username, dateOfBirth (YYYY-MM-DD | null), accentColor, timeZone | null, createdAt },
 *     "tags":       [ name ],                      every tag, used or not (stored lower-case)
 *     "metrics":    [ name ],                      every metric name
 *     "stacks":     [ { name, icon, createdAt, items: [ { title, type, uptimeOnly, tagsSign, position,
 *                     config: { filter: [{ name, not }], timeRange | null, metric: name | null, date | null,
 *                               goal: { times, per: week | month } | null },
 *                     createdAt } ] } ],
 *     "timers":     [ { text, tags, initAt, startedAt, pausedAt | null, pausedTimeDiff (ms), goal | null, complete, modifiedAt } ],
 *     "people":     [ { name, email, birthDate (YYYY-MM-DD), tags, createdAt, modifiedAt } ],
 *     "checklists": [ { name, content (markdown), deadline | null, createdAt, modifiedAt } ],
 *     "events":     [ { title, note, date (YYYY-MM-DD), start (HH:MM) | null, end (HH:MM) | null,
 *                     repeat ("none" | "weekly" | "monthly" | "yearly"), createdAt, modifiedAt } ],
 *     "donateInfo": { title, ethAddress, btcAddress, paypalDonateButtonId, updatedAt } | null,
 *     "donations":  [ { chain, txId, amount (the coin's smallest unit, decimal digits), fromAddress, at, recordedAt } ],
 *     "entries":    [ { date, modifiedAt, text, tags: [name], metrics: [{ name, value }] } ]   oldest first
 *   }
 *
 * Times are ISO 8601 date-times in UTC (the API's, DESIGN §3). A stack item's `date` is the moment its
 * statistic is computed as of (null: now; a file written before items had one reads as now), and its
 * metric is named, not numbered: ids are the database's, names the person's. The keys come in this
 * order, entries last (the long list: a reader that streams has everything else first). Every list has a
 * stated maximum (limits.ts), every string the bound its own contract has; a version 2 is a new schema
 * beside this one. An event's `start` and `end` are wall times in the profile's zone, both null for an
 * all-day event; a file written before events had a list has none (read as an empty list). The account's
 * calendar feed is not in it: its address is a secret capability, which an import must not recreate.
 */

const INVALID = message("Invalid input");
const str = (field: Parameters<typeof text>[0], max: number, lines: "one" | "multi" = "one") =>
  text(field, max, INVALID, lines);
const list = <T extends v.GenericSchema>(item: T, max: number) =>
  v.pipe(v.array(item, INVALID), v.maxLength(max, INVALID));
/**
 * A moment read as the API reads one (common/date-time.ts): a real day and time with a full offset, so
 * `Date.parse` reads it exactly ("+05" and 30 February are refused, not read as NaN or 1 March), within
 * the calendar's years.
 */
const instant = v.pipe(
  str("date", DATE_TIME_TEXT_MAX),
  v.check((s) => {
    const at = parseDateTime(s);
    return at !== null && at >= CALENDAR_MOMENTS.min && at <= CALENDAR_MOMENTS.max;
  }, INVALID),
);
const day = v.pipe(str("date", 10), v.isoDate(INVALID));
const whole = (min: number, max: number) =>
  v.pipe(v.number(INVALID), v.integer(INVALID), v.minValue(min, INVALID), v.maxValue(max, INVALID));
const tagName = str("tags", NAME_MAX);
const tagList = list(tagName, ENTRY_TAGS_MAX);

export const ExportProfile = v.object({
  email: str("email", EMAIL_MAX),
  name: str("name", NAME_LENGTH_MAX),
  username: str("username", USERNAME_MAX),
  dateOfBirth: v.nullable(day),
  accentColor: v.picklist(ACCENT_COLORS, INVALID),
  timeZone: v.nullable(str("timeZone", 64)),
  createdAt: instant,
});

export const ExportEntry = v.object({
  date: instant,
  modifiedAt: instant,
  text: str("text", ENTRY_TEXT_MAX, "multi"),
  tags: tagList,
  metrics: list(
    v.object({
      name: str("name", NAME_MAX),
      value: v.pipe(v.number(INVALID), v.minValue(-METRIC_VALUE_MAX, INVALID), v.maxValue(METRIC_VALUE_MAX, INVALID)),
    }),
    ENTRY_METRICS_MAX,
  ),
});
export type ExportEntry = v.InferOutput<typeof ExportEntry>;

export const ExportStackItem = v.object({
  title: str("title", STACK_ITEM_TITLE_MAX),
  type: v.picklist(STACK_ITEM_TYPES, INVALID),
  uptimeOnly: v.boolean(INVALID),
  tagsSign: v.picklist(TAG_SIGNS, INVALID),
  position: whole(STACK_ITEM_POSITION_MIN, STACK_ITEM_POSITION_MAX),
  config: v.object({
    filter: list(v.object({ name: tagName, not: v.boolean(INVALID) }), ENTRY_TAGS_MAX),
    timeRange: v.nullable(v.picklist(TIME_RANGES, INVALID)),
    metric: v.nullable(str("name", NAME_MAX)),
    // Optional: an export written before items had a date has none (now). Within the journal's dates, as the item's API keeps it.
    date: v.optional(
      v.nullable(
        v.pipe(
          instant,
          v.check((at) => Date.parse(at) >= ENTRY_DATE_MIN && Date.parse(at) <= ENTRY_DATE_MAX, INVALID),
        ),
      ),
      null,
    ),
    // Optional: an export written before streaks had goals has none (the daily streak).
    // The item's API words a goal out of bounds itself (route-rules.ts reads each item through it).
    goal: v.optional(
      v.nullable(v.object({ times: whole(1, GOAL_TIMES_MAX.month), per: v.picklist(GOAL_PERIODS, INVALID) }, INVALID)),
      null,
    ),
  }),
  createdAt: instant,
});

export const ExportStack = v.object({
  name: str("name", STACK_NAME_MAX),
  icon: str("icon", STACK_ICON_MAX),
  createdAt: instant,
  items: list(ExportStackItem, EXPORT_STACK_ITEMS_MAX),
});

export const ExportTimer = v.object({
  text: str("text", ENTRY_TEXT_MAX, "multi"),
  tags: tagList,
  initAt: instant,
  startedAt: instant,
  pausedAt: v.nullable(instant),
  pausedTimeDiff: whole(0, PAUSED_TIME_DIFF_MAX),
  goal: v.nullable(instant),
  complete: v.boolean(INVALID),
  modifiedAt: instant,
});

export const ExportPerson = v.object({
  name: str("name", NAME_LENGTH_MAX),
  email: str("email", EMAIL_MAX),
  birthDate: day,
  tags: tagList,
  createdAt: instant,
  modifiedAt: instant,
});

export const ExportChecklist = v.object({
  name: str("name", NAME_LENGTH_MAX),
  content: str("content", CHECKLIST_CHARS_MAX, "multi"),
  deadline: v.nullable(instant),
  createdAt: instant,
  modifiedAt: instant,
});

/** An event, with the fields and bounds of the events' route (calendar/schemas.ts EventBody). */
export const ExportEvent = v.object({
  title: str("title", EVENT_TITLE_MAX),
  note: str("note", EVENT_NOTE_MAX, "multi"),
  date: day,
  start: v.nullable(v.pipe(str("start", "HH:MM".length), v.check(isWallTime, INVALID))),
  end: v.nullable(v.pipe(str("end", "HH:MM".length), v.check(isWallTime, INVALID))),
  repeat: v.picklist(EVENT_REPEATS, INVALID),
  createdAt: instant,
  modifiedAt: instant,
});

export const ExportDonateInfo = v.object({
  title: str("donatePageTitle", DONATE_TITLE_MAX),
  ethAddress: str("ethAddress", ETH_ADDRESS_LENGTH),
  btcAddress: str("btcAddress", BTC_ADDRESS_MAX),
  paypalDonateButtonId: str("paypalDonateButtonId", PAYPAL_BUTTON_ID_MAX),
  updatedAt: instant,
});

export const ExportDonation = v.object({
  chain: v.picklist(CHAINS, INVALID),
  txId: str("id", 128),
  /** wei outgrow a double: decimal digits, as stored. */
  amount: v.pipe(str("value", 80), v.regex(/^\d+$/, INVALID)),
  fromAddress: str("from", 128),
  at: instant,
  recordedAt: instant,
});

/** The whole document. */
export const NookExport = v.object({
  format: v.literal(EXPORT_FORMAT, INVALID),
  version: v.literal(EXPORT_VERSION, INVALID),
  exportedAt: instant,
  profile: ExportProfile,
  tags: list(tagName, EXPORT_TAGS_MAX),
  metrics: list(str("name", NAME_MAX), EXPORT_METRICS_MAX),
  stacks: list(ExportStack, EXPORT_STACKS_MAX),
  timers: list(ExportTimer, EXPORT_TIMERS_MAX),
  people: list(ExportPerson, EXPORT_PEOPLE_MAX),
  checklists: list(ExportChecklist, EXPORT_CHECKLISTS_MAX),
  // Optional: a file written before events were exported has none.
  events: v.optional(list(ExportEvent, EXPORT_EVENTS_MAX), () => []),
  donateInfo: v.nullable(ExportDonateInfo),
  donations: list(ExportDonation, EXPORT_DONATIONS_MAX),
  entries: list(ExportEntry, EXPORT_ENTRIES_MAX),
});
export type NookExport = v.InferOutput<typeof NookExport>;
