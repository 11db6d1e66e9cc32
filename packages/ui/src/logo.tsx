/** The Nook mark: a small house with a lit window. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M4 15 16 4l12 11v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <rect x="12.5" y="16" width="7" height="7" rx="1.5" fill="var(--accent)" />
    </svg>
  );
}
