import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, POLICY_FEATURES, pagesHeadersFile, permissionsPolicy, SITE_FEATURES } from "./csp.ts";
import { SITES } from "./sites.ts";

describe("the production _headers (scripts/build-sites.ts writes it into every site)", () => {
  it("gives every path the policy, the other security headers, COOP, the site's Permissions-Policy and HSTS", () => {
    for (const site of SITES)
      expect(pagesHeadersFile(site)).toBe(
        [
          "/*",
          `  Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`,
          "  X-Content-Type-Options: nosniff",
          "  Referrer-Policy: strict-origin-when-cross-origin",
          "  Cross-Origin-Opener-Policy: same-origin",
          `  Permissions-Policy: ${permissionsPolicy(SITE_FEATURES[site])}`,
          "  Strict-Transport-Security: max-age=63072000; includeSubDomains",
          "",
        ].join("\n"),
      );
  });
});

describe("the Permissions-Policy", () => {
  it("denies every feature it names but the ones allowed, for the page's own origin", () => {
    expect(permissionsPolicy()).toBe(POLICY_FEATURES.map((f) => `${f}=()`).join(", "));
    expect(permissionsPolicy(["geolocation"])).toContain("geolocation=(self), gyroscope=()");
    expect(permissionsPolicy()).toMatch(/^accelerometer=\(\), .*camera=\(\), .*microphone=\(\)/);
  });

  it("allows a site only features the policy names, each named once", () => {
    expect(new Set(POLICY_FEATURES).size).toBe(POLICY_FEATURES.length);
    for (const site of SITES) for (const f of SITE_FEATURES[site]) expect(POLICY_FEATURES).toContain(f);
  });
});
