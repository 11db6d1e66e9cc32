import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError, errorText, ok, withReason } from "./api.ts";

/** A failed call as `ok()` receives it. */
const failed = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status })) as unknown as Parameters<typeof ok>[0];
const refusal = async (status: number, body: unknown) => {
  const error = await ok(failed(status, body)).catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error(`not an ApiError: ${String(error)}`);
  return error;
};

describe("ok() and ApiError", () => {
  // A Russian reader whose site catalog is loaded, the server's not yet.
  beforeAll(() => {
    i18n.loadAndActivate({ locale: "ru", messages: {} });
  });

  it("loads the server catalog before it throws, so the error reads at once in the reader's language", async () => {
    const error = await refusal(400, {
      message: "Stack id is required",
      error: "Stack id is required",
      code: "platform.fieldRequired",
      values: { field: "stackId" },
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe("platform.fieldRequired");
    expect(error.serverMessage).toBe("Stack id is required");
    expect(error.text).toBe("Поле «Стопка» обязательно");
    expect(errorText(error, "запасной текст")).toBe("Поле «Стопка» обязательно");
    expect(withReason("Не удалось сохранить", error)).toBe("Не удалось сохранить: Поле «Стопка» обязательно");
  });

  it("formats the values in the reader's locale", async () => {
    const error = await refusal(400, {
      message: "A metric value is at most 1000000000000 in size",
      error: "A metric value is at most 1000000000000 in size",
      code: "journal.metricValueTooLarge",
      values: { max: 1_000_000_000_000 },
    });
    expect(error.text).toBe("Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000");
  });

  it("shows the English as sent for a code it does not know, or a body without one", async () => {
    const newer = await refusal(409, {
      message: "A new refusal",
      error: "A new refusal",
      code: "notes.new",
      values: {},
    });
    expect(newer.text).toBe("A new refusal");
    const plain = await refusal(502, { error: "Bad gateway" });
    expect(plain.code).toBeNull();
    expect(plain.text).toBe("Bad gateway");
    const empty = await refusal(500, "not an error body");
    expect(empty.text).toBeNull();
    expect(errorText(empty, "Что-то пошло не так")).toBe("Что-то пошло не так");
  });
});
