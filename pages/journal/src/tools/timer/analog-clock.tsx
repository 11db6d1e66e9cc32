import { handAngles } from "@nook/shared/timer/clock";

const TICKS = Array.from({ length: 60 }, (_, i) => i);

/** The running time as a clock face (spec 2 §2): the second hand moves 6° a second. */
export function AnalogClock({ seconds, label }: { seconds: number; label: string }) {
  const a = handAngles(seconds);
  return (
    <svg className="timer-clock" viewBox="-100 -100 200 200" role="img" aria-label={label}>
      <circle className="timer-clock-face" r="96" />
      {TICKS.map((i) => (
        <line
          key={i}
          className={i % 5 === 0 ? "timer-clock-tick timer-clock-tick-major" : "timer-clock-tick"}
          y1={-90}
          y2={i % 5 === 0 ? -78 : -84}
          transform={`rotate(${i * 6})`}
        />
      ))}
      <line className="timer-clock-hand timer-clock-hour" y1={8} y2={-48} transform={`rotate(${a.hour})`} />
      <line className="timer-clock-hand timer-clock-minute" y1={10} y2={-70} transform={`rotate(${a.minute})`} />
      <line
        className="timer-clock-hand timer-clock-second"
        y1={14}
        y2={-84}
        transform={`rotate(${a.second})`}
        data-testid="second-hand"
        data-angle={a.second}
      />
      <circle className="timer-clock-hub" r="4" />
    </svg>
  );
}
