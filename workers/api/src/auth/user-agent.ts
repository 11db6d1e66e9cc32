/**
 * A browser's User-Agent in words for the list of sessions: the browser and the system, or null when
 * neither is known (a script, a bot). Only the common ones are named: the list needs to tell a person's
 * devices apart, not to fingerprint them.
 */
export function browserOf(userAgent: string | null): { browser: string | null; system: string | null } {
  const ua = userAgent ?? "";
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /YaBrowser\//.test(ua)
          ? "Yandex Browser"
          : /Firefox\/|FxiOS\//.test(ua)
            ? "Firefox"
            : /Chrome\/|CriOS\/|Chromium\//.test(ua)
              ? "Chrome"
              : /Safari\//.test(ua) && /Version\//.test(ua)
                ? "Safari"
                : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /CrOS/.test(ua)
        ? "ChromeOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return { browser, system };
}
