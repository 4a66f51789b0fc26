import type { MetaDescriptor } from "react-router";
import { pageMeta } from "./meta";

type MatchLike = { id: string; data?: unknown } | undefined;
type MetaArgsLike = { matches: ReadonlyArray<MatchLike>; location: { pathname: string } };

/** A shared-link preview image (raster: WhatsApp and Facebook do not render SVG previews). */
export const DEFAULT_OG_IMAGE = "/images/og-festa-solidaria.jpg";

/** PUBLIC_URL as the root loader exposes it; empty while the root data is missing (error pages). */
function publicUrlFromMatches(matches: ReadonlyArray<MatchLike>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { config?: { publicUrl?: string } } | undefined;
  return root?.config?.publicUrl ?? "";
}

/**
 * Title, description, canonical URL (PUBLIC_URL + path, query dropped so filtered views do not
 * compete with the page) and Open Graph / Twitter tags for a public page.
 */
export function seoMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; path?: string; image?: string; imageAlt?: string; noindex?: boolean },
): MetaDescriptor[] {
  const base = publicUrlFromMatches(args.matches);
  const url = `${base}${page.path ?? args.location.pathname}`;
  const image = absolute(base, page.image ?? DEFAULT_OG_IMAGE);
  return [
    ...pageMeta(page),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: page.imageAlt ?? "Festa Solidária: transforme sua festa em solidariedade" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${page.title} — Festa Solidária` },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}

function absolute(base: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
}
