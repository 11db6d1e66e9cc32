import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { createUser, PASSWORD, resetDb } from "../test/helpers.ts";

beforeEach(resetDb);

/**
 * The suite's apex is the ROOT_DOMAIN var (DESIGN §4), never the host's last two labels: under `co.uk` those
 * are the public suffix, a cookie domain browsers refuse, and every stranger's `*.co.uk` site would pass the
 * Origin check. The Worker runs here with the var set per request (its settings are parsed per env object).
 */
const rooted = { ...env, ROOT_DOMAIN: "example.co.uk" };
const unset = { ...env, ROOT_DOMAIN: "" };

function login(base: string, origin: string, settings: typeof env, email: string) {
  return app.request(
    `${base}/api/auth/login`,
    {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
    settings,
  );
}

describe("with ROOT_DOMAIN=example.co.uk", () => {
  it("puts the session cookie on the apex, which every site shares", async () => {
    const ann = await createUser("Ann");
    const res = await login("https://auth.example.co.uk", "https://auth.example.co.uk", rooted, ann.email);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Secure-nook_session=/);
    expect(cookie).toContain("; Domain=example.co.uk;");
    // Logout clears the same cookie: the same name and domain.
    const out = await app.request(
      "https://journal.example.co.uk/api/auth/logout",
      { headers: { Cookie: cookie.split(";")[0] ?? "" } },
      rooted,
    );
    expect(out.headers.get("Set-Cookie")).toMatch(/^__Secure-nook_session=; .*Domain=example\.co\.uk/);
  });

  it("lets a sibling site's Origin through and refuses a stranger under the same suffix", async () => {
    const ann = await createUser("Ann");
    for (const origin of ["https://evil.co.uk", "https://co.uk", "https://notexample.co.uk", "http://evil.localhost"]) {
      const refused = await login("https://auth.example.co.uk", origin, rooted, ann.email);
      expect(refused.status, origin).toBe(403);
      expect((await refused.json<{ message: string }>()).message).toBe("Cross-site request refused");
    }
    for (const origin of ["https://journal.example.co.uk", "https://example.co.uk"])
      expect((await login("https://auth.example.co.uk", origin, rooted, ann.email)).status, origin).toBe(200);
  });
});

describe("without ROOT_DOMAIN", () => {
  it("never guesses on a public host: a host-only cookie, never Domain=co.uk", async () => {
    const ann = await createUser("Ann");
    const res = await login("https://auth.example.co.uk", "https://auth.example.co.uk", unset, ann.email);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Secure-nook_session=/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("takes only the exact host's Origin on a public host", async () => {
    const ann = await createUser("Ann");
    for (const origin of ["https://evil.co.uk", "https://journal.example.co.uk", "https://example.co.uk"])
      expect((await login("https://auth.example.co.uk", origin, unset, ann.email)).status, origin).toBe(403);
    expect((await login("https://auth.example.co.uk", "https://auth.example.co.uk", unset, ann.email)).status).toBe(
      200,
    );
  });

  it("keeps local dev working: *.localhost shares its last two labels", async () => {
    const ann = await createUser("Ann");
    const res = await login("http://auth.nook.localhost:8787", "http://journal.nook.localhost:8787", unset, ann.email);
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/^nook_session=.*; Domain=nook\.localhost;/);
    expect((await login("http://auth.nook.localhost", "http://evil.localhost", unset, ann.email)).status).toBe(403);
  });
});
