/**
 * The Moon as seen from the north: the lit part of a disc for a phase angle
 * (0 new, 90 first quarter, 180 full, 270 last quarter). The lit limb is on
 * the right while waxing, on the left while waning; the terminator is an
 * ellipse of half-width r·|cos angle|.
 */
export function moonPath(phaseAngle: number, r: number): string {
  const angle = ((phaseAngle % 360) + 360) % 360;
  const cos = Math.cos((angle * Math.PI) / 180);
  const waxing = angle < 180;
  const rx = Math.round(Math.abs(cos) * r * 100) / 100;
  const limbSweep = waxing ? 1 : 0;
  const terminatorSweep = waxing === cos > 0 ? 0 : 1;
  return `M0 ${-r}A${r} ${r} 0 0 ${limbSweep} 0 ${r}A${rx} ${r} 0 0 ${terminatorSweep} 0 ${-r}Z`;
}

export function MoonDisc({ phaseAngle }: { phaseAngle: number }) {
  return (
    <svg className="lupi-moon-disc" viewBox="-22 -22 44 44" aria-hidden="true" focusable="false">
      <circle r={20} className="lupi-moon-dark" />
      <path d={moonPath(phaseAngle, 20)} className="lupi-moon-lit" />
    </svg>
  );
}
