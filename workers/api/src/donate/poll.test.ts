import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../index.ts";
import { openDb } from "../platform/db.ts";
import { dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { BTC_API, ETH_API, type EthTx, Explorers, ethHash, type Failure, txid } from "./explorer-mock.ts";
import { POLL_DEFAULTS, pollDonations } from "./poll.ts";
import { BTC, BTC_LEGACY, ETH, PAGE } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let explorers: Explorers;
const T = 1_790_000_000; // block times, seconds

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await ann.api.donate.info.$put({ json: PAGE });
  explorers = new Explorers();
  vi.spyOn(globalThis, "fetch").mockImplementation(explorers.fetch);
});
afterEach(() => vi.restoreAllMocks());

/** One cron run of the Worker, the explorers set as vars and a short timeout. */
async function cron(vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const runEnv = {
    ...env,
    DONATE_BTC_API: BTC_API,
    DONATE_ETH_API: ETH_API,
    ETHERSCAN_API_KEY: "test-key",
    DONATE_POLL_TIMEOUT_MS: "150",
    ...vars,
  } as typeof env;
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), runEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function recorded(userId?: number) {
  const { results } = await env.DB.prepare(
    `SELECT user_id, chain, tx_id, amount, from_address, at FROM donations ${userId ? "WHERE user_id = ?" : ""} ORDER BY chain, at, tx_id`,
  )
    .bind(...(userId ? [userId] : []))
    .all();
  return results;
}

const incomingEth = (n: number, patch: Partial<EthTx> = {}): EthTx => ({
  hash: ethHash(n),
  block: 1000 + n,
  time: T + n,
  from: "0x1111111111111111111111111111111111111111",
  to: ETH.toLowerCase(),
  value: `${n}000000000000000000`,
  confirmations: 50,
  ...patch,
});

describe("polling records each confirmed incoming payment once", () => {
  it("records BTC and ETH donations, and a second run writes nothing more", async () => {
    explorers.btc = [
      { txid: txid(2), confirmed: true, blockTime: T + 20, from: "bc1sender", to: { [BTC]: 150_000_000 } },
      // Ann's own spend: no donation.
      { txid: txid(1), confirmed: true, blockTime: T + 10, from: BTC, to: { bc1elsewhere: 5000 } },
    ];
    explorers.eth = [
      incomingEth(1),
      // Outgoing, failed, and zero-value transactions are no donations.
      incomingEth(2, { from: ETH.toLowerCase(), to: "0x2222222222222222222222222222222222222222" }),
      incomingEth(3, { isError: "1" }),
      incomingEth(4, { value: "0" }),
    ];
    await cron();
    const first = await recorded();
    expect(first).toEqual([
      {
        user_id: ann.id,
        chain: "btc",
        tx_id: txid(2),
        amount: "150000000",
        from_address: "bc1sender",
        at: (T + 20) * 1000,
      },
      {
        user_id: ann.id,
        chain: "eth",
        tx_id: ethHash(1),
        amount: "1000000000000000000",
        from_address: "0x1111111111111111111111111111111111111111",
        at: (T + 1) * 1000,
      },
    ]);
    // The key goes to Etherscan; the request names the address.
    expect(explorers.requests.some((u) => u.includes("apikey=test-key") && u.includes(ETH))).toBe(true);
    await cron();
    await cron();
    expect(await recorded()).toEqual(first);
    const list = (await (await ann.api.donate.donations.$get({ query: {} })).json()) as {
      donations: { txId: string }[];
    };
    expect(list.donations.map((d) => d.txId)).toEqual([txid(2), ethHash(1)]);
  });

  it("waits for confirmation, then records a payment once confirmed", async () => {
    explorers.btc = [{ txid: txid(7), confirmed: false, blockTime: 0, from: "bc1sender", to: { [BTC]: 1000 } }];
    explorers.eth = [incomingEth(1, { confirmations: 3 })];
    await cron();
    expect(await recorded()).toEqual([]);
    explorers.btc[0] = { ...explorers.btc[0]!, confirmed: true, blockTime: T + 70 };
    explorers.eth[0] = { ...explorers.eth[0]!, confirmations: 12 };
    await cron();
    expect((await recorded()).map((d) => d.tx_id)).toEqual([txid(7), ethHash(1)]);
  });

  it("finds payments that arrive between runs, and only reads what is new", async () => {
    explorers.btc = [{ txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1 } }];
    await cron();
    explorers.btc.unshift({ txid: txid(2), confirmed: true, blockTime: T + 600, from: "bc1b", to: { [BTC]: 2 } });
    explorers.eth.push(incomingEth(9));
    await cron();
    expect((await recorded()).map((d) => d.tx_id)).toEqual([txid(1), txid(2), ethHash(9)]);
    // Then ETH asks from the first block not yet settled, and BTC stops at the newest it has read.
    explorers.requests = [];
    await cron();
    expect(explorers.requests.find((u) => u.startsWith(ETH_API))).toContain(`startblock=${1000 + 9 + 1}`);
    expect(explorers.requests.filter((u) => u.startsWith(BTC_API))).toHaveLength(1);
  });
});

describe("a failing provider changes nothing, and the next good run catches up", () => {
  const failures: Failure[] = ["500", "429", "timeout", "malformed", "wrong-shape"];
  for (const failure of failures) {
    it(`BTC and ETH answering ${failure}`, async () => {
      explorers.btc = [{ txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1000 } }];
      explorers.eth = [incomingEth(1)];
      explorers.fail = { btc: failure, eth: failure };
      const before = await dumpDb();
      await cron();
      const after = await dumpDb();
      expect(after.donations).toEqual(before.donations);
      // Only the sources' check time and last error moved.
      const sources = after.donation_sources as { cursor: string | null; last_error: string | null }[];
      expect(sources.map((s) => s.cursor)).toEqual([null, null]);
      expect(sources.every((s) => s.last_error)).toBe(true);

      explorers.fail = { btc: null, eth: null };
      await cron();
      expect((await recorded()).map((d) => d.tx_id)).toEqual([txid(1), ethHash(1)]);
      const healed = (await dumpDb()).donation_sources as { last_error: string | null }[];
      expect(healed.map((s) => s.last_error)).toEqual([null, null]);
    });
  }

  it("keeps one chain's progress when only the other fails", async () => {
    explorers.btc = [{ txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1000 } }];
    explorers.eth = [incomingEth(1)];
    explorers.fail.eth = "500";
    await cron();
    expect((await recorded()).map((d) => d.tx_id)).toEqual([txid(1)]);
  });

  it("polls nothing where no explorer is set (local dev)", async () => {
    explorers.btc = [{ txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1000 } }];
    await cron({ DONATE_BTC_API: "", DONATE_ETH_API: "" });
    expect(explorers.requests).toEqual([]);
    expect(await recorded()).toEqual([]);
  });
});

describe("pages are kept apart", () => {
  it("records each user's payments for that user only, even on a shared address", async () => {
    const bob = await signedInUser("Bob");
    await bob.api.donate.info.$put({
      json: { donatePageTitle: "Bob's", btcAddress: BTC_LEGACY, ethAddress: ETH, paypalDonateButtonId: "" },
    });
    explorers.btc = [
      { txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1000 } },
      { txid: txid(2), confirmed: true, blockTime: T + 1, from: "bc1b", to: { [BTC_LEGACY]: 2000 } },
    ];
    explorers.eth = [incomingEth(1)];
    await cron();
    expect((await recorded(ann.id)).map((d) => [d.chain, d.tx_id])).toEqual([
      ["btc", txid(1)],
      ["eth", ethHash(1)],
    ]);
    // Bob gave the same ETH address: the payment is his page's too, recorded once for him.
    expect((await recorded(bob.id)).map((d) => [d.chain, d.tx_id])).toEqual([
      ["btc", txid(2)],
      ["eth", ethHash(1)],
    ]);
    const bobs = (await (await bob.api.donate.donations.$get({ query: {} })).json()) as {
      donations: { txId: string }[];
    };
    expect(bobs.donations.map((d) => d.txId)).not.toContain(txid(1));
  });

  it("stops polling an address removed from the page, and writes nothing for it", async () => {
    await ann.api.donate.info.$put({ json: { ...PAGE, btcAddress: "", ethAddress: "" } });
    explorers.btc = [{ txid: txid(1), confirmed: true, blockTime: T, from: "bc1a", to: { [BTC]: 1000 } }];
    await cron();
    expect(explorers.requests).toEqual([]);
    expect(await recorded()).toEqual([]);
  });
});

describe("each run is bounded and resumes where it stopped", () => {
  it("walks a long BTC history over several runs within its request budget, recording each payment once", async () => {
    // 130 confirmed payments: six pages of 25.
    explorers.btc = Array.from({ length: 130 }, (_, i) => ({
      txid: txid(1000 - i),
      confirmed: true,
      blockTime: T + 1000 - i,
      from: "bc1a",
      to: { [BTC]: 1000 - i },
    }));
    const db = openDb(env.DB);
    const config = {
      ...POLL_DEFAULTS,
      btcApi: BTC_API,
      ethApi: null,
      ethApiKey: null,
      timeoutMs: 1000,
      maxRequests: 2,
      now: Date.now,
    };
    const runs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const report = await pollDonations(db, config, explorers.fetch);
      expect(report.requests).toBeLessThanOrEqual(2);
      runs.push((await recorded()).length);
    }
    expect(runs).toEqual([50, 100, 130, 130, 130]);
    // A payment arriving later is found by the next run, without walking the history again.
    explorers.btc.unshift({ txid: txid(5000), confirmed: true, blockTime: T + 5000, from: "bc1z", to: { [BTC]: 7 } });
    const report = await pollDonations(db, config, explorers.fetch);
    expect(report.requests).toBe(1);
    expect((await recorded()).length).toBe(131);
  });

  it("pages through a long ETH history by block", async () => {
    explorers.eth = Array.from({ length: 250 }, (_, i) => incomingEth(i + 1));
    const db = openDb(env.DB);
    const config = {
      ...POLL_DEFAULTS,
      btcApi: null,
      ethApi: ETH_API,
      ethApiKey: null,
      timeoutMs: 1000,
      maxRequests: 2,
      now: Date.now,
    };
    // Two pages of 100 in the first run (the second starts at the first one's last block: 199 new).
    await pollDonations(db, config, explorers.fetch);
    expect((await recorded()).length).toBe(199);
    await pollDonations(db, config, explorers.fetch);
    expect((await recorded()).length).toBe(250);
  });
});
