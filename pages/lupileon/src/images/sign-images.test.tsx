import { CELTIC_TREES, CHINESE_ANIMALS, WESTERN_SIGNS } from "@nook/shared/lupileon/signs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChineseAnimalIcon } from "./chinese-animals.tsx";
import { OghamLetter } from "./ogham.tsx";
import { WesternGlyph } from "./western-glyphs.tsx";

const pathOf = (html: string) => /<path d="([^"]+)"/.exec(html)?.[1] ?? "";

describe("sign pictures", () => {
  it("draw every sign as a decorative, stroked 48×48 svg with its own path", () => {
    const all = [
      ...WESTERN_SIGNS.map((sign) => renderToStaticMarkup(<WesternGlyph sign={sign} className="x" />)),
      ...CHINESE_ANIMALS.map((animal) => renderToStaticMarkup(<ChineseAnimalIcon animal={animal} />)),
      ...CELTIC_TREES.map((tree) => renderToStaticMarkup(<OghamLetter tree={tree} />)),
    ];
    for (const html of all) {
      expect(html).toContain('viewBox="0 0 48 48"');
      expect(html).toContain('stroke="currentColor"');
      expect(html).toContain('aria-hidden="true"');
      expect(pathOf(html)).toMatch(/^M[\d.]/);
    }
    expect(new Set(all.map(pathOf)).size).toBe(all.length);
    expect(renderToStaticMarkup(<WesternGlyph sign="leo" className="x" />)).toContain('class="x"');
  });

  it("draw the ogham letter from its aicme and stroke count", () => {
    const strokes = (tree: (typeof CELTIC_TREES)[number]) => pathOf(renderToStaticMarkup(<OghamLetter tree={tree} />));
    // The stem, then one subpath a stroke: right (h12), left (h-12) or across (l20-8).
    expect(strokes("birch").match(/h12/g)).toHaveLength(1);
    expect(strokes("ash").match(/h12/g)).toHaveLength(5);
    expect(strokes("hazel").match(/h-12/g)).toHaveLength(4);
    expect(strokes("reed").match(/l20-8/g)).toHaveLength(3);
    expect(strokes("elder").match(/l20-8/g)).toHaveLength(5);
  });
});
