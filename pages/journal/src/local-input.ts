/** A datetime-local field's value (local time, to the minute) and back: the one rule for every date field here. */
const pad = (n: number) => String(n).padStart(2, "0");

export function toLocalInput(date: string | number | Date): string {
  const d = new Date(date);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The moment a datetime-local value names, in epoch ms; null when empty or not a date. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
