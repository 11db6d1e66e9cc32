import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { count } from "../test/helpers.ts";
import { parseConfig } from "./env.ts";

const SECRET = "x".repeat(32);

describe("the Worker's settings, parsed once", () => {
  it("reads the vars with their defaults", () => {
    expect(parseConfig({ JWT_SECRET: SECRET })).toEqual({
      jwtSecret: SECRET,
      signupOpen: false,
      devLogin: false,
      demoEmail: "demo@nook.localhost",
      passwordHash: "scrypt",
      passwordCost: "owasp",
      productName: "Nook",
      rootDomain: null,
      donate: { btcApi: null, ethApi: null, ethApiKey: null, timeoutMs: 8000 },
      random: null,
      push: null,
    });
    expect(
      parseConfig({ JWT_SECRET: SECRET, SIGNUP: "open", DEV_LOGIN: "true", PASSWORD_HASH: "pbkdf2" }),
    ).toMatchObject({
      signupOpen: true,
      devLogin: true,
      passwordHash: "pbkdf2",
    });
    expect(parseConfig({ JWT_SECRET: SECRET, PASSWORD_COST: "test" }).passwordCost).toBe("test");
    expect(() => parseConfig({ JWT_SECRET: SECRET, PASSWORD_COST: "cheap" })).toThrow(
      /PASSWORD_COST must be "owasp" or "test"/,
    );
  });

  it("reads the suite's apex, lower-cased, and refuses what is no domain name", () => {
    expect(parseConfig({ JWT_SECRET: SECRET, ROOT_DOMAIN: "Example.CO.uk" }).rootDomain).toBe("example.co.uk");
    expect(parseConfig({ JWT_SECRET: SECRET, ROOT_DOMAIN: "" }).rootDomain).toBeNull();
    for (const bad of ["localhost", "https://example.com", "example.com:8787", "127.0.0.1", "*.example.com"])
      expect(() => parseConfig({ JWT_SECRET: SECRET, ROOT_DOMAIN: bad }), bad).toThrow(
        /ROOT_DOMAIN must be a domain name such as example.com, or empty/,
      );
  });

  it("configures Web Push with a VAPID private key, its contact by default the apex's address", () => {
    const key = "GmZUfgKq9VwZnHSodXfwxu-u8fylC7XbxWs6l7MX7BE";
    expect(parseConfig({ JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: "" }).push).toBeNull();
    expect(parseConfig({ JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: key }).push).toEqual({
      privateKey: key,
      subject: "mailto:push@nook.localhost",
    });
    expect(parseConfig({ JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: key, ROOT_DOMAIN: "example.com" }).push).toEqual({
      privateKey: key,
      subject: "https://example.com",
    });
    expect(
      parseConfig({ JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: key, VAPID_SUBJECT: "mailto:me@example.com" }).push?.subject,
    ).toBe("mailto:me@example.com");
    expect(() => parseConfig({ JWT_SECRET: SECRET, VAPID_PRIVATE_KEY: `${key}=` })).toThrow(
      /VAPID_PRIVATE_KEY must be 32 bytes in base64url/,
    );
    expect(() => parseConfig({ JWT_SECRET: SECRET, VAPID_SUBJECT: "http://example.com" })).toThrow(
      /VAPID_SUBJECT must be a mailto: or https: address, or empty/,
    );
  });

  it("deploys no key of its own: wrangler.toml asks for VAPID_PRIVATE_KEY as a secret and never holds the test pair's", () => {
    const toml = (env as unknown as { WRANGLER_TOML: string }).WRANGLER_TOML;
    expect(toml).toMatch(/^required = \[.*"VAPID_PRIVATE_KEY".*\]$/m);
    expect(toml).not.toContain("GmZUfgKq9VwZnHSodXfwxu-u8fylC7XbxWs6l7MX7BE");
  });

  it("configures the random-number service only with its key, a secret", () => {
    expect(parseConfig({ JWT_SECRET: SECRET, RANDOM_ORG_API_KEY: "k" }).random).toEqual({
      url: "https://api.random.org/json-rpc/4/invoke",
      apiKey: "k",
      timeoutMs: 5000,
    });
    expect(parseConfig({ JWT_SECRET: SECRET, RANDOM_ORG_API_KEY: "k", RANDOM_ORG_URL: "" }).random).toBeNull();
    expect(() => parseConfig({ JWT_SECRET: SECRET, RANDOM_TIMEOUT_MS: "later" })).toThrow(
      /RANDOM_TIMEOUT_MS must be a number of milliseconds/,
    );
  });

  it("reads the donation explorers, without a trailing slash, and refuses what is no URL", () => {
    expect(
      parseConfig({
        JWT_SECRET: SECRET,
        DONATE_BTC_API: "https://blockstream.info/api/",
        DONATE_ETH_API: "https://api.etherscan.io/v2/api",
        ETHERSCAN_API_KEY: "key",
        DONATE_POLL_TIMEOUT_MS: "3000",
      }).donate,
    ).toEqual({
      btcApi: "https://blockstream.info/api",
      ethApi: "https://api.etherscan.io/v2/api",
      ethApiKey: "key",
      timeoutMs: 3000,
    });
    expect(() => parseConfig({ JWT_SECRET: SECRET, DONATE_BTC_API: "blockstream" })).toThrow(
      /DONATE_BTC_API must be an http\(s\) URL or empty/,
    );
    expect(() => parseConfig({ JWT_SECRET: SECRET, DONATE_POLL_TIMEOUT_MS: "soon" })).toThrow(
      /DONATE_POLL_TIMEOUT_MS must be a number of milliseconds/,
    );
  });

  it("names every bad setting instead of running with it", () => {
    expect(() => parseConfig({})).toThrow(/JWT_SECRET is not set/);
    expect(() => parseConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => parseConfig({ JWT_SECRET: SECRET, PASSWORD_HASH: "scrpyt" })).toThrow(
      /PASSWORD_HASH must be "scrypt" or "pbkdf2"/,
    );
    expect(() => parseConfig({ JWT_SECRET: SECRET, SIGNUP: "yes" })).toThrow(/SIGNUP must be "open" or "closed"/);
  });

  it("fails every request loudly with a bad setting, writing nothing", async () => {
    const broken = { ...env, PASSWORD_HASH: "scrpyt" };
    const res = await app.request(
      "http://auth.nook.localhost/api/auth/register",
      {
        method: "POST",
        headers: { Origin: "http://auth.nook.localhost", "Content-Type": "application/json" },
        body: JSON.stringify({ email: "new@example.com", name: "New", username: "new", password: "long enough pw" }),
      },
      broken,
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: "Server configuration is invalid",
      error: "Server configuration is invalid",
      code: "platform.badConfig",
      values: {},
    });
    expect(await count("users")).toBe(0);
    const { JWT_SECRET: _, ...noSecret } = env;
    expect((await app.request("http://nook.localhost/api/health", {}, noSecret)).status).toBe(500);
  });
});
