/** Drawing the lens: the picture with its line, and the mirrored result (see mirror.ts). */
import type { MirrorPlan, Side } from "./mirror.ts";

/** The picture, the side to be replaced dimmed, and the line with a caret at each end. */
export function drawPictureWithLine(canvas: HTMLCanvasElement, picture: ImageBitmap, line: number, keep: Side) {
  const pen = canvas.getContext("2d");
  if (!pen) return;
  const { width, height } = picture;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  pen.clearRect(0, 0, width, height);
  pen.drawImage(picture, 0, 0);
  pen.fillStyle = "rgb(0 0 0 / 0.45)";
  if (keep === "left") pen.fillRect(line, 0, width - line, height);
  else pen.fillRect(0, 0, line, height);

  // Light with a dark edge, so the line shows on any picture; sized to be seen when the picture is shown small.
  const thick = Math.max(2, Math.round(Math.max(width, height) / 250));
  const caret = thick * 5;
  pen.fillStyle = "rgb(0 0 0 / 0.8)";
  pen.fillRect(line - thick / 2 - 1, 0, thick + 2, height);
  pen.fillStyle = "#fff";
  pen.fillRect(line - thick / 2, 0, thick, height);
  pen.strokeStyle = "rgb(0 0 0 / 0.8)";
  pen.lineWidth = Math.max(1, thick / 2);
  for (const [tip, base] of [
    [caret, 0],
    [height - caret, height],
  ] as const) {
    pen.beginPath();
    pen.moveTo(line, tip);
    pen.lineTo(line - caret, base);
    pen.lineTo(line + caret, base);
    pen.closePath();
    pen.fill();
    pen.stroke();
  }
}

/** The result: each strip of the plan copied pixel for pixel, the flipped one mirrored. */
export function drawMirror(canvas: HTMLCanvasElement, picture: ImageBitmap, plan: MirrorPlan) {
  const pen = canvas.getContext("2d");
  if (!pen) return;
  const height = picture.height;
  canvas.width = plan.width;
  canvas.height = height;
  pen.imageSmoothingEnabled = false;
  for (const { from, to, at, flipped } of plan.strips) {
    const width = to - from;
    if (width <= 0) continue;
    if (!flipped) {
      pen.drawImage(picture, from, 0, width, height, at, 0, width, height);
      continue;
    }
    pen.save();
    pen.translate(at + width, 0);
    pen.scale(-1, 1);
    pen.drawImage(picture, from, 0, width, height, 0, 0, width, height);
    pen.restore();
  }
}

/** Saves the canvas as a PNG: a download through a short-lived object URL (a link's target, not an image source). */
export function downloadPng(canvas: HTMLCanvasElement, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        reject(new Error("The canvas gave no PNG"));
        return;
      }
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      link.click();
      // The download holds its own reference once started; a little later the URL can go.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    }, "image/png");
  });
}
