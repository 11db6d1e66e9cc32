/** The chunk's address in a failed dynamic import's error ("Failed to fetch dynamically imported module: <url>"). */
const CHUNK_URL = /(https?:\/\/\S+?\.js)\b/;

/**
 * A lazily loaded chunk that can be tried again after a failure. Chromium
 * keeps a module whose fetch failed in its module map: importing the same
 * address again fails at once, without asking the network, so a plain
 * "Try again" could never succeed. After a failure this asks for the chunk
 * under a fresh query instead (a new module-map entry, a real request); once
 * loaded, the value is kept.
 *
 *   const loadDeck = retryableImport(() => import("./deck.en.ts"), (m) => m.deck);
 */
export function retryableImport<M, T>(load: () => Promise<M>, pick: (module: M) => T): () => Promise<T> {
  let loaded: T | undefined;
  let failedUrl: string | null = null;
  let attempt = 0;
  return async () => {
    if (loaded !== undefined) return loaded;
    try {
      const module = failedUrl
        ? ((await import(/* @vite-ignore */ `${failedUrl}?retry=${++attempt}`)) as M)
        : await load();
      loaded = pick(module);
      return loaded;
    } catch (err) {
      // Keep the first address: a retry's own (with its query) is not the chunk's.
      failedUrl ??= (err instanceof Error && CHUNK_URL.exec(err.message)?.[1]) || null;
      throw err;
    }
  };
}
