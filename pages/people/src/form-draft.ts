/**
 * The add / edit form's unsaved input (nothing typed is lost),
 * kept in the browser so a reload opens the form again as it was typed.
 * Small on purpose: the home page reads it, the form (its own chunk) writes it.
 */
export const FORM_DRAFT_KEY = "people-form-draft";

export interface FormDraft {
  /** What the form was opened for, and whom (an edit's or a copy's person). */
  kind: "add" | "duplicate" | "edit";
  personId: number | null;
  draft: { name: string; email: string; birthDate: string; tags: string[]; tagText: string };
}

const isString = (x: unknown): x is string => typeof x === "string";

/** A kept draft, if it still has a draft's shape. */
export function parseFormDraft(raw: unknown): FormDraft | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { kind, personId, draft } = raw as Record<string, unknown>;
  if (kind !== "add" && kind !== "duplicate" && kind !== "edit") return undefined;
  if (kind !== "add" && typeof personId !== "number") return undefined;
  if (typeof draft !== "object" || draft === null) return undefined;
  const d = draft as Record<string, unknown>;
  if (![d.name, d.email, d.birthDate, d.tagText].every(isString)) return undefined;
  if (!Array.isArray(d.tags) || !d.tags.every(isString)) return undefined;
  return {
    kind,
    personId: kind === "add" ? null : (personId as number),
    draft: {
      name: d.name as string,
      email: d.email as string,
      birthDate: d.birthDate as string,
      tags: d.tags,
      tagText: d.tagText as string,
    },
  };
}
