import { useMemo } from "react";
import { QUIET_ZONE, qrModules, qrPath } from "./qr-path.ts";

/**
 * A QR code drawn as one SVG path: black on white whatever the theme, with
 * its quiet zone, since readers need the contrast and the margin.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = useMemo(() => {
    const modules = qrModules(text);
    return { d: qrPath(modules), size: modules.length + 2 * QUIET_ZONE };
  }, [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
