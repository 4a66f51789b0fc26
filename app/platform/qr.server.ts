import QRCode from "qrcode";

// Share links never change once a party exists: keep the rendered codes (bounded, oldest out).
const cache = new Map<string, string>();
const CACHE_SIZE = 500;

/** A QR code of `text` as an SVG data URL, rendered on the server so the page needs no script for it. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) return hit;
  const svg = await QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
    color: { dark: "#242766", light: "#ffffff" },
  });
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, url);
  return url;
}

/** A QR code of `text` as a PNG (for download and print): dark on white, with a quiet zone. */
export async function qrCodePng(text: string, width = 1024): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width, color: { dark: "#242766", light: "#ffffff" } });
}
