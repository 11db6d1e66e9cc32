import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as enMain } from "../../locales/en.po";
import { messages as ruMain } from "../../locales/ru.po";
import { messages as enSearch } from "../../locales/search/en.po";
import { messages as ruSearch } from "../../locales/search/ru.po";
import { NO_SEARCH } from "./search.ts";
import { SearchBar } from "./search-bar.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

// The search bar's words are in their own catalog (loaded with the bar on the page).
const en = { ...enMain, ...enSearch };
const ru = { ...ruMain, ...ruSearch };

afterEach(async () => {
  unmountPage();
  await page.viewport(1280, 800);
});

/** How much of the box's hint its text area leaves out, in px (0: it is whole), measured in the box's own font. */
function hintCut(): number {
  const box = document.querySelector<HTMLInputElement>(".entry-search-box");
  if (!box) throw new Error("no search box");
  const style = getComputedStyle(box);
  const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = box.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  return Math.max(0, context.measureText(box.placeholder).width - room);
}

describe("the search box", () => {
  for (const [locale, messages, hint] of [
    ["en", en, "Search: words, #tag, !tag"],
    ["ru", ru, "Поиск: слова, #тег, !тег"],
  ] as const)
    for (const width of [320, 360, 1280])
      it(`shows its whole hint at ${width} px in ${locale}`, async () => {
        await page.viewport(width, 800);
        renderInPage(
          <main style={{ padding: "0 16px" }}>
            <SearchBar search={NO_SEARCH} onSearch={vi.fn()} />
          </main>,
          locale,
          messages,
        );
        await expect.element(page.getByPlaceholder(hint)).toBeVisible();
        expect(hintCut()).toBe(0);
      });
});
