/**
 * Every message the API can send, in English: the spec's texts exactly as
 * written, and ours where the spec has none. A `{name}` is filled in by
 * `message()`. The sites translate each one (packages/ui/src/server-messages.ts
 * must name every entry, and a test fails when a catalog lacks one), so a
 * reader sees the server's words in their own language.
 *
 * Add a message here first; `message()` accepts nothing else.
 */
export const SERVER_MESSAGES = [
  // platform
  "Not found",
  "Something went wrong",
  "Server configuration is invalid",
  "Cross-site request refused",
  "Not signed in",
  "Invalid input",
  "{field} is required",
  "{field} is not valid",
  "The body must be JSON",
  // auth
  "Invalid credentials",
  "Too many sign-in attempts. Try again in {minutes} min.",
  "Sign-up is closed",
  "Email is already in use",
  "Username is already taken",
  "Current password is incorrect",
  "Password changed",
  "Logged out",
  "The demo account does not exist; run npm start to seed it",
  "Email is required",
  "Email is too long",
  "Email is not valid",
  "Password is required",
  "Current password is required",
  "Password must be at least {min} characters",
  "Password must be at most {max} characters",
  "Name is required",
  "Name is too long",
  "Username is required",
  "Username is too long",
  "Username may hold letters, digits, '.', '_' and '-' only",
  "Unknown time zone",
  "Date of birth is not a valid date",
  "Accent colour must be one of {colors}",
  // journal
  "Entry not found",
  "Entry deleted",
  "An entry needs text, a tag, a metric or a mood",
  "Each metric can appear once per entry",
  "Text must be text",
  "Text is at most {max} characters",
  "Tags must be a list",
  "At most {max} tags",
  "A tag must be text",
  "A tag cannot be empty",
  "A tag cannot start with '!'",
  "A tag is at most {max} characters",
  "Metrics must be a list",
  "At most {max} metrics",
  "A metric needs a label",
  "A metric label is at most {max} characters",
  "A metric value must be a number",
  "A metric value is at most {max} in size",
  "Mood is a whole number from {min} to {max}",
  "A duration cannot be negative",
  "Date must be an ISO date-time",
  "Date must be between {min} and {max}",
  "The id must be a whole number",
  "before must be an ISO date or a cursor",
  "limit must be a whole number",
  "limit must be at least 1",
  "limit is at most {max}",
  "filter must be a list of tags",
  "timeRange is one of {ranges}",
  "tagsSign is && or ||",
  // stacks (spec 1 §5)
  "No update stack data presented",
  "No update stackitem data presented",
  "empty title",
  "empty tags",
  "Stack not found",
  "Stack deleted",
  "Stack item not found",
  "Stack item deleted",
  "An icon must be text",
  "An icon is at most {max} characters",
  "A title is at most {max} characters",
  "type is one of {types}",
  "position must be a whole number",
  "uptimeOnly must be true or false",
  "Metric not found",
  // timer (DESIGN §5)
  "Timer not found",
  "A timer is already running",
  "This timer is already saved",
  "Timer reset",
  "{field} must be an ISO date-time between {min} and {max}",
  "pausedTimeDiff is a whole number of milliseconds, at least 0",
  "complete must be true or false",
  "A timer cannot be paused before it started",
  "The paused time cannot be longer than the time since the start",
  // donate (spec 1 §5, for the donate area)
  "Donation page title is required",
  "Donation page title is at most {max} characters",
  "The BTC address is not a valid Bitcoin address",
  "The ETH address must be 0x and 40 hexadecimal digits",
  "The ETH address's capital letters do not match its checksum (EIP-55)",
  "The PayPal button id may hold letters and digits only",
  "The PayPal button id is at most {max} characters",
  "No donation information yet",
  "Donation page not found",
  "Donation information deleted",
  "before must be a cursor from the previous page",
  // people (spec 2 §5, §8)
  "Person not found",
  "Person deleted",
  "Birth date is required",
  "Birth date is not a valid date",
  "The id in the body does not match the address",
  "This person was renamed elsewhere: reload to see the new name",
  // steps (spec 2 §5)
  "Steps not found",
  "Steps deleted",
  "Send a name or content to update",
  "A checklist is at most {max} characters",
  "A checklist is at most {max} lines",
  "Deadline must be an ISO date-time",
  // calendar (DESIGN §5)
  "from and to must be dates (YYYY-MM-DD)",
  "from must not be after to",
  "A calendar range is at most {max} days",
  // random (spec 2 §5, §7, §8; DESIGN §5)
  "Count must be a whole number from 1 to {max}",
  "Min and max must be whole numbers from {min} to {max}",
  "Min must not be greater than max",
  "Without repeats, count cannot be more than the numbers from min to max",
  "replacement must be true or false",
  "The random-number service is not configured",
  "The random-number service did not answer",
  "The random-number service refused the request",
  "The random-number service sent an answer that could not be read",
  // lupileon (spec 2 §7, issue 13)
  "Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}",
] as const;

export type ServerMessage = (typeof SERVER_MESSAGES)[number];

/** The placeholder names of a template: "At most {max} tags" → "max". */
export type Placeholders<T extends string> = T extends `${string}{${infer K}}${infer Rest}`
  ? K | Placeholders<Rest>
  : never;

declare const filled: unique symbol;
/** A server message with its placeholders filled: only `message()` makes one. */
export type ApiMessage = string & { readonly [filled]: true };

type Values<T extends string> = [Placeholders<T>] extends [never] ? [] : [Record<Placeholders<T>, string | number>];

/** A registered message, its placeholders filled in. */
export function message<T extends ServerMessage>(template: T, ...values: Values<T>): ApiMessage {
  const given = (values[0] ?? {}) as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(given[name])) as ApiMessage;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
// Fixed texts first, then templates with more fixed text, so "Email is required" is not read as "{field} is required".
const PATTERNS = SERVER_MESSAGES.map((template) => ({
  template,
  names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
  fixed: template.replace(/\{\w+\}/g, "").length,
  regex: new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map(escapeRegex)
      .join("(.+?)")}$`,
  ),
})).sort((a, b) => a.names.length - b.names.length || b.fixed - a.fixed);

/** Which registered message a text is, with its placeholder values; null for any other text. */
export function matchServerMessage(text: string): { template: ServerMessage; values: Record<string, string> } | null {
  for (const p of PATTERNS) {
    const m = p.regex.exec(text);
    if (m) return { template: p.template, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? ""])) };
  }
  return null;
}

/** The one error body (DESIGN §3): the same words in `message` and `error`. */
export interface ErrorBody {
  message: string;
  error: string;
}
