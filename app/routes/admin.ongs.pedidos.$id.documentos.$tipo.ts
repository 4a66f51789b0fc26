import type { Route } from "./+types/admin.ongs.pedidos.$id.documentos.$tipo";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { APPLICATION_DOCUMENT_KINDS, type ApplicationDocumentKind } from "~/domain/organizations/application";
import { findApplicationDocument } from "~/domain/organizations/application-review.server";
import { getStorage } from "~/platform/storage/index.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An application's document (estatuto, ata, cartão CNPJ, comprovante Pix): admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const notFound = () =>
    new Response("Documento não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const kind = params.tipo as ApplicationDocumentKind;
  if (!UUID.test(params.id) || !APPLICATION_DOCUMENT_KINDS.includes(kind)) return notFound();
  const row = await findApplicationDocument(params.id, kind);
  if (!row) return notFound();
  const file = await getStorage().get(row.storageKey);
  if (!file) return notFound();
  return new Response(file.body, {
    headers: {
      // The type was established from the file's bytes at upload; nosniff and the sandbox keep a
      // browser from reading it as anything else.
      "Content-Type": row.contentType,
      "Content-Disposition": `inline; filename="${row.fileName}"`,
      "Content-Length": String(file.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
