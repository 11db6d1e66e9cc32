import type { SiteName } from "../../packages/shared/src/common/sites.ts";

/**
 * Every site's app icon, drawn for the site: the Nook
 * house on the dark background, its window the site's own sign in the site's
 * colour. Drawn here as SVG; `npm run icons` renders the PNGs the manifests
 * list (scripts/app-icons/png, committed: a build needs no browser).
 */
interface Sign {
  /** Stroked paths in a 24 × 24 box. */
  paths: string[];
  colour: string;
}

export const SIGNS: Record<SiteName, Sign> = {
  root: { paths: ["M9 12h6v6H9z"], colour: "#e9801c" },
  auth: { paths: ["M10 14a3 3 0 1 1 0-.01", "M12.6 12.5 17 8.2", "M15.5 9.7l1.5 1.5"], colour: "#e9801c" },
  journal: { paths: ["M7 5h10v14H7z", "M9.5 9h5", "M9.5 12h5", "M9.5 15h3"], colour: "#5fa8e8" },
  donate: {
    paths: ["M12 18s-6-3.6-6-7.6A3.2 3.2 0 0 1 12 8.6a3.2 3.2 0 0 1 6 1.8C18 14.4 12 18 12 18z"],
    colour: "#e86a8a",
  },
  steps: { paths: ["M6 8l2 2 3-3", "M13 9h5", "M6 15l2 2 3-3", "M13 16h5"], colour: "#62c38a" },
  calendar: {
    paths: ["M6 7h12v11H6z", "M6 10.5h12", "M9 5v3", "M15 5v3", "M9.5 14h1", "M13.5 14h1"],
    colour: "#d9b44a",
  },
  people: { paths: ["M12 11a2.6 2.6 0 1 0 0-5.2 2.6 2.6 0 0 0 0 5.2z", "M7 18.5a5 5 0 0 1 10 0"], colour: "#b08be8" },
  kids: { paths: ["M12 5.5l2 4.2 4.5.6-3.3 3.1.8 4.5L12 15.7l-4 2.2.8-4.5-3.3-3.1 4.5-.6z"], colour: "#f0c24a" },
  random: {
    paths: ["M6.5 6.5h11v11h-11z", "M9.5 9.5h.01", "M14.5 9.5h.01", "M12 12h.01", "M9.5 14.5h.01", "M14.5 14.5h.01"],
    colour: "#4cc6c0",
  },
  lupileon: { paths: ["M17 14a6 6 0 0 1-7-7 6 6 0 1 0 7 7z", "M16 6.5v2", "M15 7.5h2"], colour: "#9fb4ff" },
};

export const BACKGROUND = "#14161a";
const HOUSE = "#e8eaed";

/**
 * A site's icon as SVG. `maskable`: full bleed, the drawing inside the middle
 * 60 % (a launcher may cut the rest to a circle); else a rounded square.
 */
export function iconSvg(site: SiteName, maskable = false): string {
  const { paths, colour } = SIGNS[site];
  // The house and sign fill 70 % of a plain icon, 56 % of a maskable one (its safe zone is the middle 80 %).
  const scale = maskable ? 0.56 : 0.7;
  const offset = (512 * (1 - scale)) / 2;
  const unit = (512 * scale) / 24;
  const sign = paths.map((d) => `<path d="${d}"/>`).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">`,
    `<rect width="512" height="512" rx="${maskable ? 0 : 112}" fill="${BACKGROUND}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${unit})" fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    // The house, as in the logo, when the sign is not the house's own window.
    site === "root"
      ? `<path d="M3 11.3 12 3l9 8.3V20a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" stroke="${HOUSE}" stroke-width="1.6"/><path d="M9 12h6v6H9z" fill="${colour}" stroke="${colour}" stroke-width="1.2"/>`
      : `<g stroke="${colour}" stroke-width="1.6">${sign}</g>`,
    `</g></svg>`,
  ].join("");
}

/** The PNG sizes every manifest lists: Android's launcher and splash, and a maskable one. */
export const ICON_PNGS = [
  { size: 192, maskable: false },
  { size: 512, maskable: false },
  { size: 512, maskable: true },
] as const;

export const iconPngName = (site: SiteName, size: number, maskable: boolean) =>
  `${site}-${size}${maskable ? "-maskable" : ""}.png`;
