import type { Messages } from "@lingui/core";
import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import { adoptAccount, cookieJar } from "@nook/ui/account";
import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { storedKeys, writeStoredText } from "@nook/ui/stored";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as serverRu } from "../../../../packages/ui/locales/server/messages.ru.po";
import { messages as en } from "../../locales/en.po";
import { messages as eventsEn } from "../../locales/events/en.po";
import { messages as eventsRu } from "../../locales/events/ru.po";
import { messages as ru } from "../../locales/ru.po";
import { EventFormPage } from "./event-form.tsx";
import "@nook/ui/styles.css";
import "../calendar.css";

// The new event's form as the calendar site shows it at /events/new (the site's catalog and the form's own,
// lingui.config.ts LAZY_CATALOGS: events). The API is stubbed at fetch with the
// answer the workers' tests check (calendar/events.errors.test.ts): a start in Berlin's spring gap is a 400
// naming the gap, by code and values. The server's catalog is given with the Russian (a site loads it on
// demand: server-messages.ts), so its words show translated.
const CATALOGS: Record<"en" | "ru", Messages> = {
  en: { ...en, ...eventsEn },
  ru: { ...ru, ...eventsRu, ...serverRu },
};
const WORDS = "There is no 02:30 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00";
let posts = 0;

beforeEach(() => {
  posts = 0;
  // Signed in (auth.tsx asks the API only when the account cookie names someone), the profile in Berlin.
  cookieJar.read = () => `${ACCOUNT_COOKIE}=1`;
  adoptAccount();
  invalidate("auth/check");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.endsWith("/api/auth/checkAuth"))
        return Response.json({ tokenData: { id: 1, name: "Ann" }, userData: { timeZone: "Europe/Berlin" } });
      if (path !== "/api/calendar/events" || request.method !== "POST") return new Response(null, { status: 404 });
      posts++;
      return Response.json(
        {
          message: WORDS,
          error: WORDS,
          code: "calendar.eventTimeSkipped",
          values: { time: "02:30", date: "2027-03-28", zone: "Europe/Berlin", from: "02:00", to: "03:00" },
        },
        { status: 400 },
      );
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
  cookieJar.read = () => "";
  adoptAccount();
  // The form's draft, kept as typed (event-form.tsx), goes with the test.
  for (const key of storedKeys("")) if (key.includes("calendar-event-draft")) writeStoredText(key, null);
});

async function addInTheGap(locale: "en" | "ru", labels: { title: string; date: string; starts: string; add: string }) {
  renderInPage(
    <AuthProvider>
      <ToastProvider>
        <EventFormPage params={{}} />
      </ToastProvider>
    </AuthProvider>,
    locale,
    CATALOGS[locale],
  );
  await page.getByLabelText(labels.title).fill("Night train");
  await page.getByLabelText(labels.date).fill("2027-03-28");
  await page.getByLabelText(labels.starts).fill("02:30");
  await page.getByRole("button", { name: labels.add, exact: true }).click();
}

describe("a time the zone skips, refused by the API", () => {
  it("is shown in the form's words, and what was typed stays", async () => {
    await addInTheGap("en", { title: "Title", date: "Date", starts: "Starts", add: "Add" });
    // The server catalog's English, loaded by the page: the day in words.
    await expect
      .element(page.getByRole("alert"))
      .toHaveTextContent("There is no 02:30 on March 28, 2027 in Europe/Berlin: the clocks jump from 02:00 to 03:00");
    expect(posts).toBe(1);
    await expect.element(page.getByLabelText("Title")).toHaveValue("Night train");
  });

  it("is shown in Russian, the day in words", async () => {
    await addInTheGap("ru", { title: "Название", date: "Дата", starts: "Начало", add: "Добавить" });
    await expect
      .element(page.getByRole("alert"))
      .toHaveTextContent(
        "В поясе Europe/Berlin 28 марта 2027 г. нет времени 02:30: часы переводят с 02:00 сразу на 03:00",
      );
  });
});
