import { loadedMessageText, messageText } from "@nook/ui/server-messages";
import { TagInput as SharedTagInput, type TagRule } from "@nook/ui/tag-input";
import type { ComponentProps } from "react";
import { parseFilterTag, parseTag } from "./pending.ts";

/**
 * The API's own words for a tag with a leading '!', in the reader's language,
 * from the server catalog: at once while typing a chip (the catalog is
 * prefetched by then), and awaited on a submit, which may come first.
 */
const negatedTag = () => messageText("journal.tagNegated");
export const negatedTagLoaded = () => loadedMessageText("journal.tagNegated");

/** An entry's tag: the journal's rule, refusing a leading '!' in the API's words. */
const entryTag: TagRule = (raw) => {
  const parsed = parseTag(raw);
  return parsed.ok ? { tag: parsed.tag } : { error: negatedTag() };
};
/** A filter's tag: '!name' negates. */
const filterTag: TagRule = (raw) => ({ tag: parseFilterTag(raw) });

/**
 * The shared tag input (packages/ui) with the journal's rule: entries' tags, or a filter's with `allowNegation`.
 * A refusal is about what was typed: an edit of it (clearing it too) takes the refusal away.
 */
export function TagInput(props: Omit<ComponentProps<typeof SharedTagInput>, "toTag">) {
  const { error, onText, onError } = props;
  return (
    <SharedTagInput
      {...props}
      toTag={props.allowNegation ? filterTag : entryTag}
      onText={(text) => {
        onText(text);
        if (error) onError?.("");
      }}
    />
  );
}
