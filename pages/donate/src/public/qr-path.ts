import encodeQR from "@paulmillr/qr";

/** The light margin a reader needs around the code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/** The code's modules, row by row, true for dark; no margin. */
export function qrModules(text: string): boolean[][] {
  return encodeQR(text, "raw", { border: 0, ecc: "medium" });
}

/**
 * One SVG path of the dark modules, offset by the quiet zone: each run of dark
 * modules in a row is one rectangle, so a code is a few hundred commands, not thousands.
 */
export function qrPath(modules: boolean[][], offset = QUIET_ZONE): string {
  let d = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (row[x]) x++;
      d += `M${start + offset} ${y + offset}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}
