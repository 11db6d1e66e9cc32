import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { downloadPng, drawMirror, drawPictureWithLine } from "./lense-canvas.ts";
import { clampLine, columnAt, middleLine, mirrorPlan, type Side } from "./mirror.ts";
import { decodePicture, pastedPicture, readClipboardPicture } from "./picture-input.ts";
import "./lense.css";

type Problem = "no-image" | "paste-failed" | "decode-failed" | "download-failed";

/** The lens (spec 2 §2 Lense): a picture, a line through it, and one side mirrored onto the other. */
export function LensePage() {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const [picture, setPicture] = useState<ImageBitmap | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [line, setLine] = useState(0);
  const [keep, setKeep] = useState<Side>("left");
  const pictureCanvas = useRef<HTMLCanvasElement>(null);
  const resultCanvas = useRef<HTMLCanvasElement>(null);
  // The newest request wins: a slow decode that finishes after a later one is dropped.
  const latest = useRef(0);
  const shown = useRef<ImageBitmap | null>(null);

  const load = useCallback(async (blob: Blob) => {
    const request = ++latest.current;
    setLoading(true);
    setProblem(null);
    try {
      const bitmap = await decodePicture(blob);
      if (request !== latest.current) {
        bitmap.close();
        return;
      }
      shown.current?.close();
      shown.current = bitmap;
      setPicture(bitmap);
      setLine(middleLine(bitmap.width));
      setKeep("left");
    } catch {
      if (request === latest.current) setProblem("decode-failed");
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, []);

  useEffect(
    () => () => {
      latest.current++;
      shown.current?.close();
      shown.current = null;
    },
    [],
  );

  // Ctrl+V anywhere on the page.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      event.preventDefault();
      const file = pastedPicture(event.clipboardData);
      if (file) void load(file);
      else setProblem("no-image");
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [load]);

  const plan = useMemo(() => (picture ? mirrorPlan(picture.width, line, keep) : null), [picture, line, keep]);

  useEffect(() => {
    if (picture && pictureCanvas.current) drawPictureWithLine(pictureCanvas.current, picture, line, keep);
  }, [picture, line, keep]);
  useEffect(() => {
    if (picture && plan && resultCanvas.current) drawMirror(resultCanvas.current, picture, plan);
  }, [picture, plan]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still loads it.
    event.target.value = "";
    if (file) void load(file);
  };

  const pasteFromClipboard = async () => {
    setProblem(null);
    let blob: Blob | null;
    try {
      blob = await readClipboardPicture();
    } catch {
      setProblem("paste-failed");
      return;
    }
    if (blob) await load(blob);
    else setProblem("no-image");
  };

  const lineFromPointer = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!picture) return;
    const box = event.currentTarget.getBoundingClientRect();
    setLine(columnAt(event.clientX - box.left, box, picture));
  };

  const download = () => {
    const canvas = resultCanvas.current;
    if (!canvas) return;
    setProblem(null);
    downloadPng(canvas, "lense.png").catch(() => setProblem("download-failed"));
  };

  const percent = new Intl.NumberFormat(i18n.locale, { style: "percent", maximumFractionDigits: 0 });
  const where = picture ? percent.format(line / picture.width) : "";

  return (
    <section className="stack lense-page">
      <h1>
        <Trans>lense</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Draw a line through a picture: one side stays, and its mirror image takes the other side. Your picture stays
          in this browser: nothing is sent anywhere.
        </Trans>
      </p>

      <div className="row">
        <label className="button lense-upload">
          <Trans>Upload a picture</Trans>
          <input type="file" accept="image/*" className="visually-hidden" onChange={onFile} />
        </label>
        <button type="button" className="button button-quiet" onClick={pasteFromClipboard}>
          <Trans>Paste</Trans>
        </button>
        <span className="muted">
          <Trans>or press Ctrl+V on this page</Trans>
        </span>
      </div>

      <p className="error-line" role="alert">
        {problem === "no-image" && <Trans>No image found in clipboard</Trans>}
        {problem === "paste-failed" && <Trans>Paste failed. Please use the upload button.</Trans>}
        {problem === "decode-failed" && <Trans>That file could not be read as a picture. Try another one.</Trans>}
        {problem === "download-failed" && <Trans>The PNG could not be made. Please try again.</Trans>}
      </p>

      {loading && (
        <p role="status">
          <Trans>Reading the picture…</Trans>
        </p>
      )}

      {!picture && !loading && (
        <p className="lense-empty">
          <Trans>No picture yet. Upload one or paste it to begin.</Trans>
        </p>
      )}

      {picture && (
        <>
          <div className="lense-controls">
            <label className="field lense-line">
              <span className="field-label">
                <Trans>Line position</Trans>
              </span>
              <input
                type="range"
                min={1}
                max={Math.max(1, picture.width - 1)}
                step={1}
                value={line}
                disabled={picture.width < 2}
                aria-valuetext={t`${where} from the left`}
                aria-describedby={hintId}
                onChange={(event) => setLine(clampLine(Number(event.target.value), picture.width))}
              />
            </label>
            <div className="row">
              <button
                type="button"
                className="button button-quiet"
                onClick={() => setKeep(keep === "left" ? "right" : "left")}
              >
                <Trans>Flip direction</Trans>
              </button>
              <span aria-live="polite">
                {keep === "left" ? <Trans>Keeping the left side</Trans> : <Trans>Keeping the right side</Trans>}
              </span>
            </div>
            <div className="row">
              <button type="button" className="button" onClick={download}>
                <Trans>Download PNG</Trans>
              </button>
            </div>
          </div>
          <p id={hintId} className="muted">
            <Trans>
              Drag the line on your picture, or use the slider: the arrow keys move it a pixel at a time, Page Up and
              Page Down further.
            </Trans>
          </p>
          <div className="lense-panels">
            <figure className="lense-panel">
              <figcaption>
                <Trans>Your picture</Trans>
              </figcaption>
              <canvas
                ref={pictureCanvas}
                className="lense-canvas lense-canvas-picture"
                role="img"
                aria-label={t`Your picture with the mirror line`}
                onPointerDown={(event) => {
                  event.currentTarget.setPointerCapture(event.pointerId);
                  lineFromPointer(event);
                }}
                onPointerMove={(event) => {
                  if (event.currentTarget.hasPointerCapture(event.pointerId)) lineFromPointer(event);
                }}
              />
            </figure>
            <figure className="lense-panel">
              <figcaption>
                <Trans>Mirrored</Trans>
              </figcaption>
              <canvas
                ref={resultCanvas}
                className="lense-canvas"
                role="img"
                aria-label={t`The mirrored picture`}
                data-testid="lense-result"
              />
            </figure>
          </div>
        </>
      )}
    </section>
  );
}
