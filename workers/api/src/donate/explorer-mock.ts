/**
 * Block explorers as the tests' outbound fetch sees them: an Esplora API for
 * BTC and an Etherscan API for ETH over transactions the test writes, each
 * of which can be told to fail (500, 429, a timeout, malformed JSON).
 */
export const BTC_API = "https://btc.explorer.test/api";
export const ETH_API = "https://eth.explorer.test/api";

export interface BtcTx {
  txid: string;
  confirmed: boolean;
  blockTime: number;
  from: string;
  /** Outputs: address → satoshi. */
  to: Record<string, number>;
}
export interface EthTx {
  hash: string;
  block: number;
  time: number;
  from: string;
  to: string;
  value: string;
  confirmations: number;
  isError?: "0" | "1";
}

export type Failure = "500" | "429" | "timeout" | "malformed" | "wrong-shape" | null;

export class Explorers {
  /** Newest first, as Esplora lists them. */
  btc: BtcTx[] = [];
  /** Oldest first, as Etherscan's sort=asc. */
  eth: EthTx[] = [];
  fail: { btc: Failure; eth: Failure } = { btc: null, eth: null };
  requests: string[] = [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    this.requests.push(url.href);
    const chain = url.href.startsWith(BTC_API) ? "btc" : url.href.startsWith(ETH_API) ? "eth" : null;
    if (!chain) throw new Error(`unexpected outbound request: ${url.href}`);
    const failure = this.fail[chain];
    if (failure === "timeout")
      // Never answers: only the caller's own timeout ends the wait.
      return new Promise((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason ?? new Error("aborted"))),
      );
    if (failure === "500") return new Response("upstream broke", { status: 500 });
    if (failure === "429") return new Response("slow down", { status: 429 });
    if (failure === "malformed") return new Response("{not json", { headers: { "Content-Type": "application/json" } });
    if (failure === "wrong-shape") return Response.json({ surprise: true });
    return Response.json(chain === "btc" ? this.esplora(url) : this.etherscan(url));
  };

  private esplora(url: URL) {
    const m = /\/address\/([^/]+)\/txs(?:\/chain\/([0-9a-f]+))?$/.exec(url.pathname);
    if (!m) throw new Error(`unexpected Esplora path ${url.pathname}`);
    const address = decodeURIComponent(m[1] as string);
    const mine = this.btc.filter((tx) => tx.from === address || address in tx.to);
    const confirmed = mine.filter((tx) => tx.confirmed);
    const after = m[2] ? confirmed.findIndex((tx) => tx.txid === m[2]) + 1 : 0;
    const page = confirmed.slice(after, after + 25);
    const mempool = m[2] ? [] : mine.filter((tx) => !tx.confirmed);
    return [...mempool, ...page].map((tx) => ({
      txid: tx.txid,
      status: tx.confirmed ? { confirmed: true, block_time: tx.blockTime } : { confirmed: false },
      vin: [{ prevout: { scriptpubkey_address: tx.from, value: 1e8 } }],
      vout: Object.entries(tx.to).map(([a, value]) => ({ scriptpubkey_address: a, value })),
    }));
  }

  private etherscan(url: URL) {
    const q = url.searchParams;
    if (q.get("module") !== "account" || q.get("action") !== "txlist") throw new Error("unexpected Etherscan call");
    const address = (q.get("address") ?? "").toLowerCase();
    const start = Number(q.get("startblock") ?? 0);
    const offset = Number(q.get("offset") ?? 10_000);
    const rows = this.eth
      .filter((tx) => (tx.to.toLowerCase() === address || tx.from.toLowerCase() === address) && tx.block >= start)
      .slice(0, offset);
    if (!rows.length) return { status: "0", message: "No transactions found", result: [] };
    return {
      status: "1",
      message: "OK",
      result: rows.map((tx) => ({
        hash: tx.hash,
        blockNumber: String(tx.block),
        timeStamp: String(tx.time),
        from: tx.from,
        to: tx.to,
        value: tx.value,
        isError: tx.isError ?? "0",
        confirmations: String(tx.confirmations),
      })),
    };
  }
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
export const txid = (n: number) => hex(n, 64);
export const ethHash = (n: number) => `0x${hex(n, 64)}`;
