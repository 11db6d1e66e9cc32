import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ChaosGame, type Inks, type Step } from "./chaos-canvas.ts";
import {
  ADD_COUNTS,
  CANVAS_SIZE,
  nearestVertex,
  randomPointInside,
  toCanvasPoint,
  type VertexIndex,
} from "./chaos-game.ts";
import "./sierpinski.css";

type Refusal = "outside" | "far";

/** The legend's swatches carry the theme's colours; the canvas draws in what they resolve to. */
function readInks(legend: HTMLElement): Inks {
  const ink = (name: keyof Inks) => {
    const swatch = legend.querySelector(`[data-ink="${name}"]`);
    return swatch ? getComputedStyle(swatch).color : "currentColor";
  };
  return { outline: ink("outline"), vertex: ink("vertex"), start: ink("start"), point: ink("point") };
}

/** At most twice the CSS pixels, for a crisp picture on dense screens. */
const pixelScale = () => Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);

/** The chaos game (spec 2 §2 Sierpinski): a point, a vertex, then points by the batch. */
export function SierpinskiPage() {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const legendRef = useRef<HTMLUListElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const gameRef = useRef<ChaosGame | null>(null);
  const [step, setStep] = useState<Step>(0);
  const [count, setCount] = useState(0);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const sync = useCallback((game: ChaosGame) => {
    setStep(game.step);
    setCount(game.count);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const legend = legendRef.current;
    const pen = canvas?.getContext("2d");
    if (!canvas || !legend || !pen) return;
    const scale = pixelScale();
    canvas.width = Math.round(CANVAS_SIZE * scale);
    canvas.height = Math.round(CANVAS_SIZE * scale);
    pen.setTransform(scale, 0, 0, scale, 0, 0);
    const game = new ChaosGame(pen, readInks(legend));
    gameRef.current = game;
    sync(game);
    setRefusal(null);
    // The theme (and the accent) live on <html>: when they change, everything again in the new colours.
    const observer = new MutationObserver(() => game.setInks(readInks(legend)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "style", "class"] });
    return () => {
      observer.disconnect();
      gameRef.current = null;
    };
  }, [sync]);

  const act = (action: (game: ChaosGame) => void, fromButton: boolean) => {
    const game = gameRef.current;
    if (!game) return;
    action(game);
    flushSync(() => sync(game));
    // A button that moved the game on is gone with its step: its focus goes to the next step's first button.
    const controls = controlsRef.current;
    if (fromButton && controls && !controls.contains(document.activeElement)) controls.querySelector("button")?.focus();
  };

  const onCanvasClick = (event: MouseEvent<HTMLCanvasElement>) =>
    act((game) => {
      const point = toCanvasPoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect());
      if (game.step === 0) setRefusal(game.pickStart(point) ? null : "outside");
      else if (game.step === 1) {
        const vertex = nearestVertex(point, game.triangle);
        if (vertex === null) setRefusal("far");
        else {
          game.chooseVertex(vertex);
          setRefusal(null);
        }
      }
    }, false);

  const pickRandom = () =>
    act((game) => {
      game.pickStart(randomPointInside(game.triangle));
      setRefusal(null);
    }, true);
  const choose = (vertex: VertexIndex) =>
    act((game) => {
      game.chooseVertex(vertex);
      setRefusal(null);
    }, true);
  const add = (n: number) => act((game) => game.add(n), true);
  const startOver = () =>
    act((game) => {
      game.startOver();
      setRefusal(null);
    }, true);

  const steps = [t`Step 0: pick a point inside the triangle`, t`Step 1: choose a vertex`, t`Step 2: add points`];
  const vertices: [VertexIndex, string][] = [
    [0, t`Top`],
    [1, t`Bottom left`],
    [2, t`Bottom right`],
  ];

  return (
    <section className="stack sierpinski-page">
      <h1>
        <Trans>sierpinski</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Pick a point, then keep jumping halfway towards a vertex picked at random: a pattern of triangles appears.
        </Trans>
      </p>
      <div className="sierpinski-layout">
        <ol className="sierpinski-steps">
          {steps.map((text, i) => (
            <li
              key={text}
              aria-current={i === step ? "step" : undefined}
              className={i < step ? "sierpinski-step-done" : undefined}
            >
              {text}
            </li>
          ))}
        </ol>
        <canvas
          ref={canvasRef}
          width={CANVAS_SIZE}
          height={CANVAS_SIZE}
          className={`sierpinski-canvas sierpinski-canvas-step-${step}`}
          role="img"
          aria-label={t`The triangle and the points drawn in it`}
          onClick={onCanvasClick}
        />
        <div className="stack sierpinski-side">
          <div ref={controlsRef} className="stack">
            {step === 0 && (
              <>
                <p>
                  <Trans>Click or tap inside the triangle, or let the button pick a point for you.</Trans>
                </p>
                <div className="row">
                  <button type="button" className="button" onClick={pickRandom}>
                    <Trans>Pick a random point</Trans>
                  </button>
                </div>
              </>
            )}
            {step === 1 && (
              <>
                <p>
                  <Trans>
                    Click near one of the three vertices, or choose one with a button. The first point is drawn halfway
                    between your point and that vertex.
                  </Trans>
                </p>
                <fieldset className="row sierpinski-buttons">
                  <legend className="visually-hidden">
                    <Trans>Vertices</Trans>
                  </legend>
                  {vertices.map(([vertex, name]) => (
                    <button key={vertex} type="button" className="button" onClick={() => choose(vertex)}>
                      {name}
                    </button>
                  ))}
                </fieldset>
              </>
            )}
            {step === 2 && (
              <>
                <p>
                  <Trans>Each new point lands halfway between the last point and a vertex picked at random.</Trans>
                </p>
                <fieldset className="row sierpinski-buttons">
                  <legend className="visually-hidden">
                    <Trans>Add points</Trans>
                  </legend>
                  {ADD_COUNTS.map((n) => (
                    <button key={n} type="button" className="button" onClick={() => add(n)}>
                      <Trans>Add {n}</Trans>
                    </button>
                  ))}
                </fieldset>
              </>
            )}
          </div>
          <p className="error-line" role="alert">
            {refusal === "outside" && <Trans>That point is outside the triangle. Pick a point inside it.</Trans>}
            {refusal === "far" && <Trans>That is not near a vertex. Click closer to one, or use a button.</Trans>}
          </p>
          <p role="status" className="sierpinski-count">
            {plural(count, { one: "# point drawn", other: "# points drawn" })}
          </p>
          {step > 0 && (
            <div className="row">
              <button type="button" className="button button-quiet" onClick={startOver}>
                <Trans>Start over</Trans>
              </button>
            </div>
          )}
          <ul ref={legendRef} className="sierpinski-legend">
            <li>
              <span className="sierpinski-ink" data-ink="vertex" aria-hidden="true" />
              <Trans>Vertices</Trans>
            </li>
            <li>
              <span className="sierpinski-ink" data-ink="start" aria-hidden="true" />
              <Trans>Your starting point</Trans>
            </li>
            <li>
              <span className="sierpinski-ink" data-ink="point" aria-hidden="true" />
              <Trans>Points</Trans>
            </li>
            <li className="sierpinski-legend-outline">
              <span className="sierpinski-ink" data-ink="outline" aria-hidden="true" />
              <Trans>The triangle</Trans>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
