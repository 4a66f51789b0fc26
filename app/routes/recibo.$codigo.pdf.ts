import { findReceiptByCode } from "~/domain/receipts/receipts.server";
import { renderReceiptPdf } from "~/domain/receipts/receipt-pdf.server";
import { formatReceiptNumber, isReceiptCode } from "~/domain/receipts";
import type { Route } from "./+types/recibo.$codigo.pdf";

/**
 * GET /recibo/{código}/pdf: the receipt as PDF. The unguessable code is the key, as for the
 * verification page: whoever was given the receipt (the donor, by e-mail or the result page) can
 * download it again; nobody can list or guess one. It carries the donor's name, never the e-mail.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const receipt = isReceiptCode(params.codigo) ? await findReceiptByCode(params.codigo) : null;
  if (!receipt) {
    return new Response("Recibo não encontrado: confira se o endereço foi copiado inteiro.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await renderReceiptPdf(receipt, {
    publicUrl: context.config.PUBLIC_URL,
    generatedAt: context.clock.now(),
    operator: context.config.operator,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="recibo-festa-solidaria-${formatReceiptNumber(receipt.number, receipt.kind)}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
