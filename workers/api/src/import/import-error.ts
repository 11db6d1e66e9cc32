import type { ApiMessage } from "@nook/shared/common/messages";

/** A file an import refuses: 400 with these words (the line and the reason), and nothing written. */
export class ImportRefused extends Error {
  constructor(readonly said: ApiMessage) {
    super(said.text);
  }
}
