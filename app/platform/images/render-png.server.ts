/**
 * Generated images (a party's link preview and stories image, impact certificates): a React element
 * laid out by satori into SVG and rasterised to PNG by resvg, in the site's own font. satori reads
 * TTF/OTF/WOFF (not WOFF2), so the fonts come from @fontsource/nunito's WOFF files (Latin subset:
 * every Portuguese accent), shipped with the app: no system font is needed. Characters outside it
 * (emoji) are dropped by callers before layout.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";

/** The family name elements use in `fontFamily`. */
export const IMAGE_FONT = "Nunito";

type Font = { name: string; data: Buffer; weight: 400 | 700 | 800; style: "normal" };

let fonts: Font[] | undefined;

function loadFonts(): Font[] {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const read = (weight: 400 | 700 | 800): Font => ({
    name: IMAGE_FONT,
    data: fs.readFileSync(require.resolve(`@fontsource/nunito/files/nunito-latin-${weight}-normal.woff`)),
    weight,
    style: "normal",
  });
  fonts = [read(400), read(700), read(800)];
  return fonts;
}

/** The element as a PNG of `width`×`height`. */
export async function renderPng(element: ReactNode, width: number, height: number): Promise<Buffer> {
  const svg = await satori(element, { width, height, fonts: loadFonts() });
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
