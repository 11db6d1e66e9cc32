import { contentProgress } from "@nook/shared/steps/checklist";
import { useCallback, useEffect, useRef, useState } from "react";
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

/**
 * A checklist that saves itself (DESIGN §5 "Steps"): `content` (canonical) is
 * sent AUTOSAVE_MS after it last changed, at once when the page is hidden or
 * left (a keepalive request, so a reload or a closed tab still sends it), and
 * when the network is back after a failure. One save at a time, each sending
 * the newest content; `stored` is the content the server has. `save` sends
 * now (the Save button, Import) and throws what the API refused.
 */
export function useAutosave({
  id,
  content,
  stored,
  onSaved,
}: {
  id: number;
  content: string;
  stored: string;
  onSaved(steps: Steps, own: { explicit: boolean }): void;
}) {
  const latest = useRef(content);
  latest.current = content;
  /** The content the server is known to have (ahead of `stored` while an answer is being shown). */
  const acked = useRef(stored);
  useEffect(() => {
    acked.current = stored;
  }, [stored]);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const busy = useRef<Promise<unknown> | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<{ content: string; error: unknown } | null>(null);

  const run = useCallback(
    (options: { force?: boolean; keepalive?: boolean; content?: string } = {}): Promise<Steps | null> => {
      if (busy.current) return busy.current.then(() => run(options));
      const content = options.content ?? latest.current;
      if (!options.force && content === acked.current) return Promise.resolve(null);
      const { totalItems, completedItems } = contentProgress(content);
      const keepalive = !!options.keepalive && content.length <= KEEPALIVE_CHARS_MAX;
      setSaving(true);
      const request = stepsApi.saveContent(id, content, totalItems, completedItems, keepalive).then(
        (saved) => {
          acked.current = saved.content;
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
    [id],
  );

  // A change waits AUTOSAVE_MS for the next one.
  useEffect(() => {
    if (content === acked.current) return;
    const timer = setTimeout(() => void run().catch(noop), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [content, run]);

  // Hidden, left (reload, closed tab, another page of the site) or back online: what is waiting goes now.
  useEffect(() => {
    const flush = () => {
      if (latest.current !== acked.current) void run({ keepalive: true }).catch(noop);
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
  return { state, save: run };
}
