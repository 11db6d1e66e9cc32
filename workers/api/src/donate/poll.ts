import { CHAINS, type Chain } from "@nook/shared/donate/amounts";
import { and, asc, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Db } from "../platform/db.ts";
import { donationSources, donations } from "./schema.ts";

/**
 * Donation polling (DESIGN §5), run by the cron trigger: for each page's BTC
 * and ETH address, ask a block explorer for its transactions and record each
 * confirmed incoming one once (unique per user, chain and tx id).
 *
 * - BTC: an Esplora API (`/address/{a}/txs`, newest first, 25 confirmed a
 *   page, older pages at `/txs/chain/{last txid}`).
 * - ETH: an Etherscan API (`module=account&action=txlist`, ascending from a
 *   start block).
 *
 * A provider's error, timeout, rate limit or malformed answer changes no
 * donation and no cursor: the source is asked again on the next run. Each
 * run makes at most `maxRequests` requests and starts none after `maxMs`; a
 * source's walk through a long history resumes from its cursor next time.
 */
export interface PollConfig {
  btcApi: string | null;
  ethApi: string | null;
  ethApiKey: string | null;
  /** Workers' free plan allows 50 subrequests an invocation; leave room. */
  maxRequests: number;
  maxMs: number;
  timeoutMs: number;
  /** ETH blocks on top before a transaction counts. */
  ethConfirmations: number;
  now(): number;
}

export const POLL_DEFAULTS = { maxRequests: 40, maxMs: 20_000, ethConfirmations: 12 };

export interface PollReport {
  sources: number;
  requests: number;
  recorded: number;
  failed: { userId: number; chain: Chain; error: string }[];
}

class ProviderError extends Error {}
class OutOfRequests extends Error {}

interface Found {
  txId: string;
  amount: bigint;
  from: string;
  at: number;
}

interface Step {
  found: Found[];
  cursor: string | null;
  /** More to read now (the walk goes on, budget permitting). */
  more: boolean;
}

type Get = (url: string) => Promise<unknown>;

/** Payments a statement: 4 bound values each, under D1's 100 a statement. */
const INSERT_ROWS = 20;
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// ---------- BTC (Esplora) ----------

const EsploraTx = v.object({
  txid: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  status: v.object({ confirmed: v.boolean(), block_time: v.optional(v.number()) }),
  vin: v.array(
    v.object({
      prevout: v.nullish(v.object({ scriptpubkey_address: v.optional(v.string()), value: v.number() })),
    }),
  ),
  vout: v.array(v.object({ scriptpubkey_address: v.optional(v.string()), value: v.number() })),
});
const EsploraPage = v.array(EsploraTx);
/** Esplora's confirmed transactions a page. */
const ESPLORA_PAGE = 25;

/** Where a BTC source stands: the newest confirmed txid read; a walk to older ones in progress (from `next`, down to `stop`). */
interface BtcCursor {
  head: string | null;
  next: string | null;
  stop: string | null;
}

function btcCursor(raw: string | null): BtcCursor {
  try {
    const c = raw ? (JSON.parse(raw) as Partial<BtcCursor>) : {};
    return { head: c.head ?? null, next: c.next ?? null, stop: c.stop ?? null };
  } catch {
    return { head: null, next: null, stop: null };
  }
}

/** One page of a BTC address's confirmed transactions, with what it received in each. */
async function btcPage(get: Get, api: string, address: string, after: string | null) {
  const url = `${api}/address/${encodeURIComponent(address)}/txs${after ? `/chain/${after}` : ""}`;
  const parsed = v.safeParse(EsploraPage, await get(url));
  if (!parsed.success) throw new ProviderError("malformed answer");
  const confirmed = parsed.output.filter((tx) => tx.status.confirmed && tx.status.block_time !== undefined);
  const found: Found[] = [];
  for (const tx of confirmed) {
    const received = tx.vout
      .filter((o) => o.scriptpubkey_address === address)
      .reduce((sum, o) => sum + BigInt(o.value), 0n);
    const spent = tx.vin
      .filter((i) => i.prevout?.scriptpubkey_address === address)
      .reduce((sum, i) => sum + BigInt(i.prevout?.value ?? 0), 0n);
    if (received - spent > 0n)
      found.push({
        txId: tx.txid,
        amount: received - spent,
        from: tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? "",
        at: (tx.status.block_time as number) * 1000,
      });
  }
  return { txids: confirmed.map((tx) => tx.txid), found, full: confirmed.length >= ESPLORA_PAGE };
}

async function btcStep(get: Get, api: string, address: string, raw: string | null): Promise<Step> {
  const c = btcCursor(raw);
  const walking = c.next !== null;
  const page = await btcPage(get, api, address, walking ? c.next : null);
  const stopAt = walking ? c.stop : c.head;
  const cut = stopAt === null ? -1 : page.txids.indexOf(stopAt);
  const txids = cut === -1 ? page.txids : page.txids.slice(0, cut);
  const found = page.found.filter((f) => txids.includes(f.txId));
  const head = walking ? c.head : (page.txids[0] ?? c.head);
  // Done when the page reached what was read before, or the start of the address's history.
  const done = cut !== -1 || !page.full;
  const next: BtcCursor = done
    ? { head, next: null, stop: null }
    : { head, next: page.txids.at(-1) ?? null, stop: stopAt };
  return { found, cursor: JSON.stringify(next), more: !done };
}

// ---------- ETH (Etherscan) ----------

const EtherscanTx = v.object({
  hash: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/)),
  blockNumber: v.pipe(v.string(), v.regex(/^\d+$/)),
  timeStamp: v.pipe(v.string(), v.regex(/^\d+$/)),
  from: v.string(),
  to: v.string(),
  value: v.pipe(v.string(), v.regex(/^\d+$/)),
  isError: v.optional(v.string(), "0"),
  confirmations: v.pipe(v.string(), v.regex(/^\d+$/)),
});
const EtherscanAnswer = v.object({
  status: v.string(),
  message: v.string(),
  result: v.union([v.array(EtherscanTx), v.string()]),
});
const ETHERSCAN_PAGE = 100;

async function ethStep(get: Get, config: PollConfig, api: string, address: string, raw: string | null): Promise<Step> {
  const start = raw && /^\d+$/.test(raw) ? raw : "0";
  const params = new URLSearchParams({
    chainid: "1",
    module: "account",
    action: "txlist",
    address,
    startblock: start,
    endblock: "99999999",
    page: "1",
    offset: String(ETHERSCAN_PAGE),
    sort: "asc",
  });
  if (config.ethApiKey) params.set("apikey", config.ethApiKey);
  const parsed = v.safeParse(EtherscanAnswer, await get(`${api}?${params}`));
  if (!parsed.success) throw new ProviderError("malformed answer");
  const { result, message } = parsed.output;
  if (typeof result === "string") {
    if (/no transactions found/i.test(message) || /no transactions found/i.test(result))
      return { found: [], cursor: start, more: false };
    throw new ProviderError(result.slice(0, 200) || message);
  }
  const found: Found[] = [];
  const me = address.toLowerCase();
  let cursor = start;
  let settledAll = true;
  for (const tx of result) {
    if (Number(tx.confirmations) < config.ethConfirmations) {
      // Ascending order: everything from here is newer; start here next time.
      cursor = tx.blockNumber;
      settledAll = false;
      break;
    }
    if (tx.to.toLowerCase() === me && tx.isError === "0" && BigInt(tx.value) > 0n)
      found.push({
        txId: tx.hash.toLowerCase(),
        amount: BigInt(tx.value),
        from: tx.from,
        at: Number(tx.timeStamp) * 1000,
      });
    cursor = tx.blockNumber;
  }
  if (!settledAll) return { found, cursor, more: false };
  const last = result.at(-1);
  if (!last) return { found, cursor: start, more: false };
  if (result.length < ETHERSCAN_PAGE) return { found, cursor: String(BigInt(last.blockNumber) + 1n), more: false };
  // A full page: the next one starts at its last block (ids are unique, so a repeat is harmless) —
  // past it when the whole page was one block, or the walk would never move.
  const first = result[0] as typeof last;
  const nextStart = first.blockNumber === last.blockNumber ? BigInt(last.blockNumber) + 1n : BigInt(last.blockNumber);
  return { found, cursor: String(nextStart), more: true };
}

// ---------- the run ----------

/** One GET of JSON under the run's budget: any failure is a ProviderError, and nothing is written for it. */
function getter(config: PollConfig, fetchFn: typeof fetch, budget: { left: number }): Get {
  return async (url) => {
    if (budget.left <= 0) throw new OutOfRequests();
    budget.left--;
    let res: Response;
    try {
      res = await fetchFn(url, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw new ProviderError((err as Error)?.name === "TimeoutError" ? "timed out" : "no answer");
    }
    if (res.status === 429) throw new ProviderError("rate limited (429)");
    if (!res.ok) throw new ProviderError(`HTTP ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new ProviderError("malformed answer");
    }
  };
}

export async function pollDonations(db: Db, config: PollConfig, fetchFn: typeof fetch = fetch): Promise<PollReport> {
  const began = config.now();
  const report: PollReport = { sources: 0, requests: 0, recorded: 0, failed: [] };
  const chains = CHAINS.filter((c) => (c === "btc" ? config.btcApi : config.ethApi));
  if (!chains.length) return report;
  const budget = { left: config.maxRequests };
  const get = getter(config, fetchFn, budget);
  /** The run's requests or time are used up: start nothing more. */
  const runOver = () => budget.left <= 0 || config.now() - began > config.maxMs;
  // The longest-waiting first, so every source gets its turn across runs.
  const sources = await db
    .select()
    .from(donationSources)
    .orderBy(asc(donationSources.checkedAt), asc(donationSources.userId), asc(donationSources.chain))
    .all();
  for (const source of sources) {
    if (!chains.includes(source.chain)) continue;
    if (runOver()) break;
    report.sources++;
    const found: Found[] = [];
    let cursor = source.cursor;
    let error: string | null = null;
    try {
      for (;;) {
        const step =
          source.chain === "btc"
            ? await btcStep(get, config.btcApi as string, source.address, cursor)
            : await ethStep(get, config, config.ethApi as string, source.address, cursor);
        found.push(...step.found);
        cursor = step.cursor;
        if (!step.more || runOver()) break;
      }
    } catch (err) {
      if (err instanceof OutOfRequests) {
        // What was read before the budget ran out stands; the rest waits for the next run.
      } else {
        error = err instanceof ProviderError ? err.message : "unexpected answer";
        if (!(err instanceof ProviderError)) console.error(err);
      }
    }
    const mine = and(eq(donationSources.userId, source.userId), eq(donationSources.chain, source.chain));
    // The address is re-checked in every statement: a page edited meanwhile is not written into.
    const same = and(mine, eq(donationSources.address, source.address));
    const now = config.now();
    if (error) {
      report.failed.push({ userId: source.userId, chain: source.chain, error });
      await db.update(donationSources).set({ checkedAt: now, lastError: error }).where(same);
      continue;
    }
    const results = await db.batch([
      db.update(donationSources).set({ cursor, checkedAt: now, lastError: null }).where(same),
      // Selected with the source's own row: nothing is recorded for an address the page no longer has.
      ...chunks(found, INSERT_ROWS).map((rows) =>
        db
          .insert(donations)
          .select(
            sql`SELECT NULL, ${donationSources.userId}, ${donationSources.chain}, v.column1, v.column2, v.column3, v.column4, ${now}, NULL
              FROM ${donationSources}, (VALUES ${sql.join(
                rows.map((f) => sql`(${f.txId}, ${f.amount.toString()}, ${f.from}, ${f.at})`),
                sql`, `,
              )}) v
              WHERE ${same}`,
          )
          .onConflictDoNothing(),
      ),
    ]);
    for (const r of results.slice(1)) report.recorded += r.meta.changes;
  }
  report.requests = config.maxRequests - budget.left;
  return report;
}
