/**
 * Festas → "Patrocínios a receber" (decision 220): ended pledges whose sponsor still owes part of
 * what the gifts claimed — promised, paid (the ledger), due, deadline — and "Reenviar cobrança".
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/platform/money";
import { formatDate } from "~/platform/dates";
import { IntentInput, ResultNotice, ScrollTable, tdClass, thClass } from "./common";
import { type PledgeRow, STATUS_LABEL } from "./match-pledges";

export function UnpaidPledges({ pledges }: { pledges: PledgeRow[] }) {
  const total = pledges.reduce((sum, p) => sum + p.dueCents, 0);
  return (
    <section aria-labelledby="patrocinios-a-receber" className="space-y-3" data-testid="patrocinios-a-receber">
      <h2 id="patrocinios-a-receber" className="text-xl">
        Patrocínios a receber
      </h2>
      <ResultNotice intents={["resendPledgePayment"]} />
      {pledges.length === 0 ? (
        <p className="text-sm text-muted">Nenhum patrocínio a receber: todo valor prometido por patrocínios encerrados foi pago.</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {formatCents(total)} prometidos por patrocinadores ainda não pagos: não estão na arrecadação das festas.
          </p>
          <ScrollTable label="Patrocínios a receber" minWidth={900}>
            <thead>
              <tr>
                <th className={thClass}>Patrocinador</th>
                <th className={thClass}>Festa</th>
                <th className={`${thClass} text-right`}>Prometido</th>
                <th className={`${thClass} text-right`}>Pago</th>
                <th className={`${thClass} text-right`}>A receber</th>
                <th className={thClass}>Prazo</th>
                <th className={thClass}>Cobrança</th>
              </tr>
            </thead>
            <tbody>
              {pledges.map((p) => (
                <tr key={p.id}>
                  <td className={tdClass}>
                    {p.sponsorName}
                    <p className="text-xs text-muted">{STATUS_LABEL[p.status]}</p>
                  </td>
                  <td className={tdClass}>
                    {p.partyName}
                    <p className="text-xs text-muted">código {p.partyCode}</p>
                  </td>
                  <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(p.matchedCents)}</td>
                  <td className={`${tdClass} text-right whitespace-nowrap`}>{formatCents(p.paidCents)}</td>
                  <td className={`${tdClass} text-right font-bold whitespace-nowrap`}>{formatCents(p.dueCents)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(p.deadline)}</td>
                  <td className={tdClass}>
                    {p.hasEmail ? (
                      <Form method="post">
                        <IntentInput intent="resendPledgePayment" />
                        <input type="hidden" name="pledgeId" value={p.id} />
                        <Button type="submit" size="sm" variant="secondary" aria-label={`Reenviar cobrança a ${p.sponsorName}`}>
                          Reenviar cobrança
                        </Button>
                      </Form>
                    ) : (
                      <p className="text-xs text-muted">sem e-mail do patrocinador</p>
                    )}
                    {p.paymentRequestedAt ? <p className="mt-1 text-xs text-muted">enviada em {formatDate(p.paymentRequestedAt)}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </section>
  );
}
