/**
 * Generated images (a party's link preview, its stories image): a React element laid out by satori
 * into SVG and rasterised to PNG by resvg. satori needs TTF/OTF/WOFF font data; the installed
 * Nunito ships only as WOFF2, which it cannot read, so a sans-serif TrueType font of the system is
 * used (Liberation Sans or DejaVu Sans; PREVIEW_FONT_DIR may name another folder). Without one,
 * rendering returns null and callers fall back to the product's static image.
 */
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";
import { logger } from "~/platform/logger.server";

type Font = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };

const CANDIDATES: Array<[regular: string, bold: string]> = [
  ["liberation/LiberationSans-Regular.ttf", "liberation/LiberationSans-Bold.ttf"],
  ["dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf"],
];
const DIRS = [process.env.PREVIEW_FONT_DIR, "/usr/share/fonts/truetype", "/usr/share/fonts"].filter(Boolean) as string[];

let fonts: Font[] | null | undefined;

function loadFonts(): Font[] | null {
  if (fonts !== undefined) return fonts;
  for (const dir of DIRS) {
    for (const [regular, bold] of CANDIDATES) {
      const r = path.join(dir, regular);
      const b = path.join(dir, bold);
      if (fs.existsSync(r) && fs.existsSync(b)) {
        fonts = [
          { name: "Sans", data: fs.readFileSync(r), weight: 400, style: "normal" },
          { name: "Sans", data: fs.readFileSync(b), weight: 700, style: "normal" },
        ];
        return fonts;
      }
    }
  }
  logger.warn("Nenhuma fonte TrueType encontrada para gerar imagens; usando a imagem padrão");
  fonts = null;
  return fonts;
}

/** The element as a PNG of `width`×`height`, or null when no font is available. */
export async function renderPng(element: ReactNode, width: number, height: number): Promise<Buffer | null> {
  const available = loadFonts();
  if (!available) return null;
  const svg = await satori(element, { width, height, fonts: available });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().asPng());
}

/** A small LRU of rendered images with their ETags (bounded; the oldest goes first). */
export function createImageCache(max = 200) {
  const entries = new Map<string, { png: Buffer; etag: string }>();
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: { png: Buffer; etag: string }) {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}
