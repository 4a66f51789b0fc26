import type { Route } from "./+types/sitemap[.]xml";
import { listLivePartiesForSitemap } from "~/domain/parties/sitemap.server";
import { listPublicOrganizationSlugs } from "~/domain/organizations/organizations.server";

/** Pages anyone can open (no login, no per-visitor state), most important first. */
export const SITEMAP_PAGES = [
  "/",
  "/como-funciona",
  "/causas",
  "/eventos",
  "/historias",
  "/transparencia",
  "/assine-o-bem",
  "/doar",
  "/faq",
  "/contato",
  "/termos-de-uso",
  "/politica-privacidade",
] as const;

function escapeXml(s: string) {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.PUBLIC_URL;
  const [parties, institutions] = await Promise.all([listLivePartiesForSitemap(), listPublicOrganizationSlugs()]);
  const urls = [
    ...SITEMAP_PAGES.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`),
    // Each institution's page with its public books (decision 190).
    ...institutions.map((o) => `  <url><loc>${escapeXml(`${base}/causas/${o.slug}`)}</loc></url>`),
    ...parties.map(
      (p) =>
        `  <url><loc>${escapeXml(`${base}/festa/${p.shareCode}`)}</loc><lastmod>${new Date(p.updatedAt).toISOString()}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
