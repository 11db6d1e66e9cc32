/**
 * The settings a deployment runs with are wrangler.toml's: whatever cost the test suites hash at, these
 * must hash passwords at OWASP's parameters (scrypt N=2^14, r=8, p=5; PBKDF2-SHA256 at 100,000).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../platform/env.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";

// wrangler.toml as deployed, handed in by vitest.config.ts (this project's own bindings set the test cost).
const toml = (env as unknown as { WRANGLER_TOML: string }).WRANGLER_TOML;

/** The `[vars]` table's `KEY = "value"` lines. */
function productionVars(): Record<string, string> {
  const table = toml.split(/^\[vars\]$/m)[1]?.split(/^\[/m)[0] ?? "";
  return Object.fromEntries([...table.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
}

describe("the production settings", () => {
  it("never name the test suites' password cost", () => {
    expect(toml).not.toMatch(/PASSWORD_COST/);
    expect(productionVars().PASSWORD_HASH).toBe("scrypt");
  });

  it("hash at OWASP's parameters, with either algorithm", async () => {
    const config = parseConfig({ ...productionVars(), JWT_SECRET: "x".repeat(32) });
    expect(config.passwordCost).toBe("owasp");
    const scrypt = await hashPassword("open sesame", config.passwordHash, config.passwordCost);
    expect(scrypt).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(await verifyPassword("open sesame", scrypt)).toBe(true);
    const pbkdf2 = parseConfig({ ...productionVars(), PASSWORD_HASH: "pbkdf2", JWT_SECRET: "x".repeat(32) });
    expect(await hashPassword("open sesame", pbkdf2.passwordHash, pbkdf2.passwordCost)).toMatch(
      /^pbkdf2-sha256\$i=100000\$/,
    );
  });

  it("upgrade a hash made at the test cost on the next sign-in", async () => {
    const config = parseConfig({ ...productionVars(), JWT_SECRET: "x".repeat(32) });
    const cheap = await hashPassword("open sesame", "scrypt", "test");
    expect(cheap).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect(await verifyPassword("open sesame", cheap)).toBe(true);
    expect(needsRehash(cheap, config.passwordHash, config.passwordCost)).toBe(true);
  });
});
