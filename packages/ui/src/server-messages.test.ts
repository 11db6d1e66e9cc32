// A server message rendered from its code and values through the server catalog, never from its English.
import { i18n } from "@lingui/core";
import { FIELDS, message } from "@nook/shared/common/messages";
import { beforeEach, describe, expect, it } from "vitest";
import { messages as en } from "../locales/server/messages.en.po";
import { messages as ru } from "../locales/server/messages.ru.po";
import { serverText } from "./server-messages.ts";

/** Names of coins and services are written the same in every language; anything else Latin is English left over. */
const latin = (s: string | undefined) => (s ?? "").replace(/\b(?:BTC|ETH|PayPal)\b/g, "").match(/[A-Za-z]+/g);

describe("serverText", () => {
  beforeEach(() => {
    i18n.load({ en, ru });
  });

  it("writes a missing field's error in Russian with the field's Russian name", () => {
    i18n.activate("ru");
    for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
      const said = message("{field} is required", { field });
      const text = serverText(said, said.text);
      expect(text).toBe(`Поле «${i18n._(`field.${field}`)}» обязательно`);
      expect(latin(text), field).toBeNull();
    }
    const said = message("{field} must be an ISO date-time between {min} and {max}", {
      field: "initAt",
      min: "1900-01-01",
      max: "2199-12-31",
    });
    expect(serverText(said, said.text)).toBe(
      "Время начала: нужна дата и время ISO от 1 января 1900 г. до 31 декабря 2199 г.",
    );
  });

  it("formats numbers in the reader's locale, with Russian plurals", () => {
    i18n.activate("ru");
    const large = { code: "journal.metricValueTooLarge", values: { max: 1_000_000_000_000 } } as const;
    expect(serverText(large, "")).toBe("Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000");
    expect(serverText({ code: "journal.tooManyTags", values: { max: 21 } }, "")).toBe("Не больше 21 тега");
    expect(serverText({ code: "journal.tooManyTags", values: { max: 50 } }, "")).toBe("Не больше 50 тегов");
    i18n.activate("en");
    expect(serverText(large, "")).toBe("A metric value is at most 1,000,000,000,000 in size");
    expect(serverText({ code: "platform.fieldRequired", values: { field: "stackId" } }, "")).toBe(
      "Stack id is required",
    );
  });

  it("shows the English as sent for a code the catalog does not know", () => {
    i18n.activate("ru");
    const unknown = { code: "future.message", values: {} } as unknown as Parameters<typeof serverText>[0];
    expect(serverText(unknown, "Something new")).toBe("Something new");
  });
});
