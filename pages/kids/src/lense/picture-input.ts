/**
 * Getting a picture into the lens, all in the browser: a file, the clipboard
 * (the Paste button) or a paste event (Ctrl+V). Decoded with createImageBitmap
 * straight onto canvases: no blob: or object URLs as image sources (the
 * policy's img-src is 'self' and data: only).
 */
import { fitWithin, imageType, MAX_SIDE } from "./mirror.ts";

/** Decodes a picture, scaled down to at most `max` pixels a side; rejects when it is not a picture. */
export async function decodePicture(blob: Blob, max = MAX_SIDE): Promise<ImageBitmap> {
  const bitmap = await createImageBitmap(blob);
  const size = fitWithin(bitmap.width, bitmap.height, max);
  if (size.width === bitmap.width && size.height === bitmap.height) return bitmap;
  try {
    return await createImageBitmap(bitmap, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: "high",
    });
  } finally {
    bitmap.close();
  }
}

/** The picture on the clipboard, or null when there is none; rejects when the clipboard cannot be read. */
export async function readClipboardPicture(): Promise<Blob | null> {
  if (typeof navigator.clipboard?.read !== "function") throw new Error("This browser cannot read the clipboard");
  for (const item of await navigator.clipboard.read()) {
    const type = imageType(item.types);
    if (type) return item.getType(type);
  }
  return null;
}

/** The picture in a paste event's data, or null. */
export function pastedPicture(data: DataTransfer | null): File | null {
  for (const item of data?.items ?? []) {
    if (item.kind === "file" && item.type.startsWith("image/")) return item.getAsFile();
  }
  return null;
}
