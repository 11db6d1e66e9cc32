/**
 * The suite's workerd process and its memory, from /proc (Linux only): the figures the export and import
 * benches print. Memory is the kernel's own figure for the workerd process that runs the suite's Workers
 * (the one below wrangler dev holding the suite's D1 open, not the one in front of it that runs wrangler's
 * ProxyWorker; the workerd of this process's own, getPlatformProxy's, serves the bench's D1 binding): its
 * resident set's high-water mark (VmHWM in /proc/<pid>/status), reset just before a measured run by writing
 * 5 to /proc/<pid>/clear_refs, so the peak is that run's own.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";

/** Processes by pid: their parent and name, from /proc. */
export function processes() {
  const all = new Map<number, { ppid: number; name: string }>();
  for (const dir of readdirSync("/proc")) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      const stat = readFileSync(`/proc/${dir}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      all.set(Number(dir), { ppid, name });
    } catch {
      // Gone while read.
    }
  }
  return all;
}

/** Whether a process holds a local D1 database file open (miniflare keeps D1 in its own SQLite files). */
function holdsD1(pid: number) {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).includes("miniflare-D1DatabaseObject");
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/**
 * The suite's workerd: the one below wrangler dev that runs the Workers, known by the D1 database it holds
 * open. wrangler dev runs two: that one, on a port of its own, and the one on the suite's port that runs
 * wrangler's ProxyWorker, which forwards every request to it and holds no database. The workerd that is
 * this process's own child is getPlatformProxy's (`proxy`).
 */
export function workerdPids(): { suite: number; proxy: number | undefined; devProxy: number | undefined } {
  const all = processes();
  const below = (pid: number) => {
    for (let p = all.get(pid)?.ppid; p; p = all.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  const workerds = [...all].filter(([pid, p]) => p.name === "workerd" && below(pid));
  const dev = workerds.filter(([, p]) => p.ppid !== process.pid).map(([pid]) => pid);
  const suitePid = dev.find(holdsD1);
  if (!suitePid) throw new Error("the suite's workerd process (the one holding its D1 open) was not found");
  return {
    suite: suitePid,
    proxy: workerds.find(([, p]) => p.ppid === process.pid)?.[0],
    devProxy: dev.find((pid) => pid !== suitePid),
  };
}

/**
 * A process's resident set now (VmRSS) or its high-water mark (VmHWM), in kB; or a part of it now: its
 * anonymous memory (RssAnon: the isolates' heaps, malloc's), the file pages it maps (RssFile) or its shared
 * memory (RssShmem: e.g. SQLite's WAL index).
 */
export const statusKb = (pid: number, field: "VmRSS" | "VmHWM" | "RssAnon" | "RssFile" | "RssShmem") =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN);
/** Sets a process's high-water mark back to its resident set now. */
export const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, "5");
export const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
