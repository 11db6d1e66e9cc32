import { Trans } from "@lingui/react/macro";

/** A load that failed with nothing to show in its place: why, in words, and another try. */
export function LoadFailed({ text, retry, className }: { text: string; retry(): void; className?: string }) {
  return (
    <p className={className ? `error-line ${className}` : "error-line"} role="alert">
      {text}{" "}
      <button type="button" className="button button-quiet button-small" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </p>
  );
}
