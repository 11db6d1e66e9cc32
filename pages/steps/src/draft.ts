import { accountKey } from "@nook/ui/account";
import { readStored, writeStored } from "@nook/ui/stored";

/**
 * Drafts (DESIGN §5): a checklist's lines as typed and not yet saved, kept in
 * this browser under its id, so a reload (or a save that failed) loses
 * nothing. Cleared once the server has them.
 */
const draftKey = (id: number) => `nook.steps.draft.${id}`;

const parseDraft = (raw: unknown) =>
  typeof raw === "object" && raw !== null && typeof (raw as { content?: unknown }).content === "string"
    ? (raw as { content: string }).content
    : undefined;

/** The unsaved content of checklist `id` (canonical), or null. */
export const readDraft = (id: number): string | null => readStored(accountKey(draftKey(id)), parseDraft, null);

/** Keeps `content` as checklist `id`'s draft; null clears it. */
export function writeDraft(id: number, content: string | null) {
  writeStored(accountKey(draftKey(id)), content === null ? undefined : { content }, (err) =>
    console.error("could not keep the checklist's draft", err),
  );
}
