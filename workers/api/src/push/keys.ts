import type { Config } from "../platform/env.ts";
import { type VapidKeys, vapidKeysOf } from "./web-push.ts";

// Worked out once an isolate for each key: an import and an export of WebCrypto, not one a push.
const cache = new Map<string, Promise<VapidKeys>>();

/**
 * The Worker's VAPID keys, or null when none is configured (no VAPID_PRIVATE_KEY) or the one configured is not
 * a P-256 key (said in the log once an isolate).
 */
export async function vapidKeys(config: Config): Promise<VapidKeys | null> {
  if (!config.push) return null;
  const { privateKey } = config.push;
  let keys = cache.get(privateKey);
  if (!keys) {
    keys = vapidKeysOf(privateKey);
    cache.set(privateKey, keys);
    keys.catch((err) => console.error(`VAPID_PRIVATE_KEY: ${(err as Error).message}`));
  }
  return keys.catch(() => null);
}
