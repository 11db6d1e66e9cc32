import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRuns, firstLoadFiles, leaks, runsOf, serverRuns } from "./first-load-messages.ts";

/** A built site in miniature: an entry, a preloaded chunk, a lazy chunk, both catalogs and the server's. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "first-load-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Zz9_-8aa.js">',
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "assets", name), text);
  return dir;
}

describe("the first-load check for server messages", () => {
  it("reads a message's runs of words, leaving out placeholders, ICU syntax and short runs", () => {
    expect(runsOf("A tag is at most {max, number} characters")).toEqual(["A tag is at most"]);
    expect(runsOf("Не больше {max, plural, one {# тега} few {# тегов} many {# тегов} other {# тега}}")).toEqual([]);
    expect(runsOf("Тег не может начинаться с '!'")).toEqual(["Тег не может начинаться с"]);
    expect(runsOf("Not found")).toEqual([]);
  });

  it("takes the English from the registry and the translations from the server's catalogs, not field names", () => {
    const po =
      'msgid "auth.nameRequired"\nmsgstr "Укажите своё имя"\n\nmsgid "field.name"\nmsgstr "Имя пользователя сайта"\n';
    const runs = serverRuns([po]);
    expect(runs).toContain("Укажите своё имя");
    expect(runs).toContain("Username is already taken");
    expect(runs).not.toContain("Имя пользователя сайта");
  });

  it("looks in the entry, its preloads and the site's first catalogs, not in lazy chunks, their catalogs or the server's catalog", () => {
    const dir = fixture({
      "index-AbCd1234.js": 'const a="Username is already taken";',
      "rolldown-runtime-Zz9_-8aa.js": "export{};",
      "en-Qw12_-xy.js":
        'export const messages=JSON.parse(\'{"x":["\\u0423\\u043a\\u0430\\u0436\\u0438\\u0442\\u0435 имя"]}\')',
      "ru-Qw12_-xz.js": "export const messages={};",
      "lazy-page-Aa11bb22.js": 'const b="Email is already in use";',
      "en-Lz34_-ab.js": 'export const messages={"y":["Email is already in use"]}',
      "messages.ru-Bb22cc33.js": 'const c="Email is already in use";',
    });
    const files = firstLoadFiles(dir, ["assets/en-Qw12_-xy.js", "assets/ru-Qw12_-xz.js"]);
    expect(files).toEqual([
      "assets/en-Qw12_-xy.js",
      "assets/index-AbCd1234.js",
      "assets/rolldown-runtime-Zz9_-8aa.js",
      "assets/ru-Qw12_-xz.js",
    ]);
    expect(findRuns(dir, files, ["Username is already taken", "Email is already in use", "Укажите имя"])).toEqual([
      { file: "assets/en-Qw12_-xy.js", run: "Укажите имя" },
      { file: "assets/index-AbCd1234.js", run: "Username is already taken" },
    ]);
  });

  it("leaves out words the site says itself, in its own catalogs", () => {
    const dir = fixture({
      "index-AbCd1234.js": 'toast("Entry deleted");const e="Email is already in use";',
      "rolldown-runtime-Zz9_-8aa.js": "export{};",
      "en-Qw12_-xy.js": "export const messages={};",
      "ru-Qw12_-xz.js": "export const messages={};",
    });
    const own = ['msgid "Entry deleted"\nmsgstr "Entry deleted"\n'];
    expect(leaks(dir, ["assets/en-Qw12_-xy.js"], own, ["Entry deleted", "Email is already in use"])).toEqual([
      { file: "assets/index-AbCd1234.js", run: "Email is already in use" },
    ]);
  });
});
