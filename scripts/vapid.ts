/**
 * A new VAPID key pair for Web Push (RFC 8292; workers/api/src/push/), and what to do with it:
 *   npm run vapid
 * prints the private key (base64url of the P-256 scalar: the Worker's secret VAPID_PRIVATE_KEY), the public key
 * the Worker works out of it (GET /api/push/key serves it), the line for .dev.vars and the command that sets the
 * secret on Cloudflare. Nothing is written: a key is kept only where it is put. Changing the key ends every
 * subscription made with the old one (browsers subscribe again on the Reminders page).
 */
import { generateKeyPairSync } from "node:crypto";
import { fileURLToPath } from "node:url";

export interface VapidPair {
  privateKey: string;
  publicKey: string;
}

/** A new P-256 pair: the private scalar and the uncompressed public point, each base64url. */
export function makeVapidPair(): VapidPair {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return { privateKey: jwk.d ?? "", publicKey: point.toString("base64url") };
}

/** What the command prints for a pair. */
export function vapidInstructions(pair: VapidPair): string[] {
  return [
    "A new VAPID key pair for Web Push:",
    "",
    `  private key  ${pair.privateKey}`,
    `  public key   ${pair.publicKey}  (GET /api/push/key serves it, worked out of the private key)`,
    "",
    "Production: set the private key as the API Worker's secret (paste it when asked):",
    "  npx wrangler secret put VAPID_PRIVATE_KEY",
    'and the contact a push service may write to in wrangler.toml, e.g. VAPID_SUBJECT = "mailto:you@example.com"',
    "(empty, it is https://ROOT_DOMAIN).",
    "",
    "Locally (.dev.vars has a published test pair; this one instead):",
    `  VAPID_PRIVATE_KEY="${pair.privateKey}"`,
    "",
    "A new key ends every subscription made with the old one: browsers subscribe again on the Reminders page.",
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(vapidInstructions(makeVapidPair()).join("\n"));
