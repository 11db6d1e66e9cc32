/**
 * Where the keyboard's focus goes when a row it was in leaves a list (a delete confirmed): the next row, or
 * the one before when it was the last, or the list itself when it was the only one — never the page's top,
 * where the next Tab would start again at "Skip to content". Rows and lists take the focus without joining
 * the Tab order (`tabindex="-1"`).
 */
export function focusBeside(row: HTMLElement | null) {
  if (!row) return;
  const target =
    (row.nextElementSibling as HTMLElement | null) ??
    (row.previousElementSibling as HTMLElement | null) ??
    (row.parentElement as HTMLElement | null);
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}
