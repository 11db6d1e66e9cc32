/**
 * The zone a profile counts days in (DESIGN §3): its own, or UTC for a
 * profile without one. The one place that rule is written: the API and every
 * screen ask here. A module of its own, with no imports: every site's first
 * load has it, and bringing time-zone.ts along made the bundler split that
 * load into shared chunks.
 */
export function profileTimeZone(zone: string | null | undefined): string {
  return zone ?? "UTC";
}
