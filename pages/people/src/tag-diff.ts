/**
 * What PUT /api/people/{id} is sent for the tags (spec 2 §3): the ids of the
 * person's tags no longer chosen, and the chosen names the person does not
 * have yet. Both sides are normalised names ('@ada'), so equal names are one tag.
 */
export function tagDiff(
  current: readonly { id: number; name: string }[],
  chosen: readonly string[],
): { tagIdsToRemove: number[]; tagNamesToAdd: string[] } {
  const keep = new Set(chosen);
  const have = new Set(current.map((t) => t.name));
  return {
    tagIdsToRemove: current.filter((t) => !keep.has(t.name)).map((t) => t.id),
    tagNamesToAdd: [...new Set(chosen.filter((name) => !have.has(name)))],
  };
}
