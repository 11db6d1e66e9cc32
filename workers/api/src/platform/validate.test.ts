import { message } from "@nook/shared/common/messages";
import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { validate } from "./validate.ts";

describe("validate", () => {
  const seen: unknown[] = [];
  const app = new Hono().post(
    "/things",
    validate("json", v.object({ count: v.pipe(v.string(), v.transform(Number)) })),
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
    expect((await post({ count: "7" })).status).toBe(200);
    expect(seen.at(-1)).toEqual({ count: 7 });
  });

  it("answers 400 with the first issue as a registered message, before the handler runs", async () => {
    const calls = seen.length;
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      message: "Count is required",
      error: "Count is required",
      code: "platform.fieldRequired",
      values: { field: "count" },
    });
    const wrong = await post({ count: 7 });
    expect(await wrong.json()).toEqual({
      message: "Count is not valid",
      error: "Count is not valid",
      code: "platform.fieldInvalid",
      values: { field: "count" },
    });
    expect(seen.length).toBe(calls);
  });

  it("names a check's own registered message by its code, with its values as numbers", async () => {
    const limited = new Hono().post(
      "/tags",
      validate(
        "json",
        v.object({ tags: v.pipe(v.array(v.string()), v.maxLength(2, message("At most {max} tags", { max: 2 }))) }),
      ),
      (c) => c.json({ ok: true }, 200),
    );
    const res = await limited.request("/tags", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tags: ["a", "b", "c"] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "At most 2 tags",
      error: "At most 2 tags",
      code: "journal.tooManyTags",
      values: { max: 2 },
    });
  });
});
