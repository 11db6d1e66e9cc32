import { message } from "@nook/shared/common/messages";
import { normalizeTagName } from "@nook/shared/common/tags";
import { ENTRY_TAGS_MAX, ENTRY_TEXT_MAX, entryText, NAME_MAX, tagName } from "@nook/shared/journal/schemas";
import * as v from "valibot";
import { ImportRefused } from "./import-error.ts";

/** An entry a file holds, with the line it came from. Tag and metric names as stored (normalised). */
export interface ImportedEntry {
  line: number;
  text: string;
  tags: string[];
  metrics: { name: string; value: number }[];
  date: number;
  /** When it was last changed (a Nook export's); a file without one takes the import's time. */
  modifiedAt?: number;
  /**
   * A Daylio row whose mood is settled (one of the groups, or none in the file): an entry the account holds
   * at its instant with its text and tags and another mood, or none, is this row, its mood changed since (a
   * custom mood's group chosen again, or the mood changed in Daylio): planEntries finds it (`changes`).
   */
  moodOnly?: boolean;
}

/**
 * A file's tag as a tag's name, by the journal's own rule (`tagName`), or the
 * refusal naming the line. Its white space is collapsed first, as a tag
 * input's is, so a tab between a Daylio activity's words is a space.
 */
export function importedTag(raw: string, line: number): string {
  const named = v.safeParse(tagName, normalizeTagName(raw));
  if (!named.success)
    throw new ImportRefused(
      message("Line {line}: \"{tag}\" cannot be a tag: a tag is 1 to {max} characters and does not start with '!'", {
        line,
        tag: raw.slice(0, NAME_MAX * 2),
        max: NAME_MAX,
      }),
    );
  return named.output;
}

/** An entry's tags, each once, at most the journal's maximum. */
export function importedTags(raw: string[], line: number): string[] {
  const tags = [...new Set(raw.map((t) => importedTag(t, line)))];
  if (tags.length > ENTRY_TAGS_MAX)
    throw new ImportRefused(message("Line {line} has more than {max} tags", { line, max: ENTRY_TAGS_MAX }));
  return tags;
}

/** An entry's text by the journal's own rule (`entryText`), or the refusal naming the line and why. */
export function importedText(text: string, line: number): string {
  if (text.length > ENTRY_TEXT_MAX)
    throw new ImportRefused(
      message("Line {line}: the text is longer than {max} characters", { line, max: ENTRY_TEXT_MAX }),
    );
  if (!v.is(entryText, text))
    throw new ImportRefused(message("Line {line}: the text holds a control character or a broken one", { line }));
  return text;
}
