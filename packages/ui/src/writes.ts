/**
 * "Something was written": a tab tells Nook's other tabs of the same site (a
 * BroadcastChannel reaches same-origin tabs only), so what they show is read
 * again (use-data.ts). No React here: api.ts announces every successful
 * unsafe call through it.
 */
export interface WriteChannel {
  /**
   * Tells the other tabs that this one wrote (and this tab's own listeners): `path`, the API path written to,
   * tells them what it touched (`touches`); none, anything.
   */
  announce(path?: string): void;
  /** Calls `listener` with the path when another tab wrote; returns the unsubscribe. */
  subscribe(listener: (path: string | undefined) => void): () => void;
  /** Calls `listener` when this tab wrote; returns the unsubscribe. */
  subscribeOwn(listener: () => void): () => void;
}

/** A tab's channel by name (a test opens two of one name: two tabs). */
export function writeChannel(name: string): WriteChannel {
  let channel: BroadcastChannel | null | undefined;
  const listeners = new Set<(path: string | undefined) => void>();
  const open = () => {
    if (channel === undefined) {
      channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(name);
      // A channel never hears its own posts: only the other tabs do.
      if (channel)
        channel.onmessage = (e: MessageEvent) => {
          const path = typeof e.data?.path === "string" ? (e.data.path as string) : undefined;
          for (const listener of listeners) listener(path);
        };
    }
    return channel;
  };
  const own = new Set<() => void>();
  return {
    announce(path) {
      open()?.postMessage({ path });
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
    const url = String(request?.url ?? input);
    if (res.ok && isUnsafe(init?.method ?? request?.method) && !READ_BY_POST.test(url))
      channel.announce(new URL(url, "http://x").pathname);
    return res;
  };
}

/**
 * Whether a write to the API `path` (none: anything may have changed) may have changed what the data key
 * `key` holds, so a tab that shows it reads it again. Who is signed in and their profile (keys under
 * `auth/`) change only by a write of the account (`/api/auth`, `/api/user`: a sign-in, a profile, an
 * import); such a write may change anything else too (the profile's zone counts every day). Any other write
 * may touch any other key of the site: a site's screens share their data (an entry moves the tags, the
 * stacks' figures, the timer's statistics), and a read too many is cheaper than a screen that is wrong.
 */
export function touches(path: string | undefined, key: string): boolean {
  if (path === undefined) return true;
  const area = /^\/api\/([^/?]+)/.exec(path)?.[1];
  if (area === undefined || area === "auth" || area === "user") return true;
  return !key.startsWith("auth/");
}
