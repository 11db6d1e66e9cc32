// A server message rendered from its code and values through the server catalog, never from its English.
import { i18n } from "@lingui/core";
import { FIELDS, message, rowRefused } from "@nook/shared/common/messages";
import { firstIssueMessage } from "@nook/shared/common/validation";
import { METRIC_VALUE_TOO_LARGE } from "@nook/shared/journal/schemas";
import { RandomIntegersBody } from "@nook/shared/random/schemas";
import { StackItemCreateBody } from "@nook/shared/stacks/schemas";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { messages as en } from "../locales/server/messages.en.po";
import { messages as ru } from "../locales/server/messages.ru.po";
import { messageText, serverText } from "./server-messages.ts";

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

  it("writes the bounds the shared schemas send as raw numbers in the reader's locale, negative ones too", () => {
    // The API's 400s come from these schemas: their values travel as numbers, never as written numbers.
    const refused = (schema: v.GenericSchema, input: unknown) => {
      const parsed = v.safeParse(schema, input);
      if (parsed.success) throw new Error("accepted");
      const { code, values } = firstIssueMessage(parsed.issues);
      return { code, values };
    };
    const bounds = refused(RandomIntegersBody, { count: 1, min: -2_000_000_000, max: 1, replacement: true });
    const position = refused(StackItemCreateBody, {
      stackId: 1,
      position: -2_000_000_000,
      title: "t",
      type: "list",
      config: { tags: ["a"] },
    });
    expect(bounds.values).toEqual({ min: -1_000_000_000, max: 1_000_000_000 });
    expect(position).toEqual({ code: "stacks.positionRange", values: { min: -1_000_000_000, max: 1_000_000_000 } });
    const metric = { code: METRIC_VALUE_TOO_LARGE.code, values: METRIC_VALUE_TOO_LARGE.values };
    expect(metric.values).toEqual({ max: 1_000_000_000_000 });

    i18n.activate("ru");
    const ru = (n: number) => new Intl.NumberFormat("ru").format(n);
    expect(ru(-1_000_000_000)).toBe("-1\u00a0000\u00a0000\u00a0000");
    expect(serverText(bounds, "")).toBe(`Минимум и максимум — целые числа от ${ru(-1e9)} до ${ru(1e9)}`);
    expect(serverText(position, "")).toBe(`position — целое число от ${ru(-1e9)} до ${ru(1e9)}`);
    expect(serverText(metric, "")).toBe("Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000");
    i18n.activate("en");
    expect(serverText(bounds, "")).toBe("Min and max must be whole numbers from -1,000,000,000 to 1,000,000,000");
    expect(serverText(position, "")).toBe("position is a whole number from -1,000,000,000 to 1,000,000,000");
  });

  it("writes a form's own refusal (messageText) in the reader's language with grouped numbers, once the catalog is in", () => {
    i18n.activate("ru");
    expect(messageText("journal.metricValueTooLarge", { max: 1e12 })).toBe(
      "Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000",
    );
    expect(messageText("journal.tagNegated")).toBe("Тег не может начинаться с '!'");
    expect(messageText("donate.pageNotFound")).toBe("Страница пожертвований не найдена");
    i18n.activate("en");
    expect(messageText("journal.metricValueTooLarge", { max: 1e12 })).toBe(
      "A metric value is at most 1,000,000,000,000 in size",
    );
  });

  it("writes a refused row's reason in the reader's language, its field and numbers too, after the row's place", () => {
    const mood = rowRefused("entries[3]", message("Mood is a whole number from {min} to {max}", { min: 1, max: 5 }));
    const email = rowRefused("people[12]", message("Email is not valid"));
    const field = rowRefused("stacks[0].items[1]", message("{field} is not valid", { field: "position" }));
    i18n.activate("ru");
    expect(serverText(mood, mood.text)).toBe("entries[3]: Настроение — целое число от 1 до 5");
    expect(serverText(email, email.text)).toBe("people[12]: Неверный email");
    expect(serverText(field, field.text)).toBe("stacks[0].items[1]: Поле «Позиция» заполнено неверно");
    i18n.activate("en");
    expect(serverText(mood, "")).toBe("entries[3]: Mood is a whole number from 1 to 5");
    expect(serverText(field, "")).toBe("stacks[0].items[1]: Position is not valid");
    expect(email.text).toBe("people[12]: Email is not valid");
  });

  it("shows the English as sent for a code the catalog does not know", () => {
    i18n.activate("ru");
    const unknown = { code: "future.message", values: {} } as unknown as Parameters<typeof serverText>[0];
    expect(serverText(unknown, "Something new")).toBe("Something new");
  });
});
