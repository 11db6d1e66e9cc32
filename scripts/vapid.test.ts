import { describe, expect, it } from "vitest";
import { TEST_VAPID } from "../workers/api/src/push/test-keys.ts";
import { vapidKeysOf } from "../workers/api/src/push/web-push.ts";
import { makeVapidPair, vapidInstructions } from "./vapid.ts";

describe("npm run vapid", () => {
  it("makes a pair whose public key is the one the Worker works out of the private key", async () => {
    const pair = makeVapidPair();
    expect(pair.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    // Node's WebCrypto here, workerd's in the Worker: the same derivation either way.
    expect((await vapidKeysOf(pair.privateKey)).publicKey).toBe(pair.publicKey);
  });

  it("prints the secret's command and the .dev.vars line with the key", () => {
    const lines = vapidInstructions({ privateKey: "p".repeat(43), publicKey: `B${"q".repeat(86)}` });
    expect(lines).toContain("  npx wrangler secret put VAPID_PRIVATE_KEY");
    expect(lines).toContain(`  VAPID_PRIVATE_KEY="${"p".repeat(43)}"`);
    expect(lines.some((l) => l.includes(`B${"q".repeat(86)}`))).toBe(true);
  });

  it("the published test pair of local runs and tests is a pair", async () => {
    expect((await vapidKeysOf(TEST_VAPID.privateKey)).publicKey).toBe(TEST_VAPID.publicKey);
  });
});
