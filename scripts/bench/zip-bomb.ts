/**
 * A ZIP bomb chosen on the import page: what reading it costs the tab, measured in Node (the page's own code,
 * pages/auth/src/loop-zip.ts, on V8 as in Chromium). A Loop ZIP whose Checkmarks.csv unpacks to 1 GB of zeros
 * (1 MB packed), read three ways, each in a process of its own so its peak is its own:
 *   1. as the page read it before (fflate's unzipSync of the two files Loop's reader needs): the baseline;
 *   2. by readLoopZip, the ZIP declaring its true size (refused before anything is unpacked);
 *   3. by readLoopZip, the ZIP declaring 1,000 bytes (refused as a broken ZIP once it unpacks past them).
 * Each line: what the reading answered, its time, and how far the process's peak resident set grew over it.
 *   npm run bench -- zip-bomb     (BOMB_MB to change the size unpacked; Linux or macOS)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync, Zip, ZipDeflate } from "fflate";
import { readLoopZip } from "../../pages/auth/src/loop-zip.ts";
import { declaring, joined } from "../../pages/auth/src/zip-fixtures.ts";

const MB = 1024 * 1024;
const BOMB_MB = Number(process.env.BOMB_MB ?? 1024);
type Way = "unzipSync" | "honest" | "lying";

/** In a child: reads the ZIP one way and prints what it answered, its ms and the peak's growth in MB. */
function readOnce(path: string, way: Way) {
  const zip = new Uint8Array(readFileSync(path));
  const before = process.resourceUsage().maxRSS;
  const start = performance.now();
  let answer: string;
  if (way === "unzipSync") {
    const wanted = new Set(["Checkmarks.csv", "Habits.csv"]);
    const files = unzipSync(zip, { filter: (f) => wanted.has(f.name.slice(f.name.lastIndexOf("/") + 1)) });
    answer = `unpacked ${Object.values(files).reduce((n, f) => n + f.length, 0)} bytes`;
  } else {
    const read = readLoopZip(zip);
    answer = read.ok ? `read ${read.csv.length} characters` : `refused: ${read.problem}`;
  }
  const ms = performance.now() - start;
  // maxRSS is in KB.
  console.log(JSON.stringify({ answer, ms, peakMb: (process.resourceUsage().maxRSS - before) / 1024 }));
}

/** A Loop ZIP of BOMB_MB of zeros as its Checkmarks.csv and a small Habits.csv, built a MB at a time. */
function bomb(): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  const habits = new ZipDeflate("Habits.csv");
  zip.add(habits);
  habits.push(new TextEncoder().encode("Position,Name,Type\n001,Read,YES_NO\n"), true);
  const checkmarks = new ZipDeflate("Checkmarks.csv", { level: 9 });
  zip.add(checkmarks);
  const zeros = new Uint8Array(MB);
  for (let i = 0; i < BOMB_MB; i += 1) checkmarks.push(zeros, i === BOMB_MB - 1);
  zip.end();
  return joined(parts);
}

const child = process.env.ZIP_BOMB_READ;
if (child) {
  readOnce(child, process.env.ZIP_BOMB_WAY as Way);
} else {
  const dir = mkdtempSync(join(tmpdir(), "nook-zip-bomb-"));
  try {
    const zip = bomb();
    const honest = join(dir, "honest.zip");
    const lying = join(dir, "lying.zip");
    writeFileSync(honest, zip);
    writeFileSync(lying, declaring(zip, 1000));
    console.log(`a Loop ZIP of ${(zip.length / MB).toFixed(2)} MB, its Checkmarks.csv ${BOMB_MB} MB of zeros unpacked`);
    const ways: [Way, string, string][] = [
      ["unzipSync", honest, "before: fflate's unzipSync of Checkmarks.csv and Habits.csv"],
      ["honest", honest, "readLoopZip, the ZIP declaring its true size"],
      ["lying", lying, "readLoopZip, the ZIP declaring 1,000 bytes"],
    ];
    for (const [way, path, label] of ways) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
        env: { ...process.env, ZIP_BOMB_READ: path, ZIP_BOMB_WAY: way },
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(`${label}: ${run.stderr}`);
      const { answer, ms, peakMb } = JSON.parse(run.stdout) as { answer: string; ms: number; peakMb: number };
      console.log(
        `  ${label.padEnd(62)} ${answer.padEnd(26)} ${ms.toFixed(0).padStart(6)} ms  +${peakMb.toFixed(0)} MB peak`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
