import { Trans } from "@lingui/react/macro";
import { routeShape } from "@nook/shared/runner/route-shape";
import type { RunPosition } from "@nook/shared/runner/session";
import { useMemo } from "react";

const BOX = { width: 320, height: 200, padding: 12 };

/** A run's route as an SVG line per segment (the way across a pause is left out), north up; start and end marked. */
export function RouteMap({ positions, label }: { positions: RunPosition[]; label: string }) {
  const shape = useMemo(() => routeShape(positions, BOX), [positions]);
  if (!shape?.lines.length)
    return (
      <p className="muted run-route-empty">
        <Trans>No route recorded</Trans>
      </p>
    );
  return (
    <svg className="run-route" viewBox={shape.viewBox} role="img" aria-label={label} data-testid="run-route">
      {shape.lines.map((line) => (
        <polyline key={line.segment} className="run-route-line" points={line.points} />
      ))}
      <circle className="run-route-start" cx={shape.start.x} cy={shape.start.y} r={5} />
      <circle className="run-route-end" cx={shape.end.x} cy={shape.end.y} r={5} />
    </svg>
  );
}
