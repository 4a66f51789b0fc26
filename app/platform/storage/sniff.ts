/**
 * What a file really is, by its first bytes: never by its name or the type the browser declared
 * (both are the sender's to choose). Hand-written for the five kinds we take or name: the
 * `file-type` package needs Node 22 and a tokenizer stack for the same twenty lines.
 */

export type FileKind = "pdf" | "jpeg" | "png" | "webp" | "heic";

export type SniffedType = { kind: FileKind; mime: string; ext: string };

const TYPES: Record<FileKind, SniffedType> = {
  pdf: { kind: "pdf", mime: "application/pdf", ext: "pdf" },
  jpeg: { kind: "jpeg", mime: "image/jpeg", ext: "jpg" },
  png: { kind: "png", mime: "image/png", ext: "png" },
  webp: { kind: "webp", mime: "image/webp", ext: "webp" },
  heic: { kind: "heic", mime: "image/heic", ext: "heic" },
};

// HEIF family major brands (ISO/IEC 23008-12); AVIF ("avif") is not among them.
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  return bytes.length >= to ? String.fromCharCode(...bytes.subarray(from, to)) : "";
}

/** The file's kind from its first bytes (16 are enough), or null for anything else. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (ascii(bytes, 0, 5) === "%PDF-") return TYPES.pdf;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return TYPES.webp;
  if (ascii(bytes, 4, 8) === "ftyp" && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return TYPES.heic;
  return null;
}
