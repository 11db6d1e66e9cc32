import { describe, expect, it } from "vitest";
import { preferenceCookie, readCookie, resolveLocale, resolveTheme } from "./preferences.ts";

describe("preference cookies", () => {
  it("live a year on the root domain, path /, SameSite Lax", () => {
    expect(preferenceCookie("preferred-theme", "light", "nook.localhost")).toBe(
      "preferred-theme=light; Max-Age=31536000; Path=/; SameSite=Lax; Domain=nook.localhost",
    );
    expect(preferenceCookie("locale", "ru", "example.co.uk")).toBe(
      "locale=ru; Max-Age=31536000; Path=/; SameSite=Lax; Domain=example.co.uk",
    );
    expect(preferenceCookie("locale", "ru", undefined)).toBe("locale=ru; Max-Age=31536000; Path=/; SameSite=Lax");
  });
  it("reads a cookie by exact name", () => {
    const header = "xlocale=en; locale=ru; preferred-theme=light";
    expect(readCookie(header, "locale")).toBe("ru");
    expect(readCookie(header, "preferred-theme")).toBe("light");
    expect(readCookie(header, "logo-seen")).toBeUndefined();
  });
  it("defaults to dark (or the system's light) and to English", () => {
    expect(resolveTheme(undefined, false)).toBe("dark");
    expect(resolveTheme(undefined, true)).toBe("light");
    expect(resolveTheme("dark", true)).toBe("dark");
    expect(resolveTheme("blue", false)).toBe("dark");
    expect(resolveLocale(undefined)).toBe("en");
    expect(resolveLocale("ru")).toBe("ru");
    expect(resolveLocale("de")).toBe("en");
  });
});
