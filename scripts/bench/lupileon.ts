/**
 * The birth-date section's calculations, in process (the Worker runs the same
 * code): what each answer costs next to a bare baseline measured in the same
 * run — one astronomy-engine call for the Sun's apparent longitude, the unit
 * every answer is built from.
 *   npm run bench -- lupileon
 */
import { SunPosition } from "astronomy-engine";
import { celestialAt, chineseNewYear, moonAt, solarAt } from "../../workers/api/src/lupileon/astro.ts";
import { signsOf } from "../../workers/api/src/lupileon/signs-of.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** Microseconds per call: the median of ROUNDS runs of `calls` calls each. */
function perCall(calls: number, run: (i: number) => void) {
  for (let i = 0; i < Math.min(calls, 20); i++) run(i); // warm up
  const us: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    for (let i = 0; i < calls; i++) run(r * calls + i);
    us.push(((performance.now() - t) * 1e3) / calls);
  }
  return us.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] as number;
}

// Moments spread over the years, so no answer is one the engine has just seen.
const moment = (i: number) => new Date(Date.UTC(1900 + (i % 150), i % 12, 1 + (i % 28), 12));
const day = (i: number) => moment(i).toISOString().slice(0, 10);
let sink = 0;

const baseline = perCall(2000, (i) => {
  sink += SunPosition(moment(i)).elon;
});
const rows: [string, number][] = [["baseline: the Sun's apparent longitude, one call", baseline]];
const row = (label: string, calls: number, run: (i: number) => void) => rows.push([label, perCall(calls, run)]);

row("GET moon/{date}: phase, light, four phases either side", 200, (i) => {
  sink += moonAt(moment(i)).illumination;
});
row("GET celestial/{date}: ten bodies", 500, (i) => {
  sink += celestialAt(moment(i)).pluto;
});
// A year's seasons, apsides and new year are searched once per Worker isolate, then remembered.
let coldYear = 1000;
const notYetAsked = () => {
  if (coldYear >= 2999) coldYear = 1000; // only when a run has asked them all
  return coldYear++;
};
row("GET solar/{date} of a year not yet asked: 12 seasons, 2 apsides", 20, () => {
  sink += solarAt(new Date(Date.UTC(notYetAsked(), 5, 1))).daylight.percent;
});
row("GET solar/{date}, its years' events already found", 2000, (i) => {
  sink += solarAt(moment(i)).daylight.percent;
});
row("the Chinese new year of a year not yet asked (a search)", 20, () => {
  sink += chineseNewYear(notYetAsked()).length;
});
row("GET signs/{date}, its new years already found", 2000, (i) => {
  sink += signsOf(day(i)).weekday;
});
row("the by-date page's Solar mode: moon + celestial + solar", 50, (i) => {
  sink += moonAt(moment(i)).ageDays + celestialAt(moment(i)).sun + solarAt(moment(i)).year;
});

console.log(`\nthe birth-date calculations, µs per call (median of ${ROUNDS} runs; × the baseline)`);
for (const [label, us] of rows)
  console.log(`  ${label.padEnd(64)} ${us.toFixed(1).padStart(9)} µs   ×${(us / baseline).toFixed(0)}`);
if (sink === 0) console.log("(nothing computed)");
