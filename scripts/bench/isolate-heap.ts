/**
 * The API Worker's own isolate's memory, as V8 counts it: what Cloudflare's 128 MB limit is on, apart from
 * what else the suite's workerd process holds (the gateway's isolate, local D1's SQLite, buffers). Read
 * through wrangler dev's inspector (its /ws on --inspector-port, which wrangler attaches to the API Worker)
 * with the DevTools protocol's Runtime.getHeapUsage: `usedSize` (the JS heap's objects, garbage not yet
 * collected included), `totalSize` (the heap V8 has reserved for them) and `backingStorageSize` (the bytes
 * of ArrayBuffers: request bodies, encoders' output), the isolate's memory being the heap plus those.
 *
 * The isolate answers between its tasks (a request's every await on D1 is one), so a sample taken while a
 * chunk is written holds that chunk's rows and parsed text: samples every 20 ms catch a request's peak up to
 * what lives only inside one synchronous stretch (a JSON.parse of at most 256 KB).
 *
 * With `ws`: Node's own WebSocket is refused by wrangler's inspector proxy (no 101). One connection for a
 * whole bench: the proxy does not answer a second client once a first has closed.
 */
import WebSocket from "ws";

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

/** The isolate's memory in a sample: its heap's objects plus its ArrayBuffers' bytes. */
const inUse = (u: HeapUsage) => u.usedSize + (u.backingStorageSize ?? 0);

export interface IsolatePeak {
  /** Just before the run (garbage not yet collected included: workerd does not answer HeapProfiler.collectGarbage). */
  idle: number;
  /** The highest `inUse` sampled during the run. */
  peak: number;
  /** The highest heap V8 had reserved (totalSize) plus ArrayBuffers, during the run. */
  reservedPeak: number;
  samples: number;
}

export async function apiIsolate(inspectorPort: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`);
  const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  const scripts: string[] = [];
  let next = 0;
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.method === "Debugger.scriptParsed" && message.params.url) scripts.push(message.params.url);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  socket.on("close", () => {
    // wrangler dev reloaded the Worker, or the suite stopped: nothing more will answer.
    for (const answer of pending.values()) answer({ error: { message: "the inspector closed" } });
    pending.clear();
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", (err) => reject(new Error(`no inspector on port ${inspectorPort}: ${err.message}`)));
  });
  /** A command's answer; none within 10 s (the isolate busy, or the message lost): an error. */
  const send = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      next += 1;
      const id = next;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer within 10 s`));
      }, 10_000);
      pending.set(id, (m) => {
        clearTimeout(timer);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result as T);
      });
      socket.send(JSON.stringify({ id, method }));
    });

  // Which isolate wrangler attached: only the API Worker binds D1, so only its isolate loads d1-api.
  await send("Debugger.enable");
  await send("Debugger.disable");
  if (!scripts.includes("cloudflare-internal:d1-api"))
    throw new Error(`wrangler's inspector is not on the API Worker's isolate (its scripts: ${scripts.join(", ")})`);

  const usage = () => send<HeapUsage>("Runtime.getHeapUsage");
  return {
    /** A run with the isolate sampled every 20 ms, from its size just before. */
    async measure<T>(run: () => Promise<T>): Promise<{ value: T; isolate: IsolatePeak }> {
      const idle = inUse(await usage());
      const isolate: IsolatePeak = { idle, peak: idle, reservedPeak: 0, samples: 0 };
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const u = await usage();
          isolate.peak = Math.max(isolate.peak, inUse(u));
          isolate.reservedPeak = Math.max(isolate.reservedPeak, u.totalSize + (u.backingStorageSize ?? 0));
          isolate.samples += 1;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      try {
        return { value: await run(), isolate };
      } finally {
        sampling = false;
        await sampler;
      }
    },
    open: () => socket.readyState === WebSocket.OPEN,
    close: () => socket.close(),
  };
}
export type ApiIsolate = Awaited<ReturnType<typeof apiIsolate>>;
