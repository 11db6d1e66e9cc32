/**
 * The reminders' cron (workers/api/src/push/cron.ts) at scale: 100,000 accounts, each with one subscribed
 * device and a daily reminder at 21:00 UTC, all due in the same minute. A push service of the bench's own (an
 * HTTP server on loopback, answering 201, as a browser vendor's would) takes every push; one of them is
 * decrypted with the device's key to check it is a real one. POST /api/dev/cron runs the cron's work as if it
 * were that minute, a run at a time, until none is left: the figures are how long the whole drain takes, in
 * how many runs, and what one run's parts cost. Then the cost of one send: a run with one account due, beside
 * a run with none due and a bare baseline in the same run, GET /api/health.
 *   npm run bench -- reminders            (BENCH_ACCOUNTS=10000 for a quicker look)
 */
import { createECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { benchSuite } from "./bench-suite.ts";
import { report, time } from "./stats.ts";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Rows a seeding statement writes: literal SQL, no bound parameters (D1 binds at most 100). */
const ROWS = 500;
const DAY = 86_400_000;

// The device every account subscribed from (one key pair for all: the encryption's cost is the same).
const ecdh = createECDH("prime256v1");
ecdh.generateKeys();
const auth = randomBytes(16);

let received = 0;
let first: Buffer | undefined;
const service = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received++;
    first ??= Buffer.concat(chunks);
    res.writeHead(201).end();
  });
});
await new Promise<void>((listening) => service.listen(0, "127.0.0.1", listening));
const servicePort = (service.address() as AddressInfo).port;

// The minute they are all due: 21:00 UTC tomorrow, and the day after for the one-send runs.
const due = Date.parse(`${new Date(Date.now() + DAY).toISOString().slice(0, 10)}T21:00:00Z`);

const suite = await benchSuite(async (db) => {
  const p256dh = ecdh.getPublicKey().toString("base64url");
  const secret = auth.toString("base64url");
  const statements = [];
  for (let from = 0; from < ACCOUNTS; from += ROWS) {
    const ids = Array.from({ length: Math.min(ROWS, ACCOUNTS - from) }, (_, i) => from + i + 2);
    statements.push(
      db.prepare(
        `INSERT INTO users (id, email, name, username, password_hash, time_zone) VALUES ${ids
          .map((id) => `(${id}, 'r${id}@bench.localhost', 'R${id}', 'r${id}', 'x', 'UTC')`)
          .join(", ")}`,
      ),
      db.prepare(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at) VALUES ${ids
          .map((id) => `(${id}, 'http://127.0.0.1:${servicePort}/w/${id}', '${p256dh}', '${secret}', 'Bench', 0)`)
          .join(", ")}`,
      ),
      db.prepare(
        `INSERT INTO reminder_settings (user_id, daily_time, streak_items, modified_at, next_due) VALUES ${ids
          .map((id) => `(${id}, '21:00', '[]', 0, ${due})`)
          .join(", ")}`,
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 60) await db.batch(statements.slice(i, i + 60));
  await db.prepare("ANALYZE").run();
});

interface Run {
  reminders: { accounts: number; claimed: number; sent: number; gone: number; failed: number };
}
const cron = (at: number) =>
  suite.call(null, "POST", "/api/dev/cron", { at: new Date(at).toISOString() }) as Promise<Run>;

try {
  for (let i = 0; i < 20; i++) await suite.call(null, "GET", "/api/health");
  console.log(
    `\n${ACCOUNTS.toLocaleString("en")} accounts, one device each, all due at ${new Date(due).toISOString()}`,
  );
  const started = performance.now();
  const runs: { ms: number; accounts: number; sent: number; failed: number }[] = [];
  for (;;) {
    const t = performance.now();
    const { reminders } = await cron(due);
    if (!reminders.accounts) break;
    runs.push({
      ms: performance.now() - t,
      accounts: reminders.accounts,
      sent: reminders.sent,
      failed: reminders.failed,
    });
  }
  const drain = performance.now() - started;
  const sent = runs.reduce((n, r) => n + r.sent, 0);
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  const longest = Math.max(...runs.map((r) => r.ms));
  console.log(
    `  drained in ${(drain / 1000).toFixed(1)} s over ${runs.length} runs: ${sent.toLocaleString("en")} sent, ${failed} failed, ` +
      `${received.toLocaleString("en")} received by the push service, ${((sent / drain) * 1000).toFixed(0)} pushes/s`,
  );
  console.log(
    `  a run: at most ${Math.max(...runs.map((r) => r.accounts)).toLocaleString("en")} accounts, the longest ${(longest / 1000).toFixed(1)} s`,
  );
  console.log(`  with the cron once a minute: the last of them sent ${runs.length - 1} minutes after the first`);
  const words = JSON.parse(
    ece
      .decrypt(first ?? Buffer.alloc(0), { version: "aes128gcm", privateKey: ecdh, authSecret: auth })
      .toString("utf8"),
  ) as { title: string };
  console.log(`  a push decrypted with the device's key: "${words.title}"`);
  const ok = sent === ACCOUNTS && received === ACCOUNTS && failed === 0 && words.title === "How was today?";
  console.log(`  ${ok ? "✓" : "✗"} every account sent once`);
  if (!ok) process.exitCode = 1;

  // One send: account 2 due again the next day, its sent record gone, beside a run with none due; the others
  // (due the next day too) put a week on.
  const next = due + DAY;
  await suite.db.prepare(`UPDATE reminder_settings SET next_due = ${next + 7 * DAY} WHERE user_id <> 2`).run();
  const oneDue = async () => {
    await suite.db.batch([
      suite.db.prepare("DELETE FROM reminders_sent WHERE user_id = 2"),
      suite.db.prepare(`UPDATE reminder_settings SET next_due = ${next} WHERE user_id = 2`),
    ]);
  };
  const health = await time(200, () => suite.call(null, "GET", "/api/health"));
  report("GET /api/health (baseline)", health);
  const none = await time(RUNS, () => cron(next - 60_000));
  report("POST /api/dev/cron, none due", none);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await oneDue();
    const t = performance.now();
    const { reminders } = await cron(next);
    times.push(performance.now() - t);
    if (reminders.sent !== 1) throw new Error(`one due sent ${reminders.sent}`);
  }
  times.sort((a, b) => a - b);
  const one = { runs: RUNS, median: times[Math.floor(RUNS / 2)] ?? 0, p95: times[Math.floor(RUNS * 0.95)] ?? 0 };
  report("POST /api/dev/cron, one send", one);
  console.log(
    `\n  one send / health: ${(one.median / health.median).toFixed(1)}×   one send − none due: ${(one.median - none.median).toFixed(1)} ms`,
  );
} finally {
  await suite.close();
  service.close();
}
