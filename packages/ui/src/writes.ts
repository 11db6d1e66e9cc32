/**
 * "Something was written": a tab tells Nook's other tabs of the same site (a
 * BroadcastChannel reaches same-origin tabs only), so what they show is read
 * again (use-data.ts). No React here: api.ts announces every successful
 * unsafe call through it.
 */
export interface WriteChannel {
  /** Tells the other tabs that this one wrote (and this tab's own listeners). */
  announce(): void;
  /** Calls `listener` when another tab wrote; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Calls `listener` when this tab wrote; returns the unsubscribe. */
  subscribeOwn(listener: () => void): () => void;
}

/** A tab's channel by name (a test opens two of one name: two tabs). */
export function writeChannel(name: string): WriteChannel {
  let channel: BroadcastChannel | null | undefined;
  const listeners = new Set<() => void>();
  const open = () => {
    if (channel === undefined) {
      channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(name);
      // A channel never hears its own posts: only the other tabs do.
      if (channel)
        channel.onmessage = () => {
          for (const listener of listeners) listener();
        };
    }
    return channel;
  };
  const own = new Set<() => void>();
  return {
    announce() {
      open()?.postMessage("written");
      for (const listener of own) listener();
    },
    subscribeOwn(listener) {
      own.add(listener);
      return () => own.delete(listener);
    },
    subscribe(listener) {
      open();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size && channel) {
          channel.close();
          channel = undefined;
        }
      };
    },
  };
}

/** This tab's channel. */
export const writes = writeChannel("nook-writes");

/** Whether a request of this method changes something (and so is announced). */
export const isUnsafe = (method: string | undefined) => !/^(GET|HEAD|OPTIONS)$/i.test(method ?? "GET");

/**
 * The API's reads sent as POST, their question too large or too structured for an address (a filter of
 * entries, a stack item's settings, a draw's bounds). They change nothing, so they are never announced:
 * announced, one tab's refresh made every other tab refresh, and their refreshes the first's, without end.
 */
export const READ_BY_POST = /\/(entries-by-config|stack-item-data|integers)\b/;

/** `fetch` that announces each successful write on `channel` (the API client's fetch, api.ts). */
export function announcing(fetcher: typeof fetch, channel: WriteChannel = writes): typeof fetch {
  return async (input, init) => {
    const res = await fetcher(input, init);
    const request = input instanceof Request ? input : null;
    if (res.ok && isUnsafe(init?.method ?? request?.method) && !READ_BY_POST.test(String(request?.url ?? input)))
      channel.announce();
    return res;
  };
}
