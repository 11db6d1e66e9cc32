import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { validate } from "./validate.ts";

describe("validate", () => {
  const seen: unknown[] = [];
  const app = new Hono().post(
    "/things",
    validate("json", v.object({ n: v.pipe(v.string(), v.transform(Number)) })),
    (c) => {
      seen.push(c.req.valid("json"));
      return c.json({ ok: true }, 200);
    },
  );
  const post = (body: unknown) =>
    app.request("/things", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("hands the handler the schema's output", async () => {
    expect((await post({ n: "7" })).status).toBe(200);
    expect(seen.at(-1)).toEqual({ n: 7 });
  });

  it("answers 400 with the first issue as a registered message, before the handler runs", async () => {
    const calls = seen.length;
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "N is required", error: "N is required" });
    const wrong = await post({ n: 7 });
    expect(await wrong.json()).toEqual({ message: "N is not valid", error: "N is not valid" });
    expect(seen.length).toBe(calls);
  });
});
