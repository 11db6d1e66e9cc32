import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The CSS recipe (styles.css's head comment): sizes from the token scales,
 * three named breakpoints, and every class owned by one stylesheet, so two
 * components cannot share a class by accident and no rule is written twice.
 */

const repo = join(import.meta.dirname, "..");
const TOKENS = "packages/ui/src/styles.css";

function cssFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.name === "node_modules" || e.name === "dist") return [];
    if (e.isDirectory()) return cssFiles(path);
    return e.name.endsWith(".css") ? [path] : [];
  });
}
const files = [
  ...cssFiles("packages/ui/src"),
  ...readdirSync(join(repo, "pages"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== "public")
    .flatMap((e) => cssFiles(`pages/${e.name}/src`)),
];
const source = (file: string) => readFileSync(join(repo, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

interface Rule {
  selectors: string[];
  declarations: [property: string, value: string][];
}
/** The style rules of a sheet, those inside @media included; @keyframes' steps are not rules. */
function rulesOf(css: string): Rule[] {
  const rules: Rule[] = [];
  const keyframes = /@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}/g;
  for (const m of css.replace(keyframes, "").matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const prelude = (m[1] ?? "").trim();
    if (prelude.startsWith("@")) continue;
    rules.push({
      selectors: prelude.split(",").map((s) => s.trim()),
      declarations: (m[2] ?? "")
        .split(";")
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const colon = d.indexOf(":");
          return [d.slice(0, colon).trim(), d.slice(colon + 1).trim()];
        }),
    });
  }
  return rules;
}
const classesOf = (selector: string) => [...selector.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((m) => m[1] ?? "");

/** A length that should have been a token: px or rem other than 0 and the 1px hairline. */
const literalLength = (value: string) =>
  [...value.matchAll(/(?<![\w.-])-?(\d*\.?\d+)(px|rem)\b/g)].filter((m) => !(m[1] === "1" && m[2] === "px"));

describe("the CSS recipe", () => {
  it("walks every stylesheet", () => {
    expect(files).toEqual(expect.arrayContaining([TOKENS, "pages/journal/src/journal.css"]));
    expect(files.length).toBeGreaterThan(15);
  });

  it("takes font sizes, corners and spacing from the token scales", () => {
    const literals = files.flatMap((file) =>
      rulesOf(source(file)).flatMap(({ selectors, declarations }) =>
        declarations
          .filter(([property, value]) => {
            if (property.startsWith("--")) return false;
            // A fluid size between two bounds, by the viewport or the container, stays a clamp().
            if (property === "font-size" || property === "font")
              return !value.includes("clamp(") && literalLength(value).length > 0;
            if (/^(padding|margin|gap|row-gap|column-gap)(-|$)|radius$/.test(property))
              return literalLength(value).length > 0;
            return false;
          })
          .map(([property, value]) => `${file}: ${selectors.join(", ")} { ${property}: ${value} }`),
      ),
    );
    expect(literals).toEqual([]);
  });

  it("uses only tokens that are defined, and every scale token is used", () => {
    const defined = new Set(files.flatMap((f) => [...source(f).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1])));
    const used = new Set(files.flatMap((f) => [...source(f).matchAll(/var\((--[\w-]+)/g)].map((m) => m[1])));
    // Other custom properties may come from a style attribute (`--weeks` on the calendar).
    expect([...used].filter((t) => /^--(space|text|radius)(-|$)/.test(t ?? "") && !defined.has(t))).toEqual([]);
    const scale = [...source(TOKENS).matchAll(/(--(?:space|text|radius)-[\w-]+)\s*:/g)].map((m) => m[1]);
    expect(scale.length).toBeGreaterThan(30);
    expect(scale.filter((t) => !used.has(t))).toEqual([]);
  });

  it("breaks only at the three named widths", () => {
    const NAMED = new Set([
      "max-width: 480px",
      "min-width: 720px",
      "max-width: 719.98px",
      "min-width: 1024px",
      "max-width: 1023.98px",
    ]);
    const others = files.flatMap((file) =>
      [...source(file).matchAll(/\((min|max)-width:\s*([^)]+)\)/g)]
        .map((m) => `${m[1]}-width: ${m[2]}`)
        .filter((q) => !NAMED.has(q))
        .map((q) => `${file}: @media (${q})`),
    );
    expect(others).toEqual([]);
  });

  it("gives each class one stylesheet that owns it; another sheet styles it only inside a class of its own", () => {
    // A sheet owns a class it styles on its own (the selector's only class): `.card`, `.kids-tile:hover`.
    const owners = new Map<string, Set<string>>();
    const seenIn = new Map<string, Set<string>>();
    const rules = files.map((file) => ({ file, rules: rulesOf(source(file)) }));
    for (const { file, rules: list } of rules)
      for (const { selectors } of list)
        for (const selector of selectors) {
          const classes = classesOf(selector);
          for (const c of classes) seenIn.set(c, (seenIn.get(c) ?? new Set()).add(file));
          const only = new Set(classes);
          if (only.size === 1) owners.set(classes[0] ?? "", (owners.get(classes[0] ?? "") ?? new Set()).add(file));
        }
    const twice = [...owners]
      .filter(([, sheets]) => sheets.size > 1)
      .map(([c, sheets]) => `.${c}: ${[...sheets].join(", ")}`);
    expect(twice).toEqual([]);

    // A class no sheet styles alone belongs to the one sheet that uses it.
    const ownerOf = (c: string) => {
      const own = owners.get(c);
      if (own) return [...own][0];
      const seen = seenIn.get(c) ?? new Set();
      return seen.size === 1 ? [...seen][0] : undefined;
    };
    const strays = rules.flatMap(({ file, rules: list }) =>
      list.flatMap(({ selectors }) =>
        selectors
          .filter((selector) => {
            const classes = classesOf(selector);
            return classes.length > 0 && !classes.some((c) => ownerOf(c) === file);
          })
          .map((selector) => `${file}: ${selector}`),
      ),
    );
    expect(strays).toEqual([]);
  });
});
