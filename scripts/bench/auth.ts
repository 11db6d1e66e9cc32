/**
 * The sign-in path on the local suite (wrangler dev, workerd, local D1):
 * POST /api/auth/login (scrypt N=2^14, r=8, p=5 plus a session row) and
 * GET /api/auth/checkAuth (JWT verify plus the session join), over HTTP.
 *   npm run bench -- auth
 */
import { localFetch } from "../local-fetch.ts";
import { startFreshSuite, stop } from "../suite.ts";
import { repo } from "../wrangler.ts";
import { report, time } from "./stats.ts";

const port = Number(process.env.BENCH_PORT ?? 8798);
const { child } = await startFreshSuite(`${repo}.bench`, port);
try {
  const origin = `http://auth.nook.localhost:${port}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    localFetch(`${origin}${path}`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const account = { email: "bench@nook.localhost", name: "Bench", username: "bench", password: "bench-password-1" };
  const reg = await post("/api/auth/register", account);
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text()}`);
  const { token } = reg.json<{ token: string }>();

  console.log("auth on the local suite (HTTP through the gateway to the API Worker)");
  // Fewer than 10 sign-ins per window keeps this clear of the throttle.
  report(
    "POST /api/auth/login (scrypt)",
    await time(9, async () => {
      const r = await post("/api/auth/login", { email: account.email, password: account.password });
      if (r.status !== 200) throw new Error(`login: ${r.status}`);
    }),
  );
  const check = () =>
    localFetch(`http://journal.nook.localhost:${port}/api/auth/checkAuth`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  for (let i = 0; i < 20; i++) await check(); // warm up
  report(
    "GET /api/auth/checkAuth",
    await time(300, async () => {
      const r = await check();
      if (r.status !== 200) throw new Error(`checkAuth: ${r.status}`);
    }),
  );
  report(
    "GET /api/health (baseline round trip)",
    await time(300, async () => {
      await localFetch(`http://nook.localhost:${port}/api/health`);
    }),
  );
} finally {
  stop(child);
}
