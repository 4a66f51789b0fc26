/**
 * Uploaded photos: checked by their content (the first bytes, then sharp reading the header — never
 * the name or the type the browser declared), decoded with a pixel limit (decompression bombs are
 * refused before they are expanded), turned upright (`rotate()` reads the EXIF orientation), cropped
 * to the page's ratio and written as WebP in a few widths. sharp writes no metadata unless asked:
 * the EXIF block, the camera's GPS position included, does not survive. Files go to the one file
 * storage (platform/storage) under content-hashed names, so they can be cached forever.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "~/platform/logger.server";
import { type FileStorage, getStorage } from "~/platform/storage/index.server";
import { sniffFileType } from "~/platform/storage/sniff";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PHOTO_KINDS, PHOTO_MESSAGES } from "./photo-rules";
import { PHOTO_VARIANTS, photoKind, type PhotoKind } from "./photo-urls";

export type ProcessedPhoto = { id: string; files: Array<{ key: string; bytes: Uint8Array }> };
export type PhotoCheck = { ok: true; photo: ProcessedPhoto } | { ok: false; message: string };

const ACCEPTED = new Set<string>(PHOTO_KINDS);

/** The storage key of one width of a photo. */
export function photoStorageKey(id: string, width: number) {
  return `photos/${id}-${width}.webp`;
}

/** Whether the form carried a file at all (an empty file input sends a nameless, empty part). */
export function isFilePart(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && value.size > 0;
}

/** Checks and converts an uploaded photo; nothing is stored yet. */
export async function processPhoto(file: File, kind: PhotoKind): Promise<PhotoCheck> {
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(bytes);
  if (type?.kind === "heic") return { ok: false, message: PHOTO_MESSAGES.heic };
  // SVG, GIF, TIFF, PDF, HTML with an image's name…: refused before any decoder sees them.
  if (!type || !ACCEPTED.has(type.kind)) return { ok: false, message: PHOTO_MESSAGES.wrongType };

  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" as const };
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return { ok: false, message: PHOTO_MESSAGES.wrongType };
    width = meta.width;
    height = meta.height;
  } catch (error) {
    return { ok: false, message: isPixelLimit(error) ? PHOTO_MESSAGES.tooManyPixels : PHOTO_MESSAGES.unreadable };
  }
  if (!width || !height) return { ok: false, message: PHOTO_MESSAGES.unreadable };
  if (width * height > MAX_PHOTO_PIXELS) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels };

  const { ratio, widths } = PHOTO_VARIANTS[kind];
  const id = `${kind}-${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}`;
  try {
    const files = await Promise.all(
      widths.map(async (w) => {
        const out = await sharp(bytes, options)
          .rotate()
          .resize(w, Math.round(w / ratio), { fit: "cover", position: "attention", withoutEnlargement: false })
          .webp({ quality: 80 })
          .toBuffer();
        return { key: photoStorageKey(id, w), bytes: new Uint8Array(out) };
      }),
    );
    return { ok: true, photo: { id, files } };
  } catch (error) {
    return { ok: false, message: isPixelLimit(error) ? PHOTO_MESSAGES.tooManyPixels : PHOTO_MESSAGES.unreadable };
  }
}

const isPixelLimit = (error: unknown) => /pixel limit/i.test(String(error));

/** Writes every width; false (logged) when the storage is unavailable. */
export async function storePhoto(photo: ProcessedPhoto, storage: FileStorage = getStorage()): Promise<boolean> {
  try {
    for (const file of photo.files) await storage.put(file.key, file.bytes, "image/webp");
    return true;
  } catch (error) {
    logger.error({ err: error, photo: photo.id }, "Foto não pôde ser guardada no armazenamento de arquivos");
    return false;
  }
}

/** Removes every width of a photo (an account deleted under LGPD); failures are logged, never thrown. */
export async function deletePhotoFiles(id: string, storage: FileStorage = getStorage()): Promise<void> {
  const kind = photoKind(id);
  if (!kind) return;
  for (const width of PHOTO_VARIANTS[kind].widths) {
    await storage.delete(photoStorageKey(id, width)).catch((error: unknown) => {
      logger.error({ err: error, photo: id }, "Foto não pôde ser apagada do armazenamento de arquivos");
    });
  }
}
