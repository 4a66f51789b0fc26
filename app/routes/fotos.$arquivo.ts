import type { Route } from "./+types/fotos.$arquivo";
import { PHOTO_FILE } from "~/platform/images/photo-urls";
import { getStorage } from "~/platform/storage/index.server";

/**
 * Uploaded photos (party covers, profile photos) as WebP. Their names carry the hash of their
 * content, so an answer never changes: cached for a year by browsers and CDNs (immutable).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = PHOTO_FILE.exec(params.arquivo ?? "");
  const notFound = () => new Response("Foto não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!match) return notFound();
  const file = await getStorage().get(`photos/${params.arquivo}`);
  if (!file) return notFound();
  return new Response(file.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
