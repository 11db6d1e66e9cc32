/**
 * Renders every site's app icon (scripts/app-icons/signs.ts) to the PNGs its
 * manifest lists, into scripts/app-icons/png (committed: a build needs no browser).
 *   npm run icons        (after changing a sign; needs Chromium: CHROME_PATH or /usr/bin/chromium)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { SITES } from "../../packages/shared/src/common/sites.ts";
import { ICON_PNGS, iconPngName, iconSvg } from "./signs.ts";

const out = new URL("./png/", import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const { size, maskable } of ICON_PNGS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    for (const site of SITES) {
      const svg = iconSvg(site, maskable).replace("<svg ", `<svg width="${size}" height="${size}" `);
      await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg}`);
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      writeFileSync(new URL(iconPngName(site, size, maskable), out), png);
    }
    await page.close();
  }
  console.log(`${SITES.length * ICON_PNGS.length} icons in ${out.pathname}`);
} finally {
  await browser.close();
}
