import { contentProgress } from "@nook/shared/steps/checklist";
import { type Merged, mergeChecklist } from "@nook/shared/steps/merge";
import { ApiError } from "@nook/ui/api";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DraftBase } from "./draft.ts";
import { type Steps, stepsApi } from "./steps-api.ts";

/** How long after the last change a checklist saves itself. */
export const AUTOSAVE_MS = 800;
/** A keepalive request may carry at most 64 KB; a content this long (3 bytes a character at most) fits. */
const KEEPALIVE_CHARS_MAX = 20_000;

/** What the reader is told: all saved, a change waiting, a save on its way, or the last one failed. */
export type SaveState =
  | { kind: "saved" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "failed"; error: unknown };

const noop = () => {};

/** How many times a save merges with a newer version and tries again before it gives up (a busy list). */
const MERGES_MAX = 3;

/** The server's current checklist in a 409 of a stale save, or null for any other failure. */
function newerOf(error: unknown): Steps | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== "platform.versionConflict") return null;
  const current = error.current as Steps | null | undefined;
  return current && typeof current.content === "string" && typeof current.modifiedAt === "string" ? current : null;
}

/**
 * A checklist that saves itself (DESIGN §5 "Steps"): `content` (canonical) is
 * sent AUTOSAVE_MS after it last changed, at once when the page is hidden or
 * left (a keepalive request, so a reload or a closed tab still sends it), and
 * when the network is back after a failure. One save at a time, each sending
 * the newest content; `stored` is the content the server has. `save` sends
 * now (the Save button, Import) and throws what the API refused.
 *
 * Each save is made against the version its edits began from (`base`: If-Match). Changed elsewhere meanwhile
 * (another device, offline edits of this one), the server answers 409 with its checklist, the two are merged
 * line by line (`mergeChecklist`: ticks, depths, places, additions and removals of both kept; where both
 * changed a line, mine wins, except that a line changed elsewhere is not removed here), `onMerged` shows the
 * merge and what of it was not kept, and it is sent against the newer version.
 */
export function useAutosave({
  id,
  content,
  stored,
  storedVersion,
  base: draftBase,
  onSaved,
  onMerged,
}: {
  id: number;
  content: string;
  stored: string;
  /** The stored checklist's `modifiedAt`. */
  storedVersion: string;
  /** What a kept draft was edited from, when it was kept with it; else the stored checklist. */
  base?: DraftBase;
  onSaved(steps: Steps, own: { explicit: boolean }): void;
  onMerged(merged: Merged, theirs: Steps): void;
}) {
  const latest = useRef(content);
  latest.current = content;
  /** What the edits shown were made from: the content the server had, and its version. */
  const base = useRef<DraftBase>(draftBase ?? { content: stored, version: storedVersion });
  // A newer checklist shown (another tab's save read again) becomes the base while nothing here waits;
  // with edits waiting, their base stays, and their save merges.
  const seen = useRef({ stored, storedVersion });
  useEffect(() => {
    if (seen.current.stored === stored && seen.current.storedVersion === storedVersion) return;
    seen.current = { stored, storedVersion };
    if (latest.current === stored || latest.current === base.current.content)
      base.current = { content: stored, version: storedVersion };
  }, [stored, storedVersion]);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const onMergedRef = useRef(onMerged);
  onMergedRef.current = onMerged;
  const busy = useRef<Promise<unknown> | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<{ content: string; error: unknown } | null>(null);

  /** Sends `content` against the base; a 409 merges with the server's and sends the merge. */
  const send = useCallback(
    async (content: string, keepalive: boolean): Promise<Steps> => {
      for (let merges = 0; ; merges++) {
        const { totalItems, completedItems } = contentProgress(content);
        try {
          return await stepsApi.saveContent(
            id,
            content,
            totalItems,
            completedItems,
            base.current.version,
            keepalive && content.length <= KEEPALIVE_CHARS_MAX,
          );
        } catch (error) {
          const theirs = newerOf(error);
          if (!theirs || merges >= MERGES_MAX) throw error;
          const merged = mergeChecklist(base.current.content, content, theirs.content);
          base.current = { content: theirs.content, version: theirs.modifiedAt };
          onMergedRef.current(merged, theirs);
          content = merged.content;
        }
      }
    },
    [id],
  );

  const run = useCallback(
    (options: { force?: boolean; keepalive?: boolean; content?: string } = {}): Promise<Steps | null> => {
      if (busy.current) return busy.current.then(() => run(options));
      const content = options.content ?? latest.current;
      if (!options.force && content === base.current.content) return Promise.resolve(null);
      setSaving(true);
      const request = send(content, !!options.keepalive).then(
        (saved) => {
          base.current = { content: saved.content, version: saved.modifiedAt };
          setFailed(null);
          onSavedRef.current(saved, { explicit: !!options.force });
          return saved;
        },
        (error: unknown) => {
          console.error(error);
          setFailed({ content, error });
          throw error;
        },
      );
      const done = request.then(noop, noop).finally(() => {
        busy.current = null;
        setSaving(false);
      });
      busy.current = done;
      return request;
    },
    [send],
  );

  // A change waits AUTOSAVE_MS for the next one.
  useEffect(() => {
    if (content === base.current.content) return;
    const timer = setTimeout(() => void run().catch(noop), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [content, run]);

  // Hidden, left (reload, closed tab, another page of the site) or back online: what is waiting goes now.
  useEffect(() => {
    const flush = () => {
      if (latest.current !== base.current.content) void run({ keepalive: true }).catch(noop);
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    addEventListener("pagehide", flush);
    addEventListener("online", flush);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      removeEventListener("pagehide", flush);
      removeEventListener("online", flush);
      document.removeEventListener("visibilitychange", hidden);
      flush();
    };
  }, [run]);

  const state: SaveState = saving
    ? { kind: "saving" }
    : content === stored
      ? { kind: "saved" }
      : failed
        ? { kind: "failed", error: failed.error }
        : { kind: "pending" };
  /** What the edits shown were made from (kept with a draft, for its merge after a reload). */
  const baseNow = useCallback(() => base.current, []);
  return { state, save: run, base: baseNow };
}
