import { dateOfBirth } from "@nook/shared/auth/schemas";
import { EventBody } from "@nook/shared/calendar/schemas";
import { type ApiMessage, message, rowRefused } from "@nook/shared/common/messages";
import { firstIssueMessage, timeZone } from "@nook/shared/common/validation";
import { DonateInfoBody } from "@nook/shared/donate/schemas";
import type { ImportedDonatePage, ImportedProfile, ImportLeftOut } from "@nook/shared/import/schemas";
import { EntryHeld, metricName, tagName } from "@nook/shared/journal/schemas";
import { PersonCreateBody } from "@nook/shared/people/schemas";
import { StackCreateBody, StackItemCreateBody } from "@nook/shared/stacks/schemas";
import { StepsCreateBody, StepsUpdateBody } from "@nook/shared/steps/schemas";
import { TimerStartBody, TimerUpdateBody } from "@nook/shared/timer/schemas";
import type { NookExport } from "@nook/shared/user/export";
import * as v from "valibot";
import { ImportRefused } from "./import-error.ts";

/**
 * A route's body names the row it changes (a timer's or a checklist's id) or the stack an item goes in;
 * a file's row has no id. Any valid id stands in, so the rest of the body is read as the route reads it.
 */
const ANY_ID = 1;

/**
 * A row read by the schema of the route that writes its kind: what that route would store, or the
 * refusal naming the row's place in the file and the route's own reason ("people[3]: Email is not valid").
 */
function byRoute<S extends v.GenericSchema>(schema: S, input: v.InferInput<S>, row: string): v.InferOutput<S> {
  const read = v.safeParse(schema, input);
  if (!read.success) throw new ImportRefused(rowRefused(row, firstIssueMessage(read.issues)));
  return read.output;
}

/** Names, each once, in the order first met. */
const once = (names: string[]) => [...new Set(names)];

/** A moment the route read (epoch ms), written back as the export writes moments. */
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A Nook export's rows, each read by the rules of the route that writes its kind, so an import stores
 * nothing the API itself would refuse: an entry by EntryCreateBody's (a real moment within the journal's
 * dates, moods 1–5, each metric once with names compared lower-cased as the journal stores them, but
 * without needing content: journal/schemas.ts EntryHeld), a tag and a metric name by the journal's, a
 * stack and its items by StackCreateBody and StackItemCreateBody, a timer by TimerStartBody and
 * TimerUpdateBody, a person by PersonCreateBody (an e-mail, a real birth date not after today), a
 * checklist by StepsCreateBody and StepsUpdateBody, an event by EventBody (a title, a real day, both wall
 * times or neither), the donation page by DonateInfoBody (its title and addresses). The rows come back as
 * those routes would store them (trimmed, lower-cased, normalised), in the export's shape; the first row
 * refused refuses the file, named by its place ("stacks[0].items[2]"). How many events an account keeps
 * (EVENTS_MAX) is counted against the account's own, where the rows are written (write-others.ts).
 * Donations have no route (polling records them): the export's schema is theirs.
 */
export function byRouteRules(file: NookExport, offset = 0): NookExport {
  const tags = once(file.tags.map((name, i) => byRoute(tagName, name, `tags[${i + offset}]`)));
  const metrics = once(file.metrics.map((name, i) => byRoute(metricName, name, `metrics[${i + offset}]`)));
  const entries = file.entries.map((e, i) => {
    const held = byRoute(
      EntryHeld,
      { text: e.text, tags: e.tags, metrics: e.metrics, date: e.date },
      `entries[${i + offset}]`,
    );
    // The date is given, so the route reads it (its output is optional only because a body may leave it out).
    return {
      ...e,
      date: iso(held.date ?? Date.parse(e.date)),
      text: held.text,
      tags: once(held.tags),
      metrics: held.metrics,
    };
  });
  const stacks = file.stacks.map((s, i) => {
    const stack = byRoute(StackCreateBody, { name: s.name, icon: s.icon }, `stacks[${i + offset}]`);
    const items = s.items.map((item, j) => {
      const row = `stacks[${i + offset}].items[${j}]`;
      const read = byRoute(
        StackItemCreateBody,
        {
          stackId: ANY_ID,
          title: item.title,
          type: item.type,
          uptimeOnly: item.uptimeOnly,
          tagsSign: item.tagsSign,
          position: item.position,
          config: {
            filter: item.config.filter,
            timeRange: item.config.timeRange,
            metricId: null,
            date: item.config.date,
            goal: item.config.goal,
          },
        },
        row,
      );
      // The item's API names its metric by id; a file names it, by the journal's rule for a metric's name.
      const metric = item.config.metric === null ? null : byRoute(metricName, item.config.metric, row);
      return {
        ...item,
        title: read.title,
        config: {
          ...item.config,
          filter: read.config.filter,
          timeRange: read.config.timeRange,
          metric,
          date: read.config.date ?? null,
          goal: read.config.goal ?? null,
        },
      };
    });
    return { ...s, name: stack.name, icon: stack.icon, items };
  });
  const timers = file.timers.map((t, i) => {
    const row = `timers[${i + offset}]`;
    byRoute(TimerStartBody, { text: t.text, tags: t.tags, initAt: t.initAt, goal: t.goal }, row);
    const read = byRoute(
      TimerUpdateBody,
      {
        id: ANY_ID,
        text: t.text,
        tags: t.tags,
        startedAt: t.startedAt,
        pausedAt: t.pausedAt,
        pausedTimeDiff: t.pausedTimeDiff,
        complete: t.complete,
        goal: t.goal,
      },
      row,
    );
    return { ...t, text: read.text, tags: read.tags };
  });
  const people = file.people.map((p, i) => {
    const row = `people[${i + offset}]`;
    const read = byRoute(PersonCreateBody, { name: p.name, email: p.email, birthDate: p.birthDate, tags: p.tags }, row);
    // Checked as a person's tags, kept by the journal's rule for any tag: a tag renamed in the journal (to one
    // without the '@' a new person's tag gets) stays on the person as it was, so an export comes back whole.
    const personTags = once(p.tags.map((t) => byRoute(tagName, t, row)));
    return { ...p, name: read.name, email: read.email, birthDate: read.birthDate, tags: personTags };
  });
  const checklists = file.checklists.map((c, i) => {
    const row = `checklists[${i + offset}]`;
    byRoute(StepsCreateBody, { name: c.name }, row);
    const read = byRoute(StepsUpdateBody, { id: ANY_ID, name: c.name, content: c.content, deadline: c.deadline }, row);
    return { ...c, name: read.name ?? c.name, content: read.content ?? c.content };
  });
  const events = file.events.map((e, i) => {
    const read = byRoute(
      EventBody,
      { title: e.title, note: e.note, date: e.date, start: e.start, end: e.end, repeat: e.repeat },
      `events[${i + offset}]`,
    );
    return { ...e, ...read };
  });
  const donateInfo = file.donateInfo && { ...file.donateInfo, ...donatePageOf(file.donateInfo) };
  return { ...file, tags, metrics, entries, stacks, timers, people, checklists, events, donateInfo };
}

/** A file's donation page by DonateInfoBody, the page's own route's schema: what it would publish. */
function donatePageOf(info: NonNullable<NookExport["donateInfo"]>): ImportedDonatePage {
  const read = byRoute(
    DonateInfoBody,
    {
      donatePageTitle: info.title,
      ethAddress: info.ethAddress,
      btcAddress: info.btcAddress,
      paypalDonateButtonId: info.paypalDonateButtonId,
    },
    "donateInfo",
  );
  return {
    title: read.donatePageTitle,
    ethAddress: read.ethAddress,
    btcAddress: read.btcAddress,
    paypalDonateButtonId: read.paypalDonateButtonId,
  };
}

/**
 * A file's profile settings read by the profile's own rules (auth/schemas.ts ProfileBody): its zone by
 * `timeZone` (one this runtime knows), its date of birth by `dateOfBirth` (a real day in the years a profile
 * takes); its accent colour is the export's own list (ACCENT_COLORS), checked with the file. A zone or a
 * date a profile would refuse is left out, in words, and the file still read: the profile is taken only
 * when the person asks, and a zone the exporting runtime knew may be one this runtime does not.
 */
export function profileByRouteRules(profile: NookExport["profile"]): Omit<ImportedProfile, "set"> {
  const leftOut: ImportLeftOut[] = [];
  const said = (m: ApiMessage) => leftOut.push({ code: m.code, values: m.values, message: m.text });
  const zone = profile.timeZone;
  const zoneRead = zone === null || v.is(timeZone, zone);
  if (!zoneRead)
    said(
      message('The file\'s time zone "{value}" is not one Nook knows: it is left out, and your profile keeps its own', {
        value: zone,
      }),
    );
  const birth = v.safeParse(dateOfBirth, profile.dateOfBirth);
  if (!birth.success)
    said(
      message(
        'The file\'s date of birth "{date}" is not one a profile takes: it is left out, and your profile keeps its own',
        {
          date: String(profile.dateOfBirth),
        },
      ),
    );
  return {
    timeZone: zoneRead ? zone : null,
    accentColor: profile.accentColor,
    dateOfBirth: birth.success ? birth.output : null,
    leftOut,
  };
}
