const SITE = "Festa Solidária";

/** Title, description and their Open Graph twins, so shared links preview well on WhatsApp. */
export function pageMeta({ title, description, noindex }: { title: string; description: string; noindex?: boolean }) {
  const full = `${title} — ${SITE}`;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: "website" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
