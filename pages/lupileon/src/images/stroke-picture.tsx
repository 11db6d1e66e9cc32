/** One sign picture: a path of round strokes in the text's colour on a 48-unit square, decorative (the name is beside it). */
export function StrokePicture({ d, className }: { d: string; className?: string | undefined }) {
  return (
    <svg
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
