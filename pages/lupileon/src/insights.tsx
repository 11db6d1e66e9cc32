import { useLingui } from "@lingui/react/macro";
import { lazyScreen } from "@nook/ui/screens";
import { type KeyboardEvent, Suspense, useRef } from "react";
import { MODES, type Mode, useMode } from "./mode.ts";
import { Busy } from "./status.tsx";
import { useDebounced } from "./use-debounced.ts";

// Each mode is its own chunk, off the site's first load, with the strings only it uses (its own catalog:
// lingui.config.ts); the zodiac lore loads later still, per language.
const MathPanel = lazyScreen(() => import("./math/math-panel.tsx").then((m) => m.MathPanel), "math");
const StarsPanel = lazyScreen(() => import("./stars/stars-panel.tsx").then((m) => m.StarsPanel), "stars");
const SolarPanel = lazyScreen(() => import("./solar/solar-panel.tsx").then((m) => m.SolarPanel), "solar");

/** Spec 2 §4, §9: the sky is asked again 500 ms after the date's last change, and at most 1000 ms after its first. */
export const REFETCH_WAIT = 500;
export const REFETCH_MAX_WAIT = 1000;

export interface PanelProps {
  /** The date looked at, "YYYY-MM-DD", as it is now. */
  date: string;
  /** The same date once it has stood still (the one the sky's answers are asked for). */
  settled: string;
  /** Whose date it is: the signed-in user's own birth date, or one picked on the by-date page. */
  whose: "mine" | "picked";
  /** The reader's IANA zone: the day a moon phase or a solstice names, and the zone every time is shown in. */
  zone: string;
}

/** The mode buttons and the chosen mode's panel for one date (or none, while the date field is wrong). */
export function Insights({
  date,
  defaultMode,
  whose,
  zone,
}: {
  date: string | null;
  defaultMode: Mode;
  whose: PanelProps["whose"];
  zone: string;
}) {
  const [mode, setMode] = useMode(defaultMode);
  const settled = useDebounced(date, REFETCH_WAIT, REFETCH_MAX_WAIT);
  const Panel = mode === "math" ? MathPanel : mode === "stars" ? StarsPanel : SolarPanel;
  return (
    <>
      <ModeButtons mode={mode} onChoose={setMode} />
      {date !== null && (
        <div className="lupi-panel">
          <Suspense fallback={<Busy />}>
            <Panel date={date} settled={settled ?? date} whose={whose} zone={zone} />
          </Suspense>
        </div>
      )}
    </>
  );
}

/** Math, Stars, Solar: a segmented row of toggle buttons, the current one pressed; arrows move between them. */
function ModeButtons({ mode, onChoose }: { mode: Mode; onChoose: (mode: Mode) => void }) {
  const { t } = useLingui();
  const labels: Record<Mode, string> = { math: t`Math`, stars: t`Stars`, solar: t`Solar` };
  const group = useRef<HTMLFieldSetElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = MODES.indexOf(mode);
    const next = e.key === "ArrowRight" ? (i + 1) % 3 : e.key === "ArrowLeft" ? (i + 2) % 3 : null;
    if (next === null) return;
    e.preventDefault();
    const chosen = MODES[next] ?? mode;
    onChoose(chosen);
    group.current?.querySelector<HTMLElement>(`[data-mode="${chosen}"]`)?.focus();
  };
  return (
    <fieldset ref={group} className="segmented" onKeyDown={onKeyDown}>
      <legend className="visually-hidden">{t`Mode`}</legend>
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          data-mode={m}
          className="segment"
          aria-pressed={m === mode}
          onClick={() => onChoose(m)}
        >
          {labels[m]}
        </button>
      ))}
    </fieldset>
  );
}
