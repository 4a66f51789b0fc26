import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/patrocinio.pagar";
import { InstitutionBox } from "~/components/causes/institution";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { readPledgeBill, verifyPledgePaymentToken } from "~/domain/matching/index.server";
import { settlementFormSchema } from "~/domain/matching/settlement-form";
import { startPledgeSettlement } from "~/domain/donations/pledge-settlement.server";
import { readFormData } from "~/platform/http/form-data.server";
import { linkToken } from "~/platform/http/link-token.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { formatCents } from "~/platform/money";
import { formatDate } from "~/platform/dates";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Pagar o patrocínio", description: "Pague o valor prometido pelo seu patrocínio em dobro.", noindex: true });

const LINK_PROBLEM = {
  invalid: "Este link de pagamento não é válido. Use o link mais recente que enviamos por e-mail.",
  expired: "Este link de pagamento expirou. Fale com a nossa equipe para receber um novo.",
} as const;

/** The sponsor's signed link (decision 220; `?t=` traded for a cookie, decision 195): what is due, computed here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request, "t");
  const link = verifyPledgePaymentToken(token, context.clock.now());
  if (!link.ok) return data({ problem: LINK_PROBLEM[link.error], bill: null, token: "", pix: false }, { status: 400 });
  const bill = await readPledgeBill(link.pledgeId);
  if (!bill) return data({ problem: LINK_PROBLEM.invalid, bill: null, token: "", pix: false }, { status: 404 });
  const { sponsorEmail: _email, partyId: _party, ...shown } = bill;
  return { problem: null, bill: shown, token: token!, pix: context.payments.pix !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readFormData(request), settlementFormSchema);
  if (submission.status !== "success") return data({ message: "Escolha Pix ou cartão." }, { status: 400 });
  const link = verifyPledgePaymentToken(submission.value.t, context.clock.now());
  if (!link.ok) return data({ message: LINK_PROBLEM[link.error] }, { status: 400 });
  const { config, clock, payments } = context;
  const outcome = await startPledgeSettlement(link.pledgeId, submission.value.metodo, {
    provider: payments.checkout,
    pixProvider: payments.pix,
    config,
    clock,
  });
  if (outcome.ok) return redirect(outcome.url);
  return data({ message: outcome.message }, { status: 409 });
}

export default function PledgePaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bill, problem, token, pix } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Patrocínio em dobro"
        title="Pagar o patrocínio"
        description={bill ? <>Obrigado por dobrar as doações da festa {bill.partyName}!</> : undefined}
      />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-16">
        {problem ? (
          <Alert tone="danger" title="Não foi possível abrir o pagamento">
            <p>{problem}</p>
          </Alert>
        ) : null}
        {bill ? (
          <>
            <section className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft" aria-labelledby="conta">
              <h2 id="conta" className="text-xl">
                {bill.sponsorName}
              </h2>
              <p className="mt-1 text-sm text-muted">
                Festa{" "}
                <Link to={`/festa/${bill.partyCode}`} className="font-bold text-indigo-700 underline underline-offset-2">
                  {bill.partyName}
                </Link>{" "}
                · patrocínio até {formatDate(bill.deadline)}
              </p>
              <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-2 [&_dd]:pl-4">
                <dt>Prometido pelas doações</dt>
                <dd className="text-right font-bold">{formatCents(bill.matchedCents)}</dd>
                <dt>Já pago</dt>
                <dd className="text-right font-bold">{formatCents(bill.paidCents)}</dd>
                <dt className="border-t border-coral-100 pt-2 text-lg font-extrabold text-indigo-800">A pagar</dt>
                <dd className="border-t border-coral-100 pt-2 text-right text-lg font-extrabold text-indigo-800" data-testid="a-pagar">
                  {formatCents(bill.dueCents)}
                </dd>
              </dl>
              <p className="mt-4 text-sm text-muted">
                O valor entra na arrecadação da festa e vai para a instituição como qualquer doação, com recibo. Até ser pago, a página da
                festa o mostra como prometido.
              </p>
            </section>
            {bill.institution ? <InstitutionBox institution={bill.institution} label="Quem recebe o pagamento" /> : null}
            <PaySection bill={bill} token={token} pix={pix} message={actionData?.message ?? null} />
          </>
        ) : null}
      </div>
    </>
  );
}

type ShownBill = NonNullable<Route.ComponentProps["loaderData"]["bill"]>;

function PaySection({ bill, token, pix, message }: { bill: ShownBill; token: string; pix: boolean; message: string | null }) {
  if (!bill.ended) {
    return (
      <Alert tone="info" title="O patrocínio ainda está ativo">
        <p>O valor a pagar só fica definido quando o patrocínio terminar. Avisaremos por e-mail.</p>
      </Alert>
    );
  }
  if (bill.dueCents === 0 && !bill.open) {
    return (
      <Alert tone="success" title="Patrocínio pago">
        <p>O valor prometido já entrou na arrecadação da festa. Obrigado!</p>
      </Alert>
    );
  }
  const amount = formatCents(bill.open?.amountCents ?? bill.dueCents);
  const openMethod = bill.open?.paymentMethod ?? null;
  return (
    <section className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft" aria-labelledby="pagar">
      <h2 id="pagar" className="text-xl">
        Como pagar {amount}
      </h2>
      {openMethod ? (
        <p className="mt-2 text-sm text-muted">
          Você já começou um pagamento por {openMethod === "pix" ? "Pix" : "cartão"}: continue por ele (o mesmo pagamento, sem cobrança em
          dobro).
        </p>
      ) : null}
      {message ? (
        <Alert tone="danger" title="Não foi possível iniciar o pagamento" className="mt-4">
          <p>{message}</p>
        </Alert>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="t" value={token} />
        {pix && openMethod !== "card" ? (
          <Button type="submit" name="metodo" value="pix" size="lg">
            Pagar {amount} com Pix
          </Button>
        ) : null}
        {openMethod !== "pix" ? (
          <Button type="submit" name="metodo" value="card" size="lg" variant={pix && openMethod === null ? "secondary" : "primary"}>
            Pagar {amount} com cartão
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
