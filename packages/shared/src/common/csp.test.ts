import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, pagesHeadersFile } from "./csp.ts";

describe("the production _headers (scripts/build-sites.ts writes it into every site)", () => {
  it("gives every path the policy, the other security headers and HSTS", () => {
    expect(pagesHeadersFile()).toBe(
      [
        "/*",
        `  Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`,
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: strict-origin-when-cross-origin",
        "  Strict-Transport-Security: max-age=63072000; includeSubDomains",
        "",
      ].join("\n"),
    );
  });
});
