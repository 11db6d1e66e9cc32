/**
 * What makes two entries "the same" for lifting: text, the tag set and the
 * metrics. Runs of consecutive entries with one fingerprint show as one row.
 */
export async function entryFingerprint(
  text: string,
  tags: string[],
  metrics: { name: string; value: number }[],
): Promise<string> {
  const canonical = JSON.stringify([
    text.trim(),
    [...new Set(tags)].sort(),
    [...metrics].sort((a, b) => (a.name < b.name ? -1 : 1)).map((m) => [m.name, m.value]),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
