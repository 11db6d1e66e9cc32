import { createStore, del, set, type UseStore, values } from "idb-keyval";
import type { ApiError } from "./api.ts";
import type { NewWrite, Outcome, QueuedWrite, QueueSnapshot } from "./offline-queue.ts";
import { type NotesHere, noteWaiting } from "./waiting-notes.ts";

/**
 * The offline queue's sending (offline-queue.ts says what it does), loaded just after the first paint. It
 * imports no module of the site's first load, only types: what it needs of them comes through `init`. (A
 * lazy chunk sharing only first-load modules makes rolldown split them out of the entry: more files and
 * about 2 KB more; scripts/bundle-size.ts.)
 */
export interface SenderDeps {
  setSnapshot(patch: Partial<QueueSnapshot>): void;
  queuedWrites(): readonly QueuedWrite[];
  refusalError(item: QueuedWrite): ApiError;
  /** use-data's invalidate. */
  invalidate(key: string): Promise<unknown>;
  /** The site's own use of a write's answer (offline-queue.ts `onSent`), before its data is read again. */
  sent(item: QueuedWrite, result: unknown): void;
  /** The server's message catalog, loaded before a refusal is shown. */
  loadServerMessages(): Promise<unknown>;
  /** fetch that tells the site's other tabs of a successful write (writes.ts). */
  send: typeof fetch;
  /** Whom this page's auth check found signed in (auth.tsx), undefined before it: a write is theirs, and only theirs are sent. */
  userId(): number | undefined;
  /** The account the browser's account cookie names now (account.ts): a write goes only with its own author's session. */
  account(): number | null;
  /** The page's account (account.ts `startAccount`): a write kept is theirs. */
  pageAccount(): number | null;
  /** Whether another tab changed the browser's account (account.ts `noticeSwitch`): then nothing more goes. */
  switched(): boolean;
  /** The headers that name a write's account (account.ts `accountHeaders`). */
  accountHeaders(account: number | null): Record<string, string>;
  /** This site and its root domain, where it tells the browser's other sites what waits here (waiting-notes.ts). */
  notesHere: NotesHere;
}

let deps: SenderDeps;
export function init(d: SenderDeps) {
  deps = d;
}
const queuedWrites = () => deps.queuedWrites();
const setSnapshot = (patch: Partial<QueueSnapshot>) => deps.setSnapshot(patch);
const refusalError = (item: QueuedWrite) => deps.refusalError(item);

const CHANNEL = "nook-queue";
/** A sent result nobody acknowledged is dropped after this long. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;
const SENT_SHOWN_MS = 60_000;
const BACKOFF_MIN_MS = 2000;
/**
 * A send with no answer by then is given up and tried again later (with its key, so never twice): one hung
 * request would otherwise hold every later write.
 */
export const SEND_TIMEOUT_MS = 30_000;
const BACKOFF_MAX_MS = 60_000;
/** The server's "the first request with this key is still in progress" (a 409 worth waiting for). */
const IN_FLIGHT = "platform.idempotencyKeyInFlight";
/** The server's "the session is another account's" (a 409 the write waits out, for its author). */
const OTHER_ACCOUNT = "platform.otherAccount";

/** The queue's IndexedDB database: its writes, one record each under its key. */
export const QUEUE_DB = "nook-queue";
let store: UseStore | undefined;
export const db = () => {
  store ??= createStore(QUEUE_DB, "writes");
  return store;
};

let channel: BroadcastChannel | null | undefined;
/** What this tab's own sends answered, by id: for `enqueue`'s outcome. */
const answers = new Map<string, Outcome>();

function broadcast() {
  channel?.postMessage("changed");
}

/** Reads the kept writes again and tells the hooks. */
async function refresh(): Promise<readonly QueuedWrite[]> {
  let items: QueuedWrite[];
  try {
    items = (await values<QueuedWrite>(db())).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } catch (err) {
    console.error("Offline queue: could not read the kept writes", err);
    return queuedWrites();
  }
  // A sent write is kept while its lists are read again (a minute at most), one kept for its result a week.
  const now = Date.now();
  const stale = (i: QueuedWrite) =>
    i.state === "sent" && i.createdAt < now - (i.keepResult ? KEEP_SENT_MS : SENT_SHOWN_MS);
  for (const item of items) if (stale(item)) void del(item.key, db());
  // Only the checked user's writes are shown and sent; another person's (a shared browser) stay kept for them,
  // and before the auth check has answered, none go.
  const me = deps.userId();
  const mine = items.filter((i) => !stale(i) && me !== undefined && (i.user === undefined || i.user === me));
  setSnapshot({ items: mine });
  if (me !== undefined) noteWaiting(deps.notesHere, me, mine.filter((i) => i.state !== "sent").length);
  return queuedWrites();
}

let order = 0;

function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One attempt: "stop" leaves this and every later write waiting (tried again later). */
async function attempt(item: QueuedWrite): Promise<"next" | "stop" | "signed-out"> {
  // The browser's session is now another account's (a switch on another site since this page checked): the
  // write waits for its author, unsent.
  if (deps.switched() || (item.user !== undefined && deps.account() !== item.user)) return "signed-out";
  let res: Response;
  try {
    res = await deps.send(`${location.origin}${item.path}`, {
      method: item.method,
      credentials: "include",
      headers: {
        ...item.headers,
        ...deps.accountHeaders(item.user ?? null),
        "Content-Type": "application/json",
        "Idempotency-Key": item.id,
      },
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    await set(item.key, { ...item, tries: item.tries + 1 }, db());
    return "stop";
  }
  type Answer = { message?: unknown; error?: unknown; code?: unknown; values?: unknown } | null;
  const body = await res.json().then(
    (json) => json as Answer,
    () => null,
  );
  // A delete finds nothing to delete: it is gone already (this one's lost answer, or another device's delete).
  if (res.ok || (item.method === "DELETE" && res.status === 404)) {
    answers.set(item.id, { state: "sent", result: body });
    // Kept as sent, with the answer, while the lists read it again: a screen shows the kept row until its list
    // holds the written one, so it neither blinks out nor shows twice.
    await set(item.key, { ...item, state: "sent", result: body, tries: item.tries + 1 }, db());
    try {
      deps.sent(item, body);
    } catch (err) {
      console.error("Offline queue: a screen could not show what was written", err);
    }
    // Not awaited: a screen's reload may itself wait for this write (the timer's does).
    const read = item.invalidates ? deps.invalidate(item.invalidates).catch(() => {}) : Promise.resolve();
    if (!item.keepResult) void read.then(() => discard(item));
    return "next";
  }
  const code = typeof body?.code === "string" ? body.code : null;
  const retry =
    res.status >= 500 ||
    res.status === 401 ||
    res.status === 408 ||
    res.status === 429 ||
    // A conflict of the key (the first request still in progress) is waited for; another conflict (the timer
    // already saved, say) will not change by waiting.
    (res.status === 409 && (code === null || code === IN_FLIGHT));
  // The session turned out another account's (a switch in another tab as it went): the write waits for its
  // author, and this page starts again as the browser's account.
  const otherAccount = res.status === 409 && code === OTHER_ACCOUNT;
  if (retry || otherAccount) {
    await set(item.key, { ...item, tries: item.tries + 1 }, db());
    if (otherAccount) deps.switched();
    return res.status === 401 || otherAccount ? "signed-out" : "stop";
  }
  const text = body?.message ?? body?.error;
  const values =
    typeof body?.values === "object" && body.values !== null ? (body.values as Record<string, string | number>) : {};
  const refused: QueuedWrite = {
    ...item,
    state: "refused",
    tries: item.tries + 1,
    refusal: { status: res.status, message: typeof text === "string" ? text : null, code, values },
  };
  if (code) await deps.loadServerMessages().catch(() => {});
  await set(item.key, refused, db());
  answers.set(item.id, { state: "refused", item: refused, error: refusalError(refused) });
  return "next";
}

let backoff = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what waits, oldest first, until one cannot go. Says whether anything still waits for the network. */
async function drain(): Promise<boolean> {
  for (;;) {
    const items = await refresh();
    const next = items.find((i) => i.state === "waiting");
    if (!next) return false;
    const step = await attempt(next);
    await refresh();
    broadcast();
    setSnapshot({ signedOut: step === "signed-out" });
    if (step !== "next") return true;
  }
}

let running: Promise<void> | null = null;
let again = false;

/** Sends the waiting writes now (one tab at a time); resolves once this try is over. */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let waiting = false;
    do {
      again = false;
      try {
        waiting =
          typeof navigator !== "undefined" && navigator.locks
            ? await navigator.locks.request(CHANNEL, drain)
            : await drain();
      } catch (err) {
        console.error("Offline queue: could not send", err);
        waiting = true;
      }
    } while (again);
    clearTimeout(timer);
    timer = undefined;
    if (waiting) {
      // Tried again later, sooner at first: 2 s, 4 s, … up to a minute, each a little off so tabs spread out.
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** backoff) * (0.8 + Math.random() * 0.4);
      backoff = Math.min(backoff + 1, 10);
      timer = setTimeout(() => void flush(), delay);
    } else backoff = 0;
  })().finally(() => {
    running = null;
  });
  return running;
}

let started = false;

/** Starts the triggers (once a page): sends on load, when the network is back, and when the page is shown again. */
export function start() {
  if (started) return;
  started = true;
  channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = () => void refresh();
  const now = () => {
    backoff = 0;
    void flush();
  };
  addEventListener("online", now);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") now();
  });
  // What is kept shows at once, even while another tab holds the lock.
  void refresh().then(flush);
}

/**
 * Keeps a write and sends it (after any older one still waiting). Resolves once it is kept, with how its
 * first attempt went (`outcome`); a failure to keep it (no IndexedDB) rejects, and nothing was sent.
 */
export async function enqueue(write: NewWrite): Promise<{ item: QueuedWrite; outcome: Promise<Outcome> }> {
  // Another tab changed the account: this page starts again, and what was typed stays in its draft.
  if (deps.switched()) return new Promise(() => {});
  start();
  const createdAt = Date.now();
  const item: QueuedWrite = {
    ...write,
    key: `${String(createdAt).padStart(15, "0")}-${String(order++).padStart(6, "0")}-${uuid()}`,
    id: uuid(),
    createdAt,
    state: "waiting",
    tries: 0,
    user: deps.pageAccount() ?? undefined,
  };
  await set(item.key, item, db());
  await refresh();
  broadcast();
  const outcome = (async (): Promise<Outcome> => {
    backoff = 0;
    await flush();
    const answered = answers.get(item.id);
    answers.delete(item.id);
    if (answered) return answered;
    const kept = queuedWrites().find((i) => i.id === item.id);
    if (!kept) return { state: "sent", result: null };
    if (kept.state === "refused") return { state: "refused", item: kept, error: refusalError(kept) };
    if (kept.state === "sent") return { state: "sent", result: kept.result };
    return { state: "waiting", item: kept };
  })();
  return { item, outcome };
}

/** Forgets a write: a refused one the person discards, or a sent one whose result was taken. */
export async function discard(item: QueuedWrite) {
  await del(item.key, db());
  await refresh();
  broadcast();
}
