import decodeQR from "@paulmillr/qr/decode.js";
import { describe, expect, it } from "vitest";
import { QUIET_ZONE, qrModules, qrPath } from "./qr-path.ts";

const SCALE = 4;

/** Paints a path of `M x y h w v1 h-w z` rectangles black on white, as a browser would draw the SVG. */
function rasterize(d: string, size: number) {
  const side = size * SCALE;
  const data = new Uint8Array(side * side * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let py = Number(y) * SCALE; py < (Number(y) + 1) * SCALE; py++)
      for (let px = Number(x) * SCALE; px < (Number(x) + Number(w)) * SCALE; px++)
        data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
  }
  return { width: side, height: side, data };
}

describe("the QR code's path", () => {
  for (const text of [
    "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
    "ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  ])
    it(`decodes back to ${text}`, () => {
      const modules = qrModules(text);
      const d = qrPath(modules);
      expect(d).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
      expect(decodeQR(rasterize(d, modules.length + 2 * QUIET_ZONE))).toBe(text);
    });

  it("draws each run of dark modules once, inside the quiet zone", () => {
    const d = qrPath([
      [true, true, false, true],
      [false, false, false, false],
      [false, true, true, true],
    ]);
    expect(d).toBe("M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3z");
  });
});
