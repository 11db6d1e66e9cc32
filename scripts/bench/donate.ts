/**
 * The donate API on the local suite (wrangler dev, workerd, local D1): the
 * received-donations list over 20,000 donations, the public page and a save,
 * each next to a bare baseline measured in the same run; and one polling run
 * (the cron's work, donate/poll.ts) over 20 pages against in-process mock
 * explorers, next to bare inserts of the same rows.
 *   npm run bench -- donate
 */
import { BTC_API, Explorers, ethHash, txid } from "../../workers/api/src/donate/explorer-mock.ts";
import { POLL_DEFAULTS, pollDonations } from "../../workers/api/src/donate/poll.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { report, time } from "./stats.ts";

const DONATIONS = 10_000;
const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const suite = await benchSuite(async (db) => {
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash)
       VALUES (1, 'bench@nook.localhost', 'Bench', 'bench', 'x'), (2, 'other@nook.localhost', 'Other', 'other', 'x')`,
    )
    .run();
  await db
    .prepare(
      "INSERT INTO donate_info (user_id, title, eth_address, btc_address, updated_at) VALUES (1, 'Bench', ?, ?, 0)",
    )
    .bind(ETH, BTC)
    .run();
  const statements = [];
  for (let from = 0; from < 2 * DONATIONS; from += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const n = from + k;
      const user = n < DONATIONS ? 1 : 2;
      const chain = n % 3 === 0 ? "eth" : "btc";
      return `(${user}, '${chain}', '${chain === "eth" ? ethHash(n) : txid(n)}', '${(n + 1) * 1000}', 'sender', ${Date.UTC(2025, 0, 1) + n * 60_000}, 0)`;
    });
    statements.push(
      db.prepare(
        `INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at) VALUES ${rows.join(", ")}`,
      ),
    );
  }
  await db.batch(statements);
  await db.prepare("ANALYZE").run();
});
const { db } = suite;

try {
  const origin = suite.origin("donate");
  const token = await suite.signIn();
  const call = async (method: string, path: string, body?: unknown, signedIn = true) => {
    const r = await localFetch(`${origin}${path}`, {
      method,
      headers: {
        ...(signedIn ? { Authorization: `Bearer ${token}` } : {}),
        Origin: origin,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text()}`);
    return r.json<Record<string, unknown>>();
  };
  for (let i = 0; i < 20; i++) await call("GET", "/api/health", undefined, false);

  console.log(
    `\nthe donate API, ${DONATIONS.toLocaleString("en")} donations each for two users (HTTP through the gateway)`,
  );
  const health = await time(200, () => call("GET", "/api/health", undefined, false));
  report("GET /api/health (baseline: no session)", health);
  const checkAuth = await time(200, () => call("GET", "/api/auth/checkAuth"));
  report("GET /api/auth/checkAuth (baseline: the session)", checkAuth);
  const list = await time(200, () => call("GET", "/api/donate/donations"));
  report("GET /api/donate/donations (first page of 30)", list);
  const first = await call("GET", "/api/donate/donations?limit=100");
  let cursor = first.next as string;
  for (let i = 0; i < 80; i++)
    cursor = (await call("GET", `/api/donate/donations?limit=100&before=${cursor}`)).next as string;
  const deep = await time(200, () => call("GET", `/api/donate/donations?before=${cursor}`));
  report("the same after 8,100 rows", deep);
  const bare = await time(200, () =>
    db
      .prepare(
        "SELECT id, chain, tx_id, amount, from_address, at FROM donations WHERE user_id = 1 ORDER BY at DESC, id DESC LIMIT 31",
      )
      .all(),
  );
  report("bare indexed SELECT of 31 rows incl. a Node→workerd round trip", bare);
  const publicPage = await time(200, () => call("GET", "/api/donate/public/bench", undefined, false));
  report("GET /api/donate/public/{username} (signed out)", publicPage);
  const save = await time(100, () =>
    call("PUT", "/api/donate/info", {
      donatePageTitle: "Bench",
      ethAddress: ETH,
      btcAddress: BTC,
      paypalDonateButtonId: "",
    }),
  );
  report("PUT /api/donate/info (both addresses checked)", save);

  // One polling run over 20 pages, 25 new payments each, against mock explorers in this process.
  const PAGES = 20;
  const explorers = new Explorers();
  const addresses: string[] = [];
  for (let u = 0; u < PAGES; u++) {
    const id = 100 + u;
    const address = `bench-address-${u}`;
    addresses.push(address);
    await db
      .prepare("INSERT INTO users (id, email, name, username, password_hash) VALUES (?, ?, 'p', ?, 'x')")
      .bind(id, `p${u}@nook.localhost`, `p${u}`)
      .run();
    await db
      .prepare("INSERT INTO donation_sources (user_id, chain, address) VALUES (?, 'btc', ?)")
      .bind(id, address)
      .run();
    for (let k = 0; k < 25; k++)
      explorers.btc.push({
        txid: txid(1_000_000 + u * 100 + k),
        confirmed: true,
        blockTime: 1_790_000_000 + k,
        from: "bc1x",
        to: { [address]: 1000 + k },
      });
  }
  const drizzle = openDb(db);
  const config = { ...POLL_DEFAULTS, btcApi: BTC_API, ethApi: null, ethApiKey: null, timeoutMs: 5000, now: Date.now };
  const began = performance.now();
  const run = await pollDonations(drizzle, config, explorers.fetch as typeof fetch);
  const pollMs = performance.now() - began;
  if (run.recorded !== PAGES * 25) throw new Error(`the run recorded ${run.recorded}, not ${PAGES * 25}`);
  const again = performance.now();
  const second = await pollDonations(drizzle, config, explorers.fetch as typeof fetch);
  const quietMs = performance.now() - again;
  if (second.recorded !== 0) throw new Error("the second run recorded again");
  // Bare: the same 500 rows, one INSERT a page, in one batch per page (the run's own shape, no explorer, no checks).
  await db.prepare("DELETE FROM donations WHERE user_id >= 100").run();
  const bareBegan = performance.now();
  for (let u = 0; u < PAGES; u++) {
    const rows = Array.from(
      { length: 25 },
      (_, k) => `(${100 + u}, 'btc', '${txid(1_000_000 + u * 100 + k)}', '${1000 + k}', 'bc1x', 0, 0)`,
    );
    await db.batch([
      db.prepare(
        `INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at) VALUES ${rows.join(", ")}`,
      ),
    ]);
  }
  const bareMs = performance.now() - bareBegan;
  console.log(
    `\none polling run, ${PAGES} pages × 25 new payments (D1 from Node through the proxy, explorers mocked in-process)`,
  );
  console.log(`  run recording ${run.recorded} payments with ${run.requests} requests   ${pollMs.toFixed(1)} ms`);
  console.log(`  the next run, nothing new                      ${quietMs.toFixed(1)} ms`);
  console.log(`  bare: one batched INSERT a page                ${bareMs.toFixed(1)} ms`);

  const ratio = (a: { median: number }, b: { median: number }) => `${(a.median / b.median).toFixed(2)}×`;
  console.log(
    `\n  donations page / bare SELECT round trip: ${ratio(list, bare)}   deep page: ${ratio(deep, bare)}` +
      `   public page / health: ${ratio(publicPage, health)}   save / checkAuth: ${ratio(save, checkAuth)}` +
      `   polling run / bare inserts: ${(pollMs / bareMs).toFixed(2)}×`,
  );
  console.log(
    `  donations page median ${list.median.toFixed(2)} ms — budget 50 ms: ${list.median < 50 ? "within" : "OVER"}`,
  );
} finally {
  await suite.close();
}
