import type { Messages } from "@lingui/core";
import type { ImportResult } from "@nook/shared/import/schemas";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as serverRu } from "../../../packages/ui/locales/server/messages.ru.po";
import { messages as en } from "../locales/en.po";
import { messages as importEn } from "../locales/import/en.po";
import { messages as importRu } from "../locales/import/ru.po";
import { messages as ru } from "../locales/ru.po";
import { ImportPage } from "./import-page.tsx";
import "@nook/ui/styles.css";

// The import page as the auth site shows it at /import (its own catalog, lingui.config.ts LAZY_CATALOGS:
// import, beside the site's first), with a Nook file whose every row the account has: its profile's settings
// are what the import would do. The API is stubbed at fetch with the answers the workers' tests check
// (import/profile.test.ts): the preview names the settings, a zone this runtime does not know left out; a
// chunk sent with `profile=1` sets them. The server's catalog is given with the Russian (a site loads it on
// demand: server-messages.ts), so its words show translated.
const CATALOGS: Record<"en" | "ru", Messages> = {
  en: { ...en, ...importEn },
  ru: { ...ru, ...importRu, ...serverRu },
};

const LEFT_OUT =
  'The file\'s time zone "Mars/Olympus_Mons" is not one Nook knows: it is left out, and your profile keeps its own';
const NONE = { added: 0, present: 0 };
/** The preview (and, `set`, a chunk's answer) of a file with nothing new but its profile. */
const answer = (written: boolean, set: boolean): ImportResult => ({
  format: "nook",
  written,
  kinds: { entries: { added: 0, present: 2 }, tags: NONE, metrics: NONE },
  customMoods: [],
  moodsChanged: 0,
  skipped: { count: 0, rows: [] },
  donatePage: null,
  profile: {
    timeZone: null,
    accentColor: "green",
    dateOfBirth: "1990-05-17",
    leftOut: [{ code: "import.profileZoneLeftOut", values: { value: "Mars/Olympus_Mons" }, message: LEFT_OUT }],
    set,
  },
  names: { tags: { added: [], present: [] }, metrics: { added: [], present: [] } },
});
const RUN = {
  id: 7,
  format: "nook",
  state: "running",
  fileHash: "a".repeat(64),
  chunks: 1,
  written: 0,
  startedAt: "2026-03-05T12:00:00.000Z",
  updatedAt: "2026-03-05T12:00:00.000Z",
  finishedAt: null,
  added: null,
  undoUntil: null,
};

/** The queries of the chunks written, in order. */
let written: URLSearchParams[] = [];

beforeEach(async () => {
  written = [];
  await invalidate("user/imports");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === "/api/user/imports" && request.method === "GET") return Response.json([]);
      if (url.pathname === "/api/user/imports" && request.method === "POST") return Response.json(RUN, { status: 201 });
      if (url.pathname === "/api/user/import") return Response.json(answer(false, false));
      if (url.pathname === "/api/user/imports/7/chunks/0") {
        written.push(url.searchParams);
        return Response.json(answer(true, url.searchParams.get("profile") === "1"), { status: 201 });
      }
      if (url.pathname === "/api/user/imports/7/finish")
        return Response.json({ ...RUN, state: "done", written: 1, added: {} });
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
});

/** A Nook export of no rows: one chunk, its profile. */
const FILE = new File(
  [
    JSON.stringify({
      format: "nook",
      version: 1,
      exportedAt: "2026-03-05T12:00:00.000Z",
      profile: { email: "a@b.c", name: "A", username: "a", dateOfBirth: "1990-05-17", accentColor: "green" },
      entries: [],
    }),
  ],
  "nook.json",
  { type: "application/json" },
);

describe("a Nook file's profile in the import's preview", () => {
  it("shows its settings and what is left out, unticked; ticked, the write carries profile=1 and says so", async () => {
    renderInPage(<ImportPage />, "en", CATALOGS.en);
    await page.getByTestId("import-file").upload(FILE);
    await expect.element(page.getByText("The file holds your profile's settings:")).toBeVisible();
    await expect.element(page.getByTestId("import-profile-accent")).toHaveTextContent("green");
    await expect.element(page.getByTestId("import-profile-birth")).toHaveTextContent("May 17, 1990");
    // The zone the file holds is one the profile would refuse: said, and not shown as a setting.
    await expect.element(page.getByTestId("import-profile-left-out")).toHaveTextContent(LEFT_OUT);
    await expect.element(page.getByTestId("import-profile-zone")).not.toBeInTheDocument();
    const tick = page.getByLabelText("Also set these in your profile");
    await expect.element(tick).not.toBeChecked();
    // Every row is there already: nothing to import until the settings are ticked.
    const write = page.getByTestId("import-write");
    await expect.element(write).toHaveTextContent("Nothing new to import");
    await expect.element(write).toBeDisabled();
    await tick.click();
    await expect.element(write).toHaveTextContent("Import what is new");
    await write.click();
    await expect
      .element(page.getByTestId("import-profile-set"))
      .toHaveTextContent("Your profile's settings are now the file's.");
    expect(written.map((q) => q.get("profile"))).toEqual(["1"]);
  });

  it("in Russian: the colour by its name, the left-out zone in the server's words", async () => {
    renderInPage(<ImportPage />, "ru", CATALOGS.ru);
    await page.getByTestId("import-file").upload(FILE);
    await expect.element(page.getByText("В файле есть настройки вашего профиля:")).toBeVisible();
    await expect.element(page.getByTestId("import-profile-accent")).toHaveTextContent("зелёный");
    await expect.element(page.getByTestId("import-profile-birth")).toHaveTextContent("17 мая 1990 г.");
    await expect
      .element(page.getByTestId("import-profile-left-out"))
      .toHaveTextContent(
        "Часовой пояс «Mars/Olympus_Mons» из файла Nook не знает: он не импортируется, и в профиле остаётся свой",
      );
    await expect.element(page.getByLabelText("Установить их и в вашем профиле")).not.toBeChecked();
  });
});
