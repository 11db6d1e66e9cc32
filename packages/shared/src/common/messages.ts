/**
 * Every message the API can send, each under a stable code (DESIGN §3): the
 * spec's English texts exactly as written, and ours where the spec has none.
 * A `{name}` is filled in by `message()`; `{field}` always holds a field's
 * code from `FIELDS`, so a field's name is translated like any message.
 *
 * An error body carries the code and the values beside the English text; the
 * sites translate from those through the server catalog
 * (packages/ui/locales/server/messages.{locale}.po), never by reading the
 * English back. Codes are `<area>.<what>`: renaming one breaks every client
 * that kept it, so a code, once shipped, stays.
 *
 * This registry is the catalog's English: `npm run i18n:extract` writes it
 * there (`serverCatalogEnglish`, read by lingui.config.ts), so a message is
 * written once in English, here, and once in Russian, in messages.ru.po.
 *
 * Add a message here first; `message()` accepts nothing else. A placeholder
 * with a new name needs its format in `VALUE_FORMATS` (the build fails
 * until it has one); one whose value is not what its name says (a year
 * called `max`) needs an entry in `FORMAT_EXCEPTIONS`.
 */
export const SERVER_MESSAGES = {
  // platform
  "platform.notFound": "Not found",
  "platform.internal": "Something went wrong",
  "platform.badConfig": "Server configuration is invalid",
  "platform.crossSite": "Cross-site request refused",
  "platform.signedOut": "Not signed in",
  "platform.invalid": "Invalid input",
  "platform.fieldRequired": "{field} is required",
  "platform.fieldInvalid": "{field} is not valid",
  "platform.notJson": "The body must be JSON",
  "platform.notObject": "The body must be a JSON object",
  "platform.notUtf8": "The body is not valid UTF-8 text",
  "platform.bodyTooLarge": "The body is larger than {max} KB",
  "platform.textControl": "{field} cannot contain control characters",
  "platform.textBroken": "{field} holds a broken character (an unpaired surrogate)",
  "platform.dateYears": "{field} must be a date from year {min} to {max}",
  // the Idempotency-Key header (platform/idempotency.ts)
  "platform.idempotencyKeyInvalid": "The Idempotency-Key header is 1 to {max} visible ASCII characters",
  "platform.idempotencyKeyReused": "This Idempotency-Key was used with a different request body",
  "platform.idempotencyKeyInFlight": "A request with this Idempotency-Key is still in progress; try again shortly",
  // the If-Match header (platform/version-gate.ts)
  "platform.ifMatchInvalid": "The If-Match header is a modifiedAt as the API gave it",
  "platform.versionConflict": "This was changed elsewhere since you opened it",
  // the Nook-Account header (shared/common/account-header.ts, platform/require-user.ts)
  "platform.accountHeaderInvalid": "The Nook-Account header is a user's id in decimal",
  "platform.otherAccount": "This was sent for another account than the one signed in now",
  // auth
  "auth.badCredentials": "Invalid credentials",
  "auth.throttled": "Too many sign-in attempts. Try again in {minutes} min.",
  "auth.passwordThrottled": "Too many wrong passwords. Try again in {minutes} min.",
  "auth.signupThrottled": "Too many sign-up attempts. Try again in {minutes} min.",
  "auth.signupClosed": "Sign-up is closed",
  "auth.inviteInvalid": "This invite link is not valid",
  "auth.inviteUsed": "This invite link has already been used",
  "auth.inviteExpired": "This invite link has expired",
  "auth.invitesFull": "You have {max} invite links waiting: withdraw one first",
  "auth.inviteWithdrawn": "Invite link withdrawn",
  "auth.emailTaken": "Email is already in use",
  "auth.usernameTaken": "Username is already taken",
  "auth.wrongPassword": "Current password is incorrect",
  "auth.emailNeedsPassword": "Enter your current password to change the e-mail you sign in with",
  "auth.passwordCommon": "This password is one of the most common ones: choose another",
  "auth.passwordPersonal": "A password cannot hold your e-mail's name, your username or “nook”: choose another",
  "auth.passwordBlank": "A password cannot be only spaces or invisible characters",
  "auth.passwordChanged": "Password changed",
  "auth.loggedOut": "Logged out",
  "auth.sessionEnded": "Session ended",
  "auth.passkeyUnreadable": "The passkey's answer is not one this sign-in can read",
  "auth.passkeyNameTooLong": "A passkey's name is at most {max} characters",
  "auth.passkeyIdInvalid": "A passkey is named by its id",
  "auth.passkeyNoChallenge": "The passkey's request has expired: try again",
  "auth.passkeyRefused": "The passkey could not be verified: try again, or sign in with your password",
  "auth.passkeyUnknown": "This passkey is not one of an account here: sign in with your password",
  "auth.passkeyRemoved": "Passkey removed",
  "auth.passkeyNeedsPassword": "Enter your current password to add a passkey",
  "auth.sessionIdInvalid": "A session is named by its id",
  "auth.noDemoAccount": "The demo account does not exist; run npm start to seed it",
  "auth.emailRequired": "Email is required",
  "auth.emailTooLong": "Email is too long",
  "auth.emailInvalid": "Email is not valid",
  "auth.passwordRequired": "Password is required",
  "auth.currentPasswordRequired": "Current password is required",
  "auth.passwordTooShort": "Password must be at least {min} characters",
  "auth.passwordTooLong": "Password must be at most {max} characters",
  "auth.nameRequired": "Name is required",
  "auth.nameTooLong": "Name is too long",
  "auth.usernameRequired": "Username is required",
  "auth.usernameTooLong": "Username is too long",
  "auth.usernameChars": "Username may hold Latin letters a-z, digits, '_' and '-' only",
  "auth.unknownTimeZone": "Unknown time zone",
  "auth.dateOfBirthInvalid": "Date of birth is not a valid date",
  "auth.passwordIncorrect": "Password is incorrect",
  "auth.accountDeleted": "Account deleted",
  "auth.accentColor": "Accent colour must be one of {colors}",
  // journal
  "journal.entryNotFound": "Entry not found",
  "journal.entryDeleted": "Entry deleted",
  "journal.entryEmpty": "An entry needs text, a tag, a metric or a mood",
  "journal.metricTwice": "Each metric can appear once per entry",
  "journal.textNotText": "Text must be text",
  "journal.textTooLong": "Text is at most {max} characters",
  "journal.tagsNotList": "Tags must be a list",
  "journal.tooManyTags": "At most {max} tags",
  "journal.tagNotText": "A tag must be text",
  "journal.tagEmpty": "A tag cannot be empty",
  "journal.tagInvisible": "A tag cannot hold invisible or text-direction characters",
  "journal.tagNegated": "A tag cannot start with '!'",
  "journal.tagTooLong": "A tag is at most {max} characters",
  "journal.metricsNotList": "Metrics must be a list",
  "journal.tooManyMetrics": "At most {max} metrics",
  "journal.metricLabelMissing": "A metric needs a label",
  "journal.metricLabelTooLong": "A metric label is at most {max} characters",
  "journal.metricValueNotNumber": "A metric value must be a number",
  "journal.metricValueTooLarge": "A metric value is at most {max} in size",
  "journal.moodRange": "Mood is a whole number from {min} to {max}",
  "journal.durationNegative": "A duration cannot be negative",
  "journal.dateNotIso": "Date must be an ISO date-time",
  "journal.dateRange": "Date must be between {min} and {max}",
  "journal.idNotWhole": "The id must be a whole number",
  "journal.beforeInvalid": "before must be an ISO date or a cursor",
  "journal.limitNotWhole": "limit must be a whole number",
  "journal.limitTooSmall": "limit must be at least 1",
  "journal.limitTooLarge": "limit is at most {max}",
  "journal.filterNotList": "filter must be a list of tags",
  "journal.timeRangeInvalid": "timeRange is one of {ranges}",
  "journal.tagsSignInvalid": "tagsSign is && or ||",
  // a search of the entries (GET /api/journal/entries?q=…)
  "journal.searchTooLong": "A search is at most {max} characters",
  "journal.searchTooManyWords": "A search has at most {max} words",
  "journal.searchTagsNotText": "The search's tags must be text",
  "journal.searchNumber": "{field} must be a number",
  "journal.searchRange": "{field} is from {min} to {max}",
  "journal.searchDay": "{field} must be a date (YYYY-MM-DD)",
  "journal.searchDays": "From must be on or before To",
  "journal.searchMetricMissing": "A metric's range needs the metric",
  // a year in pixels (GET /api/journal/pixels)
  "journal.pixelsYear": "The year is a whole number from {min} to {max}",
  // tags and metrics managed
  "journal.tagNotFound": "Tag not found",
  "journal.tagDeleted": "Tag deleted",
  "journal.metricDeleted": "Metric deleted",
  "journal.mergeNotBoolean": "merge must be true or false",
  "journal.tagExists": "The tag {name} exists; entries a merge moves onto it: {count}",
  "journal.metricExists": "The metric {name} exists; entries a merge moves onto it: {count}",
  "journal.metricsOnOneEntry": "Entries with both metrics: {count}; leave one value on each, then merge",
  "journal.metricValuesMisfit":
    "Values that cannot be {name}: {count} (a mood is a whole number from 1 to 5, a duration is not negative)",
  // stacks (spec 1 §5)
  "stacks.noStackData": "No update stack data presented",
  "stacks.noItemData": "No update stackitem data presented",
  "stacks.titleEmpty": "empty title",
  "stacks.tagsEmpty": "empty tags",
  "stacks.stackNotFound": "Stack not found",
  "stacks.stackDeleted": "Stack deleted",
  "stacks.itemNotFound": "Stack item not found",
  "stacks.itemDeleted": "Stack item deleted",
  "stacks.iconNotText": "An icon must be text",
  "stacks.iconTooLong": "An icon is at most {max} characters",
  "stacks.titleTooLong": "A title is at most {max} characters",
  "stacks.typeInvalid": "type is one of {types}",
  "stacks.positionNotWhole": "position must be a whole number",
  "stacks.positionRange": "position is a whole number from {min} to {max}",
  "stacks.uptimeOnlyNotBoolean": "uptimeOnly must be true or false",
  "stacks.metricNotFound": "Metric not found",
  "stacks.goalPerInvalid": "A goal is a number of times per week or per month",
  "stacks.goalTimes": "A goal is a whole number of times from {min} to {max}",
  "stacks.goalWeekTimes": "A weekly goal is at most {max} times",
  // timer (DESIGN §5)
  "timer.notFound": "Timer not found",
  "timer.alreadyRunning": "A timer is already running",
  "timer.alreadySaved": "This timer is already saved",
  "timer.reset": "Timer reset",
  "timer.instantRange": "{field} must be an ISO date-time between {min} and {max}",
  "timer.pausedDiffInvalid": "pausedTimeDiff is a whole number of milliseconds, at least 0",
  "timer.pausedDiffTooLarge": "pausedTimeDiff is at most {max} milliseconds",
  "timer.completeNotBoolean": "complete must be true or false",
  "timer.pausedBeforeStart": "A timer cannot be paused before it started",
  "timer.pausedTooLong": "The paused time cannot be longer than the time since the start",
  // donate (spec 1 §5, for the donate area)
  "donate.titleRequired": "Donation page title is required",
  "donate.titleTooLong": "Donation page title is at most {max} characters",
  "donate.btcInvalid": "The BTC address is not a valid Bitcoin address",
  "donate.ethInvalid": "The ETH address must be 0x and 40 hexadecimal digits",
  "donate.ethChecksum": "The ETH address's capital letters do not match its checksum (EIP-55)",
  "donate.paypalChars": "The PayPal button id may hold letters and digits only",
  "donate.paypalTooLong": "The PayPal button id is at most {max} characters",
  "donate.noInfo": "No donation information yet",
  "donate.pageNotFound": "Donation page not found",
  "donate.infoDeleted": "Donation information deleted",
  "donate.beforeInvalid": "before must be a cursor from the previous page",
  // people (spec 2 §5, §8)
  "people.notFound": "Person not found",
  "people.deleted": "Person deleted",
  "people.birthDateRequired": "Birth date is required",
  "people.birthDateInvalid": "Birth date is not a valid date",
  "people.birthDateFuture": "Birth date cannot be after today",
  "people.idMismatch": "The id in the body does not match the address",
  "people.renamedElsewhere": "This person was renamed elsewhere: reload to see the new name",
  // steps (spec 2 §5)
  "steps.notFound": "Steps not found",
  "steps.deleted": "Steps deleted",
  "steps.nothingToUpdate": "Send a name or content to update",
  "steps.tooManyChars": "A checklist is at most {max} characters",
  "steps.tooManyLines": "A checklist is at most {max} lines",
  "steps.deadlineNotIso": "Deadline must be an ISO date-time",
  // calendar (DESIGN §5)
  "calendar.rangeNotDates": "from and to must be dates (YYYY-MM-DD)",
  "calendar.rangeReversed": "from must not be after to",
  "calendar.rangeTooLong": "A calendar range is at most {max} days",
  "calendar.eventTitleRequired": "An event needs a title",
  "calendar.eventTitleTooLong": "An event's title is at most {max} characters",
  "calendar.eventNoteTooLong": "An event's note is at most {max} characters",
  "calendar.eventDateInvalid": "An event's date is a date (YYYY-MM-DD)",
  "calendar.eventTimeInvalid": "start and end are times of day (HH:MM)",
  "calendar.eventTimeHalf": "An event has both a start and an end, or neither (all day)",
  "calendar.eventRepeatInvalid": "repeat is none, weekly, monthly or yearly",
  "calendar.eventTimeSkipped": "There is no {time} on {date} in {zone}: the clocks jump from {from} to {to}",
  "calendar.eventNotFound": "Event not found",
  "calendar.eventDeleted": "Event deleted",
  "calendar.eventsTooMany": "An account keeps at most {max} events",
  "calendar.feedNotFound": "There is no calendar feed: create one first",
  "calendar.feedOff": "The calendar feed is switched off",
  "calendar.feedReminderInvalid": "A reminder is one of the page's choices",
  "calendar.feedLocaleInvalid": "The feed's language is en or ru",
  // insights (DESIGN §5 "Insights", workers/api/src/journal/insights.ts)
  "insights.rangeTooLong": "Insights cover at most {max} days",
  // random (spec 2 §5, §7, §8; DESIGN §5)
  "random.countRange": "Count must be a whole number from 1 to {max}",
  "random.boundsRange": "Min and max must be whole numbers from {min} to {max}",
  "random.minAboveMax": "Min must not be greater than max",
  "random.tooFewNumbers": "Without repeats, count cannot be more than the numbers from min to max",
  "random.replacementNotBoolean": "replacement must be true or false",
  "random.serviceOff": "The random-number service is not configured",
  "random.serviceSilent": "The random-number service did not answer",
  "random.serviceRefused": "The random-number service refused the request",
  "random.serviceGarbled": "The random-number service sent an answer that could not be read",
  // import (DESIGN §5 "Your data")
  "import.formatUnknown": "format is one of {formats}",
  "import.dryRunInvalid": "dryRun is 1 or 0",
  "import.moodsInvalid":
    'moods is a JSON list of at most {max} ["mood", group] pairs, each group a whole number from 1 to 5',
  "import.tooLarge": "A file to import is at most {max} MB",
  "import.wrongType": "A {format} import is sent as {type}",
  "import.empty": "The file is empty",
  "import.notText": "The file is not text (UTF-8)",
  "import.columnsMissing": "The file is not a {format} export: its first line lacks the column {column}",
  "import.quoteOpen": "Line {line}: a quoted field is not closed",
  "import.fieldCount": "Line {line} has {found} fields where the first line names {expected}",
  "import.tooManyRows": "A file to import holds at most {max} rows",
  "import.dateInvalid": 'Line {line}: "{date}" is not a date and time this import can read',
  "import.moodUnknown":
    'Line {line}: the mood "{mood}" is none of rad, good, meh, bad, awful: say which group it belongs to',
  "import.tagInvalid":
    "Line {line}: \"{tag}\" cannot be a tag: a tag is 1 to {max} characters and does not start with '!'",
  "import.tooManyTags": "Line {line} has more than {max} tags",
  "import.textTooLong": "Line {line}: the text is longer than {max} characters",
  "import.notJson": "The file is not JSON: it breaks on line {line}",
  "import.notNook": "The file is not a Nook export: {path} is not valid",
  "import.textBroken": "Line {line}: the text holds a control character or a broken one",
  "import.donatePageInvalid": "donatePage is 1 or 0",
  "import.profileInvalid": "profile is 1 or 0",
  "import.profileZoneLeftOut":
    'The file\'s time zone "{value}" is not one Nook knows: it is left out, and your profile keeps its own',
  "import.profileBirthLeftOut":
    'The file\'s date of birth "{date}" is not one a profile takes: it is left out, and your profile keeps its own',
  "import.changeMoodsInvalid": "changeMoods is 1 or 0",
  "import.running": "Another import of yours is still running: wait for it to finish, then try again",
  // An import sent in chunks (import/runs.ts, import/run-routes.ts)
  "import.notRunning":
    "This import is not running any more (finished, undone, or left too long): choose the file again to go on",
  "import.chunkOrder": "Chunk {found} comes after chunk {expected}, which is not written yet",
  "import.chunkNumber": "This import has {max} chunks, numbered from 0",
  "import.chunksLeft": "{found} of the import's {expected} chunks are written: send the rest first",
  "import.chunkNumberInvalid": "A chunk is named by its number from 0",
  "import.chunksInvalid": "chunks is a whole number from 1 to {max}",
  "import.fileHashInvalid": "fileHash is the file's SHA-256, 64 hex digits",
  "import.editedInvalid": "edited is keep or remove",
  "import.editedSince": "{count} of the rows this import added were changed since: keep them, or remove them too",
  "import.undoTooLate": "An import can be undone for {days} days after it finished",
  "import.queryNumberInvalid": "{name} is a whole number from 0 to {max}",
  "import.stackPartInvalid": "stackPart is first or more",
  // A row of a file the route that writes its kind would refuse: its place, then the route's own reason (rowRefused).
  "import.rowRefused": "{row}: {reason}",
  // Loop Habit Tracker's files (import/loop.ts)
  "import.loopNumericInvalid": "numeric is a list of column numbers from 1 to {max}",
  "import.loopOtherFile":
    "This is Loop Habit Tracker's {name}: the days you checked are in Checkmarks.csv. Choose that file, or the ZIP Loop exports",
  "import.loopHabitFile":
    "This is one habit's file from a folder of Loop Habit Tracker's ZIP: choose the Checkmarks.csv at the top of the ZIP, or the ZIP itself",
  "import.loopNamesSplit":
    "The first line has more fields than the days below it: a habit's name holds a comma, which Loop Habit Tracker writes unquoted. Choose the ZIP Loop exports instead: it names the habits",
  "import.loopValueUnknown": 'Line {line}: "{value}" is none of the values Loop Habit Tracker writes',
  "import.loopMood":
    'Line {line}: the habit "{name}" would be the journal\'s mood, a whole number from 1 to 5, and {value} is not one. Rename the habit in Loop Habit Tracker, or export without it',
  // push and reminders (workers/api/src/push/)
  "push.notConfigured": "Push notifications are not set up on this server",
  "push.endpointInvalid": "A push endpoint is an https address of at most {max} characters",
  "push.endpointHttp": "A push endpoint must be an https address",
  "push.p256dhInvalid": "The subscription's p256dh key is a P-256 public key: 65 bytes in base64url",
  "push.authInvalid": "The subscription's auth secret is 16 bytes in base64url",
  "push.deviceTooLong": "A device's name is at most {max} characters",
  "push.subscriptionsTooMany": "An account keeps at most {max} push subscriptions: remove one first",
  "push.subscriptionNotFound": "Subscription not found",
  "reminders.timeInvalid": "A reminder's time is a time of day from 00:00 to 23:59 (HH:MM)",
  "reminders.itemsTooMany": "A streak reminder follows at most {max} stack items",
  "reminders.itemNotStreak": "A streak reminder follows only your own stack items of the streaks type",
  // lupileon (spec 2 §7)
  "lupileon.dateInvalid": "Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}",
} as const;

/**
 * Every field a schema names, by its key, with its English name: `{field}` in
 * a message holds the key, and the sites translate the name (code `field.<key>`).
 */
export const FIELDS = {
  accentColor: "Accent colour",
  actions: "Actions",
  after: "After",
  amount: "Amount",
  at: "At",
  attestationObject: "Attestation object",
  auth: "Auth secret",
  authenticatorAttachment: "Authenticator attachment",
  authenticatorData: "Authenticator data",
  before: "Before",
  birthDate: "Birth date",
  birthdays: "Birthdays",
  body: "Body",
  btcAddress: "BTC address",
  chain: "Chain",
  changeMoods: "Change moods",
  checklists: "Checklists",
  chunks: "Chunks",
  clientDataJSON: "Client data",
  clientExtensionResults: "Client extension results",
  complete: "Complete",
  completedItems: "Completed items",
  config: "Config",
  content: "Content",
  count: "Count",
  createdAt: "Created at",
  currentPassword: "Current password",
  daily: "Daily reminder",
  date: "Date",
  dateOfBirth: "Date of birth",
  deadline: "Deadline",
  deadlines: "Deadlines",
  device: "Device",
  donateInfo: "Donation page",
  donatePage: "Donation page",
  donatePageTitle: "Donation page title",
  donations: "Donations",
  dryRun: "Dry run",
  edited: "Edited rows",
  email: "Email",
  end: "End",
  endpoint: "Endpoint",
  entries: "Entries",
  entryId: "Entry id",
  ethAddress: "ETH address",
  events: "Events",
  exportedAt: "Exported at",
  fileHash: "File hash",
  filter: "Filter",
  format: "Format",
  from: "From",
  fromAddress: "From address",
  goal: "Goal",
  icon: "Icon",
  id: "Id",
  initAt: "Init at",
  invite: "Invite link",
  items: "Items",
  keys: "Keys",
  kind: "Kind",
  lang: "Language",
  limit: "Limit",
  line: "Line",
  locale: "Language",
  max: "Max",
  merge: "Merge",
  metric: "Metric",
  metricId: "Metric id",
  metrics: "Metrics",
  min: "Min",
  modifiedAt: "Modified at",
  moodMax: "Highest mood",
  moodMin: "Lowest mood",
  moods: "Moods",
  n: "Chunk",
  name: "Name",
  newPassword: "New password",
  not: "Negation",
  note: "Note",
  numeric: "Numeric columns",
  offset: "Offset",
  oldName: "Old name",
  p256dh: "Public key",
  password: "Password",
  pausedAt: "Paused at",
  pausedTimeDiff: "Paused time diff",
  paypalDonateButtonId: "PayPal button id",
  people: "People",
  per: "Period",
  position: "Position",
  profile: "Profile",
  publicKey: "Public key",
  publicKeyAlgorithm: "Public key algorithm",
  q: "Search",
  quiet: "Quiet hours",
  rawId: "Raw id",
  recordedAt: "Recorded at",
  removePasskeys: "Remove passkeys",
  repeat: "Repeat",
  replacement: "Replacement",
  response: "Response",
  signature: "Signature",
  stackId: "Stack id",
  stackPart: "Stack part",
  stacks: "Stacks",
  start: "Start",
  startedAt: "Started at",
  streaks: "Streaks",
  tag: "Tag",
  tagIdsToRemove: "Tag ids to remove",
  tagNamesToAdd: "Tag names to add",
  tags: "Tags",
  tagsSign: "Tags sign",
  text: "Text",
  time: "Time",
  timeRange: "Time range",
  times: "Times",
  timers: "Timers",
  timeZone: "Time zone",
  title: "Title",
  to: "To",
  totalItems: "Total items",
  transports: "Transports",
  txId: "Transaction id",
  type: "Type",
  tz: "Time zone",
  updatedAt: "Updated at",
  uptimeOnly: "Uptime only",
  url: "Address",
  userHandle: "User handle",
  username: "Username",
  value: "Value",
  version: "Version",
  year: "Year",
} as const;

export type ServerCode = keyof typeof SERVER_MESSAGES;
export type ServerMessage = (typeof SERVER_MESSAGES)[ServerCode];
export type FieldKey = keyof typeof FIELDS;

/** The placeholder names of a template: "At most {max} tags" → "max". */
export type Placeholders<T extends string> = T extends `${string}{${infer K}}${infer Rest}`
  ? K | Placeholders<Rest>
  : never;

/**
 * How a placeholder's value is written in the reader's language: as it came
 * (a field's name, a list, words as the person wrote them, a year), as a
 * number in the reader's locale ("1,000", "1 000"), or as a calendar day in
 * words (the `utcDay` format of packages/ui/src/server-messages.ts, never
 * shifted by a time zone).
 */
export type ValueFormat = "plain" | "number" | "day";

/**
 * Each placeholder's format by its name, wherever a message does not say
 * otherwise (`FORMAT_EXCEPTIONS`). Its type lists every placeholder of the
 * registry, so a new name fails the build until its format is stated here.
 */
const VALUE_FORMATS: Record<Placeholders<ServerMessage>, ValueFormat> = {
  // A field's name (translated on its own), lists of allowed words, and what the person wrote or named.
  field: "plain",
  colors: "plain",
  ranges: "plain",
  types: "plain",
  formats: "plain",
  format: "plain",
  type: "plain",
  name: "plain",
  tag: "plain",
  mood: "plain",
  date: "plain",
  column: "plain",
  path: "plain",
  value: "plain",
  // Wall times ("02:30") and a time zone's name ("Europe/Berlin").
  time: "plain",
  from: "plain",
  to: "plain",
  zone: "plain",
  // A row's place in a file ("people[3]"), and a reason: a registered message's code, written by the sites.
  row: "plain",
  reason: "plain",
  // Counts, line numbers, limits and minutes.
  count: "number",
  expected: "number",
  found: "number",
  line: "number",
  max: "number",
  min: "number",
  minutes: "number",
  days: "number",
};

/** The messages whose placeholders are not what their names say. */
const FORMAT_EXCEPTIONS: {
  [C in ServerCode]?: Partial<Record<Placeholders<(typeof SERVER_MESSAGES)[C]>, ValueFormat>>;
} = {
  // Years: "1000", never "1,000".
  "platform.dateYears": { min: "plain", max: "plain" },
  "lupileon.dateInvalid": { min: "plain", max: "plain" },
  "journal.pixelsYear": { min: "plain", max: "plain" },
  // The bounds of a date are days.
  "journal.dateRange": { min: "day", max: "day" },
  "timer.instantRange": { min: "day", max: "day" },
  "calendar.eventTimeSkipped": { date: "day" },
};

const ICU_FORMATS: Record<ValueFormat, string> = { plain: "", number: ", number", day: ", date, utcDay" };

/**
 * A registered message as the server catalog's English holds it: the
 * template with each placeholder's ICU format, so each reader's locale
 * writes the value ("Line {line, number} has more than {max, number} tags").
 */
export function icuMessage(code: ServerCode): string {
  const formats: Partial<Record<string, ValueFormat>> = { ...VALUE_FORMATS, ...FORMAT_EXCEPTIONS[code] };
  return SERVER_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) => {
    const format = Object.hasOwn(formats, name) ? formats[name] : undefined;
    if (!format) throw new Error(`${code}: {${name}} has no format in VALUE_FORMATS`);
    return `{${name}${ICU_FORMATS[format]}}`;
  });
}

/**
 * The server catalog's English by message id, as `lingui extract` writes it
 * (lingui.config.ts): every code's `icuMessage`, and every field's name under
 * `field.<key>`.
 */
export function serverCatalogEnglish(): Map<string, string> {
  return new Map([
    ...(Object.keys(SERVER_MESSAGES) as ServerCode[]).map((code) => [code, icuMessage(code)] as const),
    ...Object.entries(FIELDS).map(([key, name]) => [`field.${key}`, name] as const),
  ]);
}

/** A message's values as they travel: numbers stay numbers, so each reader's locale formats them. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A registered message with its values, as an error body carries it (DESIGN §3). */
export interface CodedMessage {
  readonly code: ServerCode;
  readonly values: MessageValues;
}

/**
 * A registered message, filled: its code, its values and its English text.
 * It is also a function, because that is how valibot takes a message it can
 * trace: valibot calls it with the failed issue, which it marks with this
 * message, so the 400 names the code without reading the English back.
 */
export interface ApiMessage extends CodedMessage {
  (issue: object): string;
  readonly text: string;
}

/** The values a template takes, if any: `{field}` a field's key, the others strings or numbers. */
export type MessageArgs<T extends string> = [Placeholders<T>] extends [never]
  ? []
  : [{ [K in Placeholders<T>]: K extends "field" ? FieldKey : string | number }];

// Built on the first call, and message() marked free of side effects, so a bundle that only reads a contract's
// constants (a page's limits) can drop the schemas' messages and this registry with them.
let codes: Map<string, ServerCode> | undefined;
const MARK = /* @__PURE__ */ Symbol.for("nook.message");

/** A registered message, its placeholders filled in (the English text); `{field}` takes a field's key. */
/* @__NO_SIDE_EFFECTS__ */
export function message<T extends ServerMessage>(template: T, ...values: MessageArgs<T>): ApiMessage {
  codes ??= new Map(Object.entries(SERVER_MESSAGES).map(([code, text]) => [text, code as ServerCode]));
  const given: MessageValues = values[0] ?? {};
  const code = codes.get(template) as ServerCode;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === "field" ? FIELDS[given.field as FieldKey] : String(given[name]),
  );
  const mark = (issue: object) => {
    (issue as { [MARK]?: ApiMessage })[MARK] = made;
    return text;
  };
  const made = Object.assign(mark, { code, values: given, text });
  return made;
}

/**
 * A refusal of one row of a file (an import's): the row's place ("people[3]", "stacks[0].items[2]") and the
 * reason, itself a registered message (the route's own, as firstIssueMessage gives it). The reason travels by
 * its code in `reason`, its own values beside it, so a site writes it in the reader's language
 * (packages/ui/src/server-messages.ts) with the place before it; the English text holds both.
 */
export function rowRefused(row: string, reason: ApiMessage): ApiMessage {
  const made = message("{row}: {reason}", { row, reason: reason.text });
  const values: MessageValues = { ...reason.values, row, reason: reason.code };
  const mark = (issue: object) => {
    (issue as { [MARK]?: ApiMessage })[MARK] = placed;
    return made.text;
  };
  const placed = Object.assign(mark, { code: made.code, values, text: made.text });
  return placed;
}

/** The registered message a valibot issue was made with, if it was made with one. */
export function issueMessage(issue: object): ApiMessage | undefined {
  return (issue as { [MARK]?: ApiMessage })[MARK];
}

/** Whether a text is a registered field key. */
export function isFieldKey(key: string): key is FieldKey {
  return Object.hasOwn(FIELDS, key);
}

/** The one error body (DESIGN §3): the same English in `message` and `error`, with the code and its values. */
export interface ErrorBody extends CodedMessage {
  message: string;
  error: string;
}
