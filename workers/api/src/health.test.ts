import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("answers health with the database reachable", async () => {
  const res = await SELF.fetch("http://nook.localhost/api/health");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
});
