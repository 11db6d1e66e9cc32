import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";

/**
 * Saved copies (DESIGN "Read offline"): the last answer a person saw for each data key, kept in this
 * browser's IndexedDB under their account, so a screen opened with no network (or a failing one) shows
 * what it last showed, marked with when it was saved. Loaded after the first paint (use-data.ts).
 *
 * Bounded: at most COPIES_MAX_BYTES an account (JSON's length, two bytes a character), the copies used
 * least recently (saved or read) dropped first. Only the signed-in account's are kept: at a site's start
 * every other account's go (only one account is signed in to a browser at a time, so theirs are of a
 * signed-out account), and a sign-out in a tab clears them all.
 */
export const COPIES_MAX_BYTES = 5 * 1024 * 1024;

export interface Copy {
  data: unknown;
  /** When it was saved (epoch ms). */
  at: number;
}

interface IndexEntry {
  size: number;
  used: number;
}
type Index = Record<string, IndexEntry>;

const DB_NAME = "nook-copies";
let store: UseStore | undefined;
const db = () => {
  store ??= createStore(DB_NAME, "copies");
  return store;
};

const copyKey = (account: number, key: string) => `copy\u0000${account}\u0000${key}`;
const indexKey = (account: number) => `index\u0000${account}`;

/** One change at a time, so two answers at once never lose each other's index entry. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
}

async function readIndex(account: number): Promise<Index> {
  return ((await get<Index>(indexKey(account), db())) ?? {}) as Index;
}

/** Keeps `data` as the copy of `key`, dropping the least recently used beyond the bound. */
export function writeCopy(account: number, key: string, data: unknown, now = Date.now()): Promise<void> {
  return serial(async () => {
    const text = JSON.stringify(data);
    if (text === undefined) return;
    const size = text.length * 2;
    if (size > COPIES_MAX_BYTES) return;
    const index = await readIndex(account);
    index[key] = { size, used: now };
    let total = Object.values(index).reduce((sum, e) => sum + e.size, 0);
    const oldest = Object.entries(index).sort(([, a], [, b]) => a.used - b.used);
    for (const [old, entry] of oldest) {
      if (total <= COPIES_MAX_BYTES || old === key) continue;
      total -= entry.size;
      delete index[old];
      await del(copyKey(account, old), db());
    }
    await set(copyKey(account, key), { data, at: now } satisfies Copy, db());
    await set(indexKey(account), index, db());
  });
}

/** The copy of `key`, if one is kept (and marks it used). */
export function readCopy(account: number, key: string, now = Date.now()): Promise<Copy | undefined> {
  return serial(async () => {
    const copy = await get<Copy>(copyKey(account, key), db());
    if (!copy) return undefined;
    const index = await readIndex(account);
    if (index[key]) {
      index[key].used = now;
      await set(indexKey(account), index, db());
    }
    return copy;
  });
}

/** Whether this site has kept any copy yet: a site that never did (the launcher, kids) is not given a database. */
async function anyKept(): Promise<boolean> {
  if (store) return true;
  if (typeof indexedDB.databases !== "function") return true;
  return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
}

/** Drops every account's copies but `account`'s (all of them for null: nobody signed in). */
export function keepOnly(account: number | null): Promise<void> {
  return serial(async () => {
    if (!(await anyKept())) return;
    const mine = account === null ? null : copyKey(account, "");
    const own = account === null ? null : indexKey(account);
    for (const k of await keys(db())) {
      const name = String(k);
      if (name === own || (mine !== null && name.startsWith(mine))) continue;
      await del(k, db());
    }
  });
}
