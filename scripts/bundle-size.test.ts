import { describe, expect, it } from "vitest";
import { loadedTooSoon, stringsWithoutTheirCatalog, topModules } from "./bundle-size.ts";

describe("the first-load report", () => {
  it("finds a lazy screen's module loaded without its catalog: in a first load, or imported from outside it", () => {
    const firstLoad = [
      "pages/journal/src/stacks/stacks-panel.tsx",
      "pages/journal/src/tools/timer/timer-page.tsx",
      "pages/journal/src/tools/timerish.ts",
      "packages/ui/src/header.tsx",
    ];
    const modules = [
      // Imported within its own catalog, and by the App through import() (not a static importer): fine.
      {
        id: "pages/journal/src/stacks/widgets/list-widget.tsx",
        importers: ["pages/journal/src/stacks/stack-page.tsx"],
      },
      { id: "pages/journal/src/stacks/stack-page.tsx", importers: [] },
      // A module of the first catalog may be imported by anyone.
      { id: "pages/journal/src/form/tag-input.tsx", importers: ["pages/journal/src/tools/timer/timer-page.tsx"] },
      // The runner's module imported by the timer: the timer would show it without the runner's catalog.
      {
        id: "pages/journal/src/tools/runner/run-format.ts",
        importers: ["pages/journal/src/tools/timer/timer-page.tsx"],
      },
    ];
    expect(stringsWithoutTheirCatalog("journal", firstLoad, modules)).toEqual([
      "pages/journal/src/tools/timer/timer-page.tsx is in the first load, its strings in the catalog timer",
      "pages/journal/src/tools/runner/run-format.ts is imported by pages/journal/src/tools/timer/timer-page.tsx, its strings in the catalog runner",
    ]);
    expect(stringsWithoutTheirCatalog("root", firstLoad, modules)).toEqual([]);
  });

  it("lists the largest modules once, a language's catalog as one row with each language's size", () => {
    const shared = [
      { id: "node_modules/react-dom/client.js", gzip: 60_000 },
      { id: "packages/ui/src/header.tsx", gzip: 900 },
    ];
    const lines = topModules({
      en: [...shared, { id: "pages/root/locales/en.po", gzip: 2048 }],
      ru: [...shared, { id: "pages/root/locales/ru.po", gzip: 3072 }],
    });
    expect(lines).toEqual([
      "     58.6 / 58.6 KB  node_modules/react-dom/client.js",
      "      2.0 /  3.0 KB  pages/root/locales/<locale>.po",
      "      0.9 /  0.9 KB  packages/ui/src/header.tsx",
    ]);
  });

  it("refuses the validator and the server's messages in a first load, and nothing else", () => {
    expect(
      loadedTooSoon([
        "node_modules/valibot/dist/index.js",
        "packages/ui/locales/server/messages.ru.po",
        "packages/ui/src/server-messages.ts",
        "packages/shared/src/common/messages.ts",
        "pages/journal/locales/ru.po",
        "packages/shared/src/journal/limits.ts",
        "node_modules/react/cjs/react.production.js",
      ]),
    ).toEqual([
      "node_modules/valibot/dist/index.js is in the first load",
      "packages/ui/locales/server/messages.ru.po is in the first load",
    ]);
  });
});
