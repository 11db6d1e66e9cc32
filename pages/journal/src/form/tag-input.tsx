import { messageText, useServerMessages } from "@nook/ui/server-messages";
import { TagInput as SharedTagInput, type TagRule } from "@nook/ui/tag-input";
import type { ComponentProps } from "react";
import { parseFilterTag, parseTag } from "./pending.ts";

/**
 * The refusal of a tag with a leading '!', as a form keeps it: by its code.
 * The input writes it as it renders, in the API's own words in the reader's
 * language (the server catalog), so a refusal made before the catalog came
 * (an Enter at once), or kept across a switch of language, reads right.
 */
export const NEGATED_TAG = "journal.tagNegated";

/** An entry's tag: the journal's rule, refusing a leading '!' in the API's words. */
const entryTag: TagRule = (raw) => {
  const parsed = parseTag(raw);
  return parsed.ok ? { tag: parsed.tag } : { error: NEGATED_TAG };
};
/** A filter's tag: '!name' negates. */
const filterTag: TagRule = (raw) => ({ tag: parseFilterTag(raw) });

/**
 * The shared tag input (packages/ui) with the journal's rule: entries' tags, or a filter's with `allowNegation`.
 * A refusal is about what was typed: an edit of it (clearing it too) takes the refusal away.
 */
export function TagInput(props: Omit<ComponentProps<typeof SharedTagInput>, "toTag">) {
  const { error, onText, onError } = props;
  useServerMessages();
  return (
    <SharedTagInput
      {...props}
      error={error === NEGATED_TAG ? messageText(NEGATED_TAG) : error}
      toTag={props.allowNegation ? filterTag : entryTag}
      onText={(text) => {
        onText(text);
        if (error) onError?.("");
      }}
    />
  );
}
