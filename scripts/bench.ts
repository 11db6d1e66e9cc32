/**
 * npm run bench -- <area>: runs scripts/bench/<area>.ts, which prints its figures.
 */
import { existsSync, readdirSync } from "node:fs";
import { repo } from "./wrangler.ts";

const areas = readdirSync(`${repo}scripts/bench`)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3));
const area = process.argv[2];
if (!area || !existsSync(`${repo}scripts/bench/${area}.ts`)) {
  console.error(`usage: npm run bench -- <area>   (areas: ${areas.join(", ")})`);
  process.exit(1);
}
await import(`./bench/${area}.ts`);
