import { getConfig } from "~/config.server";

export function loader() {
  const { PUBLIC_URL } = getConfig();
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /painel", "Disallow: /dev/", "Disallow: /sandbox/", `Sitemap: ${PUBLIC_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
