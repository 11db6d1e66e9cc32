/** An e2e-like file for scripts/ledger.test.ts: it spends at least 400 ms of processor time, half in a child. */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("burns the processor, in this process and in a child", () => {
  // Counted in processor time, not wall time: the same work however busy the machine is.
  const start = process.cpuUsage();
  let n = 0;
  while (process.cpuUsage(start).user + process.cpuUsage(start).system < 200_000) n++;
  const child = spawnSync(process.execPath, [
    "-e",
    "const s = process.cpuUsage(); while (process.cpuUsage(s).user + process.cpuUsage(s).system < 200_000);",
  ]);
  expect(child.status).toBe(0);
  expect(n).toBeGreaterThan(0);
});
