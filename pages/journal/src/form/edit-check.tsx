import { Trans } from "@lingui/react/macro";
import { ApiError } from "@nook/ui/api";
import { useEffect, useRef, useState } from "react";
import { journal } from "../journal-api.ts";

/**
 * An edit reopened after a reload (entry-form.tsx): the entry may have changed
 * or gone on the server meanwhile. Said, not overwritten silently; what was
 * typed stays in the form either way, and a gone entry's becomes a new entry
 * (`onGone`). In the first load (see entry-form.tsx).
 */
export function EditCheck({
  edit,
  onGone,
  onChanged,
}: {
  edit: { id: number; modifiedAt: string };
  onGone(): void;
  /** Changed meanwhile, to `version`: the person has been told, and Update saves over it (against that version). */
  onChanged(version: string): void;
}) {
  const [found, setFound] = useState<"changed" | "gone" | null>(null);
  // Checked once per edit, whatever the form passes as onGone and onChanged meanwhile.
  const goneRef = useRef(onGone);
  goneRef.current = onGone;
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  useEffect(() => {
    let live = true;
    journal.get(edit.id).then(
      (entry) => {
        if (!live || entry.modifiedAt === edit.modifiedAt) return;
        setFound("changed");
        changedRef.current(entry.modifiedAt);
      },
      (err: unknown) => {
        if (!live || !(err instanceof ApiError) || err.status !== 404) return;
        setFound("gone");
        goneRef.current();
      },
    );
    return () => {
      live = false;
    };
  }, [edit]);
  if (!found) return null;
  const id = edit.id;
  return (
    <p className="error-line" role="status" data-testid="edit-conflict">
      {found === "changed" ? (
        <Trans>
          Entry #{id} was changed elsewhere since you began editing it. What you typed is kept here; Update saves it
          over those changes.
        </Trans>
      ) : (
        <Trans>
          Entry #{id} was deleted elsewhere since you began editing it. What you typed is kept here; Add saves it as a
          new entry.
        </Trans>
      )}
    </p>
  );
}
