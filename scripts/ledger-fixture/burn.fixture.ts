/** An e2e-like file for scripts/ledger.test.ts: it spends about 400 ms of processor time, half in a child. */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("burns the processor, in this process and in a child", () => {
  const until = performance.now() + 200;
  let n = 0;
  while (performance.now() < until) n++;
  const child = spawnSync(process.execPath, ["-e", "const u = Date.now() + 200; while (Date.now() < u);"]);
  expect(child.status).toBe(0);
  expect(n).toBeGreaterThan(0);
});
