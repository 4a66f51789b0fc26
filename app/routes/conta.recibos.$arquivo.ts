import { requireUser } from "~/domain/accounts/guards.server";
import { findAccountProfile } from "~/domain/accounts/account.server";
import { listReceiptsOfYear } from "~/domain/receipts/receipts.server";
import { renderYearlyStatementPdf } from "~/domain/receipts/receipt-pdf.server";
import { parseStatementYear } from "~/domain/receipts";
import type { Route } from "./+types/conta.recibos.$arquivo";

/** GET /conta/recibos/2025.pdf: every receipt of the signed-in donor paid in that year, one PDF (only their own). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const now = context.clock.now();
  const year = parseStatementYear(params.arquivo, now);
  const profile = year === null ? null : await findAccountProfile(session.id);
  if (year === null || !profile) {
    return new Response("Extrato não encontrado: use um ano no formato AAAA.pdf, de 2020 até o ano atual.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const receipts = await listReceiptsOfYear({ userId: profile.id, email: profile.email, emailVerified: profile.emailVerified }, year);
  const pdf = await renderYearlyStatementPdf(
    { year, donorName: profile.name, receipts },
    { publicUrl: context.config.PUBLIC_URL, generatedAt: now, operator: context.config.operator },
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="recibos-festa-solidaria-${year}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
