/// <reference types="@vitest/browser-playwright" />
import { THEME_COOKIE } from "@nook/shared/common/preferences";
import { afterEach, describe, expect, it } from "vitest";
import { cdp } from "vitest/browser";
import themeScript from "../../../pages/public/theme.js?raw";
import { applyTheme, currentTheme, saveTheme } from "./preferences.ts";

// The theme a page opens in: pages/public/theme.js before the first paint, then the shell's start (shell.tsx
// mountSite), both from the theme cookie, else the system's preference.
const theme = () => document.documentElement.dataset.theme;
const forgetTheme = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie saveTheme writes, removed
  document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0`;
  delete document.documentElement.dataset.theme;
};

const prefers = (scheme: "dark" | "light") =>
  cdp().send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: scheme }] });

/** The page's first script, as pages/index.html runs it. */
function runThemeScript() {
  const script = document.createElement("script");
  script.textContent = themeScript;
  document.head.append(script);
  script.remove();
}

afterEach(async () => {
  forgetTheme();
  await cdp().send("Emulation.setEmulatedMedia", { features: [] });
});

describe("the shared shell", () => {
  it("follows the system's light preference until a theme is chosen", async () => {
    forgetTheme();
    // Dark, with no theme chosen, unless the system prefers light (the e2e contexts' default is dark).
    await prefers("dark");
    runThemeScript();
    expect(theme()).toBe("dark");
    await prefers("light");
    runThemeScript();
    expect(theme()).toBe("light");
    delete document.documentElement.dataset.theme;
    applyTheme(currentTheme());
    expect(theme()).toBe("light");
    // Chosen, the theme stays whatever the system prefers.
    saveTheme("dark");
    expect(currentTheme()).toBe("dark");
    applyTheme(currentTheme());
    expect(theme()).toBe("dark");
  });
});
