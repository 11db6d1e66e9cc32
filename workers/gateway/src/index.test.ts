import { CONTENT_SECURITY_POLICY, POLICY_FEATURES, permissionsPolicy, SITE_FEATURES } from "@nook/shared/common/csp";
import { SITES } from "@nook/shared/common/sites";
import { describe, expect, it } from "vitest";
import { answer, type GatewayEnv } from "./index.ts";

/**
 * The gateway over a stand-in for Cloudflare's assets binding (the platform's, not our code): these files
 * exist, anything else is the binding's plain 404 without a header of ours; /broken/ answers 500.
 */
const FILES: Record<string, string> = {
  // Every site has a page and an asset.
  ...Object.fromEntries(
    SITES.flatMap((site) => [
      [`/${site}/index.html`, `<!doctype html><title>${site}</title>`],
      [`/${site}/assets/index-0c0c.js`, "console.log(0)"],
    ]),
  ),
  "/journal/index.html": "<!doctype html><title>Journal</title>",
  "/journal/assets/app-1a2b.js": "console.log(1)",
  "/root/index.html": "<!doctype html><title>Nook</title>",
};
const asked: string[] = [];
const env = {
  ASSETS: {
    async fetch(request: Request) {
      const path = new URL(request.url).pathname;
      asked.push(path);
      if (path.startsWith("/journal/broken/")) return new Response("internal", { status: 500 });
      const body = FILES[path];
      return body === undefined ? new Response("not here", { status: 404 }) : new Response(body, { status: 200 });
    },
  },
  API: { fetch: async () => new Response("{}", { status: 200, headers: { "X-From": "api" } }) },
  ROOT_DOMAIN: "",
} as unknown as GatewayEnv;

const get = (url: string, method = "GET") => answer(new Request(url, { method }), env);

function expectSecurityHeaders(res: Response, site = "journal" as (typeof SITES)[number]) {
  expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  expect(res.headers.get("Permissions-Policy")).toBe(permissionsPolicy(SITE_FEATURES[site]));
}

/** A Permissions-Policy as a map of feature to its allowlist. */
const policyOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get("Permissions-Policy") ?? "").split(", ").map((d) => d.split("=") as [string, string]),
  );

describe("the gateway's answers", () => {
  it("carry the security headers on pages, 404s, 405s, the hidden _headers and asset errors", async () => {
    const answers = {
      page: await get("http://journal.nook.localhost:8787/"),
      route: await get("http://journal.nook.localhost:8787/tools/timer"),
      asset: await get("http://journal.nook.localhost:8787/assets/app-1a2b.js"),
      missingFile: await get("http://journal.nook.localhost:8787/missing.js"),
      missingAsset: await get("http://journal.nook.localhost:8787/assets/gone-9f9f.js"),
      headersFile: await get("http://journal.nook.localhost:8787/_headers"),
      post: await get("http://journal.nook.localhost:8787/", "POST"),
      assetError: await get("http://journal.nook.localhost:8787/broken/x.css"),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      page: 200,
      route: 200,
      asset: 200,
      missingFile: 404,
      missingAsset: 404,
      headersFile: 404,
      post: 405,
      assetError: 500,
    });
    for (const res of Object.values(answers)) expectSecurityHeaders(res);
    expect(answers.post.headers.get("Allow")).toBe("GET, HEAD");
    expect(await answers.route.text()).toBe("<!doctype html><title>Journal</title>");
  });

  it("carry COOP and each site's own Permissions-Policy on its pages, routes, assets and refusals", async () => {
    for (const site of SITES) {
      const host = site === "root" ? "nook.localhost:8787" : `${site}.nook.localhost:8787`;
      for (const [path, method, status] of <[string, string, number][]>[
        ["/", "GET", 200],
        ["/some/client/route", "GET", 200],
        ["/assets/index-0c0c.js", "GET", 200],
        ["/missing.js", "GET", 404],
        ["/", "POST", 405],
      ]) {
        const res = await get(`http://${host}${path}`, method);
        expect([site, path, method, res.status]).toEqual([site, path, method, status]);
        expectSecurityHeaders(res, site);
      }
    }
    // What the policies say: the runner's position on the journal alone, passkeys on the auth site alone,
    // the clipboard where a site copies or pastes, and everything else denied everywhere.
    const policy = async (site: string) => policyOf(await get(`http://${site}.nook.localhost:8787/`));
    expect(await policy("journal")).toMatchObject({ geolocation: "(self)", "clipboard-write": "(self)", camera: "()" });
    expect(await policy("auth")).toMatchObject({
      "publickey-credentials-create": "(self)",
      "publickey-credentials-get": "(self)",
      // The profile's invite link is copied.
      "clipboard-write": "(self)",
      geolocation: "()",
    });
    expect(await policy("kids")).toMatchObject({ "clipboard-read": "(self)", "clipboard-write": "()" });
    for (const site of ["root", "steps", "random", "lupileon"]) {
      const said = await policy(site === "root" ? "www" : site);
      expect(Object.keys(said), site).toEqual([...POLICY_FEATURES]);
      expect(
        Object.values(said).every((allow) => allow === "()"),
        site,
      ).toBe(true);
    }
    for (const site of SITES.filter((s) => s !== "journal"))
      expect((await policy(site === "root" ? "www" : site)).geolocation, site).toBe("()");
    for (const site of SITES.filter((s) => s !== "auth"))
      expect((await policy(site === "root" ? "www" : site))["publickey-credentials-get"], site).toBe("()");
  });

  it("keep only hashed assets that exist for a year; pages and errors revalidate", async () => {
    const cache = async (path: string) =>
      (await get(`http://journal.nook.localhost:8787${path}`)).headers.get("Cache-Control");
    expect(await cache("/assets/app-1a2b.js")).toBe("public, max-age=31536000, immutable");
    expect(await cache("/assets/gone-9f9f.js")).toBe("no-cache");
    expect(await cache("/")).toBe("no-cache");
    expect(await cache("/missing.js")).toBe("no-cache");
  });

  it("send HSTS over https only, never on http://*.localhost", async () => {
    for (const path of ["/", "/missing.js", "/_headers"]) {
      const secure = await get(`https://journal.example.com${path}`);
      expect(secure.headers.get("Strict-Transport-Security"), path).toBe("max-age=63072000; includeSubDomains");
      expectSecurityHeaders(secure);
      expect((await get(`http://journal.nook.localhost:8787${path}`)).headers.has("Strict-Transport-Security")).toBe(
        false,
      );
    }
  });

  it("pass /api/* to the API Worker untouched (it sets its own headers)", async () => {
    const res = await get("https://journal.example.com/api/health");
    expect(res.headers.get("X-From")).toBe("api");
    expect(res.headers.has("Content-Security-Policy")).toBe(false);
  });

  it("serve the site the configured apex names", async () => {
    asked.length = 0;
    const rooted = { ...env, ROOT_DOMAIN: "journal.example.com" } as GatewayEnv;
    expect((await answer(new Request("https://journal.example.com/"), rooted)).status).toBe(200);
    expect(asked).toEqual(["/root/", "/root/index.html"]);
  });
});
