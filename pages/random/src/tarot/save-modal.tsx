import { Trans } from "@lingui/react/macro";
import { Modal } from "@nook/ui/modal";
import { originOf } from "@nook/ui/site";
import { journalEntryUrl } from "./result-text.ts";

/**
 * 'Save result' (spec 2 §2, §4): the text that goes to the journal, and the
 * way there. Following it marks nothing: the draw is marked saved once the
 * journal has saved the entry (saved-draws.ts).
 */
export function SaveModal({ text, draw, onClose }: { text: string; draw: string; onClose(): void }) {
  const href = journalEntryUrl(originOf("journal"), text, draw);
  return (
    <Modal title={<Trans>Save result</Trans>} onClose={onClose}>
      <div className="stack">
        <p>
          <Trans>This goes to a new journal entry, tagged tarot, for you to add to and save:</Trans>
        </p>
        <pre className="tarot-result-text" data-testid="tarot-result-text">
          {text}
        </pre>
        <p className="muted">
          <Trans>The journal asks you to sign in first if you have not; you come back to this entry after.</Trans>{" "}
          <Trans>The draw is marked saved here once the journal has saved the entry.</Trans>
        </p>
        <div className="row">
          <a className="button" href={href}>
            <Trans>Write it in the journal</Trans>
          </a>
          <button type="button" className="button button-quiet" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
