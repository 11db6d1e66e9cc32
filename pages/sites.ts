/** Every site of the suite: folder under pages/, subdomain (root = the apex). */
export const SITES = [
  "root",
  "auth",
  "journal",
  "donate",
  "steps",
  "calendar",
  "people",
  "kids",
  "random",
  "lupileon",
] as const;
export type SiteName = (typeof SITES)[number];
