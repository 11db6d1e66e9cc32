import { accountKey } from "@nook/ui/account";
import { readStored, writeStored } from "@nook/ui/stored";

/**
 * Drafts (DESIGN §5): a checklist's lines as typed and not yet saved, kept in
 * this browser under its id, so a reload (or a save that failed) loses
 * nothing. Cleared once the server has them.
 */
const draftKey = (id: number) => `nook.steps.draft.${id}`;

/** What the server had when the draft's edits began (its content and `modifiedAt`): the merge's base. */
export interface DraftBase {
  content: string;
  version: string;
}

export interface Draft {
  content: string;
  /** Absent in a draft kept before bases were (then the checklist as loaded is the base). */
  base?: DraftBase;
}

function parseDraft(raw: unknown): Draft | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { content, base } = raw as { content?: unknown; base?: { content?: unknown; version?: unknown } };
  if (typeof content !== "string") return undefined;
  const kept = typeof base?.content === "string" && typeof base.version === "string";
  return kept ? { content, base: { content: base.content as string, version: base.version as string } } : { content };
}

/** The unsaved content of checklist `id` (canonical) and what it was edited from, or null. */
export const readDraft = (id: number): Draft | null => readStored(accountKey(draftKey(id)), parseDraft, null);

/** Keeps `draft` as checklist `id`'s draft; null clears it. */
export function writeDraft(id: number, draft: Draft | null) {
  writeStored(accountKey(draftKey(id)), draft ?? undefined, (err) =>
    console.error("could not keep the checklist's draft", err),
  );
}
