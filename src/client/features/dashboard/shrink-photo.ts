import { PHOTO_MAX_LONG_SIDE } from "#shared/proof/rules.ts";

/**
 * A phone photo is made smaller in the browser before it is sent (issue 35 row 15, decision 0126): the server keeps
 * at most PHOTO_MAX_LONG_SIDE pixels anyway, so a 12 MB photo from a 48 MP camera need not be refused, nor sent whole
 * over a phone's connection.
 */

/**
 * Above this a photo is shrunk even though the server would take it: 1600 px hold well under it, so the bytes above it
 * are pixels the server drops, sent over a phone's connection. Below it the original goes as it is (one encoding less).
 */
const SHRINK_ABOVE_BYTES = 2 * 1024 * 1024;
/** High, because the server encodes it once more (WebP 80): a 1600 px JPEG at 0.88 is some 0.3–1.5 MB. */
const JPEG_QUALITY = 0.88;

const photoName = /\.(jpe?g|png|webp|hei[cf])$/i;

/** Whether a chosen file is a photo worth shrinking. By its name too: some Android pickers give no type. */
export function shouldShrink(file: File): boolean {
  const photo = file.type.startsWith("image/") || photoName.test(file.name);
  return photo && file.size > SHRINK_ABOVE_BYTES;
}

/** The size the server would store: the long side at most PHOTO_MAX_LONG_SIDE, rounded as sharp rounds it. */
export function shrunkSize(width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo decoded, turned upright by its EXIF orientation, scaled down and encoded as a JPEG; null when this browser
 * cannot decode it (HEIC outside Safari), so the caller sends the original or says it is too large. Decoding
 * (createImageBitmap) and encoding (convertToBlob / toBlob) run off the main thread; only the scaling draw runs on it.
 * JPEG, not WebP: Safari's canvas cannot encode WebP and silently hands back a PNG several times larger.
 */
export async function shrinkPhoto(file: File): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const { width, height } = shrunkSize(bitmap.width, bitmap.height);
    const offscreen = typeof OffscreenCanvas === "function";
    const canvas = offscreen
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement("canvas"), { width, height });
    const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return null;
    // JPEG has no transparency: a transparent PNG's clear pixels would otherwise turn black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const blob =
      canvas instanceof HTMLCanvasElement
        ? await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY))
        : await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
    if (!blob) return null;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" });
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
