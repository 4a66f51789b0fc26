import { data } from "react-router";
import type { Route } from "./+types/painel.festa.$id.convidados[.]csv";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { listGuestContacts } from "~/domain/parties/party-guests.server";
import { centsForCsv, toCsv } from "~/platform/csv";
import { formatDateTime, todayInSaoPaulo } from "~/platform/dates";

const HEADER = ["Nome", "E-mail", "Data da doação", "Valor (R$)"];

/**
 * "Convidados que aceitaram contato": the paid gifts whose donor ticked "Quero receber notícias
 * desta festa" under the text that says the host gets name and e-mail (decision 212). Exactly
 * what that text promised: name, e-mail, date and amount. The party's creator only, not its
 * co-hosts (decision 217; others: the 404 of a party that does not exist; a visitor signs in first).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, party } = await requireOwnParty(request, params.id);
  if (party.role !== "owner") throw data("Festa não encontrada.", { status: 404 });
  const rows = await listGuestContacts(user.id, party.id);
  const body = toCsv(
    HEADER,
    rows.map((r) => [r.name, r.email, formatDateTime(r.paidAt), centsForCsv(r.amountCents)]),
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="convidados-${party.shareCode}-${todayInSaoPaulo(context.clock.now())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
