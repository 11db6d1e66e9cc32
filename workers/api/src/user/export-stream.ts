import { paced } from "../platform/d1-pace.ts";

/**
 * The streamed answer of an export: a generator of text chunks, one a page of rows read from
 * D1, pulled by the response body as the client reads it, so a page is read only when the last one has
 * gone out and no more than a page sits in the Worker at once.
 *
 * The handler takes the first chunk itself before it answers: that trip carries the session check
 * (auth/session-gate.ts), so an ended session is a whole 401 as on every route. The later pages run after
 * the handler returned, through the same request's gate, which has passed by then. A failure on a later
 * page cannot become an error body any more (the 200 and the start of the file are sent): the stream is
 * ended as failed, so the download stops short and the browser says it failed, and the reason is logged,
 * never sent — the client never sees a half file that looks whole, nor the error's internal words.
 */
export function streamOf(first: string, rest: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(first));
          return;
        }
        try {
          const next = await rest.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          console.error("export failed mid-stream", err);
          controller.error(new Error("The export stopped"));
        }
      },
      async cancel() {
        await rest.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Pages of a keyset walk: `read(after)` gives the rows after a key, at most `size`; the walk ends at a
 * short page. Each page comes as the rows' texts, for `array` below. After each read the walk rests as long
 * as the read's trip took (platform/d1-pace.ts), so a whole export leaves D1 to others half the time.
 */
export async function* keyset<R, K>(
  read: (after: K | undefined) => Promise<R[]>,
  keyOf: (row: R) => K,
  text: (row: R) => string,
  size: number,
): AsyncGenerator<string[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await paced(() => read(after));
    if (rows.length) yield rows.map(text);
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1] as R);
  }
}

/** `"key":[…]` from pages of item texts, a chunk a page. */
export async function* array(key: string, pages: AsyncIterable<string[]>): AsyncGenerator<string> {
  yield `,${JSON.stringify(key)}:[`;
  let first = true;
  for await (const items of pages) {
    yield (first ? "" : ",") + items.join(",");
    first = false;
  }
  yield "]";
}

/** An epoch-milliseconds column as the API's ISO text. */
export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
