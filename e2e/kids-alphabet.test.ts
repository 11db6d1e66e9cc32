import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PICTURES } from "../pages/kids/src/alphabet/pictures.ts";
import { en } from "../pages/kids/src/alphabet/words/words-en.ts";
import { audit } from "./axe.ts";
import { newContext, overflows, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

const word = (page: Page) => page.getByTestId("alphabet-word");
const wordText = async (page: Page) => (await word(page).textContent()) ?? "";
const letter = (page: Page, name: string) =>
  page.getByRole("group", { name: "Letters" }).getByRole("button", { name, exact: true });
const language = (page: Page) => page.getByLabel("Language", { exact: true });
const picture = (page: Page) => page.getByRole("button", { name: "Next word" });

/** The words' chunks the page fetched (words-en-….js and so on). */
function wordChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const m = /\/assets\/words-(\w+)-[\w-]+\.js$/.exec(r.url());
    if (m?.[1]) seen.push(m[1]);
  });
  return seen;
}

async function openAlphabet(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(siteUrl("kids", "/alphabet"));
  await page.getByRole("heading", { name: "Alphabet" }).waitFor();
  await letter(page, "A").waitFor();
  return page;
}

/** Taps a letter, then the picture until `target` shows (the words go round in order). */
async function showWord(page: Page, letterName: string, target: string) {
  await letter(page, letterName).click();
  for (let i = 0; i < 6 && (await wordText(page)) !== target; i++) await picture(page).click();
  await expect.poll(() => wordText(page)).toBe(target);
}

/**
 * Speech synthesis with one Polish voice, recording what it is asked to say
 * (headless Chromium has no voices). A string, so the page runs it as written.
 */
const FAKE_SPEECH = `(() => {
  const spoken = [];
  window.spoken = spoken;
  class Utterance {
    constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
  }
  const voices = [{ lang: "pl-PL", name: "Test Polish", voiceURI: "test-pl", localService: true, default: false }];
  const synthesis = {
    getVoices: () => voices,
    speak: (u) => spoken.push({ text: u.text, lang: u.lang }),
    cancel() {},
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
  Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance, configurable: true });
})();`;
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);

describe("kids: alphabet", () => {
  it("shows a word for a tapped letter, the next word for the picture, its letter marked; words load on demand", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const chunks = wordChunks(page);
    await page.goto(siteUrl("kids", "/"));
    await page.getByRole("heading", { name: "Kids" }).waitFor();
    expect(chunks).toEqual([]);

    await page.goto(siteUrl("kids", "/alphabet"));
    await letter(page, "A").waitFor();
    expect(chunks).toEqual(["en"]);
    await expect.poll(() => language(page).inputValue()).toBe("en");
    await expect.poll(() => page.getByRole("group", { name: "Letters" }).getByRole("button").count()).toBe(26);
    await page.getByText("Choose a letter to see a picture word.").waitFor();

    await letter(page, "B").click();
    await expect.poll(() => letter(page, "B").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => letter(page, "A").getAttribute("aria-pressed")).toBe("false");
    const first = await wordText(page);
    const list = en.words.B!.map(([w]) => w);
    expect(list).toContain(first);
    expect(first.startsWith("b")).toBe(true);
    await expect.poll(() => word(page).locator("mark").textContent()).toBe("b");
    await expect.poll(() => word(page).getAttribute("lang")).toBe("en");
    const at = list.indexOf(first);
    await expect.poll(() => picture(page).textContent()).toBe(PICTURES[en.words.B![at]![1]]);
    await page.getByText(`Word ${at + 1} of ${list.length}`).waitFor();

    // The picture: the next word, in order, and round again.
    await picture(page).click();
    await expect.poll(() => wordText(page)).toBe(list[(at + 1) % list.length]);
    await picture(page).click();
    await expect.poll(() => wordText(page)).toBe(list[(at + 2) % list.length]);

    // A letter no word begins with: its words hold it, marked inside.
    await letter(page, "X").click();
    const x = await wordText(page);
    expect(x).toContain("x");
    await expect.poll(() => word(page).locator("mark").allTextContents()).toEqual(["x"]);

    // No voice in this browser: said in words, no speak button.
    await page.getByText("This browser has no English voice, so the words are not spoken.").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Say it" }).count()).toBe(0);

    // The keyboard: arrows move along the letters, Enter taps.
    await letter(page, "A").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(() => letter(page, "C").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await wordText(page)).startsWith("c")).toBe(true);
    await page.keyboard.press("End");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Z");
    await context.close();
  });

  it("keeps the picture on a switch to Polish, says when a picture has no word there, and keeps the language over a reload", async () => {
    const context = await newContext(browser());
    const page = await openAlphabet(context);
    const chunks = wordChunks(page);
    await showWord(page, "A", "apple");

    await language(page).selectOption("pl");
    await word(page).getByText("jabłko").waitFor();
    expect(chunks).toEqual(["pl"]);
    await expect.poll(() => wordText(page)).toBe("jabłko");
    await expect.poll(() => picture(page).textContent()).toBe(PICTURES.apple);
    await expect.poll(() => letter(page, "J").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByRole("group", { name: "Letters" }).getByRole("button").count()).toBe(32);
    for (const l of ["Ą", "Ć", "Ę", "Ł", "Ń", "Ó", "Ś", "Ź", "Ż"]) await letter(page, l).waitFor();
    await expect.poll(() => word(page).getAttribute("lang")).toBe("pl");

    // And back: the English word again, under its letter.
    await language(page).selectOption("en");
    await word(page).getByText("apple").waitFor();
    await expect.poll(() => letter(page, "A").getAttribute("aria-pressed")).toBe("true");

    // A picture Polish has no word for: said in words, no letter chosen, the letters there to tap.
    await showWord(page, "X", "x-ray");
    await language(page).selectOption("pl");
    await page.getByText("This picture has no word in Polish. Choose a letter.").waitFor();
    await expect.poll(() => word(page).count()).toBe(0);
    await expect.poll(() => page.locator('[aria-pressed="true"]').count()).toBe(0);
    await letter(page, "Ż").click();
    await expect.poll(async () => (await wordText(page)).startsWith("ż")).toBe(true);

    // Polish survives a reload, here and on Numbers.
    await page.reload();
    await letter(page, "Ł").waitFor();
    await expect.poll(() => language(page).inputValue()).toBe("pl");
    await page.goto(siteUrl("kids", "/numbers"));
    await page.getByRole("heading", { name: "Numbers" }).waitFor();
    await expect.poll(() => language(page).inputValue()).toBe("pl");
    await context.close();
  });

  it("speaks the word in the language's voice when the browser has one", async () => {
    const context = await newContext(browser());
    await context.addInitScript(FAKE_SPEECH);
    const page = await openAlphabet(context);
    await letter(page, "A").click();
    await page.getByText("This browser has no English voice, so the words are not spoken.").waitFor();
    await expect.poll(() => spoken(page)).toEqual([]);
    await language(page).selectOption("pl");
    await letter(page, "Ł").click();
    const said = await wordText(page);
    await expect.poll(() => spoken(page)).toEqual([{ text: said, lang: "pl-PL" }]);
    await page.getByRole("button", { name: "Say it" }).click();
    await picture(page).click();
    const next = await wordText(page);
    await expect
      .poll(() => spoken(page))
      .toEqual([
        { text: said, lang: "pl-PL" },
        { text: said, lang: "pl-PL" },
        { text: next, lang: "pl-PL" },
      ]);
    await context.close();
  });

  it("starts in Russian for a Russian interface, with Ё and words that hold Ы", async () => {
    const context = await newContext(browser());
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/alphabet"));
    await page.getByRole("heading", { name: "Азбука" }).waitFor();
    const select = page.getByLabel("Язык", { exact: true });
    await expect.poll(() => select.inputValue()).toBe("ru");
    await expect
      .poll(() => select.locator("option").allTextContents())
      .toEqual(["Английский", "Русский", "Польский", "Белорусский"]);
    const letters = page.getByRole("group", { name: "Буквы" });
    await letters.getByRole("button", { name: "Я", exact: true }).waitFor();
    await expect.poll(() => letters.getByRole("button").count()).toBe(33);
    await letters.getByRole("button", { name: "Ы", exact: true }).click();
    await expect.poll(() => word(page).locator("mark").allTextContents()).toEqual(["ы"]);
    await letters.getByRole("button", { name: "Ё", exact: true }).click();
    await expect.poll(async () => (await wordText(page)).startsWith("ё")).toBe(true);
    await page.getByText("В этом браузере нет голоса для языка «Русский», поэтому слова не произносятся.").waitFor();
    await context.close();
  });

  it("says in words when a language's words fail to load, and loads them on Try again", async () => {
    const context = await newContext(browser());
    const page = await openAlphabet(context);
    await page.route(/\/assets\/words-be-[\w-]+\.js$/, (route) => route.abort());
    await language(page).selectOption("be");
    await page.getByText("The Belarusian words could not be loaded.").waitFor();
    await page.unroute(/\/assets\/words-be-[\w-]+\.js$/);
    await page.getByRole("button", { name: "Try again" }).click();
    await letter(page, "Ў").waitFor();
    await expect.poll(() => page.getByRole("group", { name: "Letters" }).getByRole("button").count()).toBe(32);
    await context.close();
  });
});

describe("kids: numbers", () => {
  it("shows a digit's word in the kids' language and that many things to count", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/numbers"));
    await page.getByRole("heading", { name: "Numbers" }).waitFor();
    const digits = page.getByRole("group", { name: "Digits" });
    await expect.poll(() => digits.getByRole("button").allTextContents()).toEqual([..."0123456789"]);
    await page.getByText("Choose a digit to see its word and count.").waitFor();

    await digits.getByRole("button", { name: "3", exact: true }).click();
    await expect
      .poll(() => digits.getByRole("button", { name: "3", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await page.getByTestId("number-word").getByText("three").waitFor();
    await expect.poll(() => page.getByRole("img", { name: "3 apples" }).locator(".counted-object").count()).toBe(3);

    await page.getByLabel("Language", { exact: true }).selectOption("pl");
    await page.getByTestId("number-word").getByText("trzy").waitFor();
    await expect.poll(() => page.getByTestId("number-word").getAttribute("lang")).toBe("pl");
    await page.getByLabel("Language", { exact: true }).selectOption("be");
    await page.getByTestId("number-word").getByText("тры").waitFor();

    // The keyboard: from 3 one to the right and Enter: 4 balloons.
    await digits.getByRole("button", { name: "3", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.getByTestId("number-word").getByText("чатыры").waitFor();
    await expect.poll(() => page.getByRole("img", { name: "4 balloons" }).locator(".counted-object").count()).toBe(4);

    await digits.getByRole("button", { name: "0", exact: true }).click();
    await page.getByTestId("number-word").getByText("нуль").waitFor();
    await page.getByRole("img", { name: "An empty plate" }).waitFor();
    await page.getByText("Nothing to count").waitFor();
    await expect.poll(() => page.locator(".counted-object").count()).toBe(0);

    // In Russian: the names of the things in the right plural forms.
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    await page.reload();
    const цифры = page.getByRole("group", { name: "Цифры" });
    await цифры.getByRole("button", { name: "5", exact: true }).click();
    await page.getByRole("img", { name: "5 рыбок" }).waitFor();
    await цифры.getByRole("button", { name: "2", exact: true }).click();
    await page.getByRole("img", { name: "2 утки" }).waitFor();
    await context.close();
  });
});

describe("kids: alphabet and numbers fit", () => {
  // axe once a screen and theme: the alphabet in the accessibility walk, the numbers here narrow and light, wide and dark.
  for (const [theme, width] of [
    ["light", 360],
    ["dark", 360],
    ["light", 1280],
    ["dark", 1280],
  ] as const)
    it(`${width} px without sideways scrolling, ${theme} theme`, async () => {
      const context = await newContext(browser(), { width, height: 800, colorScheme: theme });
      await context.addCookies([{ name: "preferred-theme", value: theme, domain: ".nook.localhost", path: "/" }]);
      const page = await openAlphabet(context);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      // The longest words there are, in the widest letters.
      await language(page).selectOption("ru");
      await showWord(page, "И", "инопланетянин");
      await expect.poll(() => overflows(page)).toBe(0);
      await page.goto(siteUrl("kids", "/numbers"));
      await page.getByRole("group", { name: "Digits" }).getByRole("button", { name: "8", exact: true }).click();
      await page.getByRole("img", { name: "8 apples" }).waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      if ((width === 360) === (theme === "light")) expect(await audit(page, "kids: the numbers")).toEqual([]);
      await context.close();
    });
});
