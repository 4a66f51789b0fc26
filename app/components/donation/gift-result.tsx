import { CircleAlert, CircleCheck, Download, Info, LayoutDashboard, Loader2, Mail, Receipt, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { ResultLinks, ResultPage } from "~/components/static-pages/result-page";
import { buttonVariants } from "~/components/ui/button";
import type { InstitutionSummary } from "~/domain/organizations";
import { type MonthlyNudge, MonthlyNudgeCard } from "~/components/subscriptions/monthly-nudge-card";

type GiftBase = { amount: string; institution: InstitutionSummary | null; party: { name: string; code: string } | null };

function Card({ children, live }: { children: React.ReactNode; live?: boolean }) {
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      <div
        className="mx-auto max-w-2xl rounded-3xl border border-coral-100 bg-white px-5 py-10 text-center shadow-soft sm:p-12"
        {...(live ? { role: "status", "aria-live": "polite" as const } : {})}
      >
        {children}
      </div>
    </section>
  );
}

function Destination({ amount, institution, party }: GiftBase) {
  return (
    <>
      <p className="mx-auto mt-5 max-w-lg rounded-2xl bg-indigo-50 px-5 py-3 text-indigo-800">
        <span className="block text-2xl font-extrabold">{amount}</span>
        {party ? <span className="block font-bold break-words">para a festa {party.name}</span> : null}
      </p>
      {institution ? <InstitutionBox institution={institution} label="Sua doação vai para" className="mx-auto mt-6 max-w-lg" /> : null}
    </>
  );
}

/** Confirmed by the provider: the gift, where it goes, its receipt and the way to the party. */
export function GiftPaid({
  amount,
  institution,
  party,
  receipt,
  partyLink,
  nudge,
}: GiftBase & {
  receipt: { number: string; paidAt: string; pdf: string; verify: string };
  partyLink: string | null;
  nudge: MonthlyNudge | null;
}) {
  return (
    <ResultPage
      tone="success"
      icon={CircleCheck}
      title="Doação Confirmada!"
      lead="Muito obrigado pela sua generosidade! O pagamento foi confirmado e o seu presente já faz a diferença."
      listTitle="Seu recibo"
      items={[
        {
          icon: Receipt,
          text: (
            <>
              Recibo nº {receipt.number}, pagamento confirmado em {receipt.paidAt}.
            </>
          ),
        },
        {
          icon: Download,
          text: (
            <a href={receipt.pdf} className="font-bold text-coral-700 underline">
              Baixar recibo (PDF)
            </a>
          ),
        },
        {
          icon: ShieldCheck,
          text: (
            <>
              Qualquer pessoa pode confirmar que ele é verdadeiro na{" "}
              <Link to={receipt.verify} className="font-bold text-coral-700 underline">
                página de verificação do recibo
              </Link>
              .
            </>
          ),
        },
        { icon: Mail, text: "Se você informou seu e-mail, o recibo também chega na sua caixa de entrada." },
        ...(party ? [{ icon: LayoutDashboard, text: "Sua doação já aparece na página da festa." }] : []),
      ]}
      actions={<ResultLinks next={partyLink ? { to: partyLink, label: "Ver Festa" } : null} />}
      offer={nudge ? <MonthlyNudgeCard nudge={nudge} /> : null}
    >
      <Destination amount={amount} institution={institution} party={party} />
    </ResultPage>
  );
}

/** Waiting for the provider's event: the page re-checks by itself (and without JavaScript, by a meta refresh). */
export function GiftConfirming({
  amount,
  institution,
  party,
  next,
  again,
  recheckSeconds,
}: GiftBase & { next: string | null; again: string; recheckSeconds: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true, preventScrollReset: true }), recheckSeconds * 1000);
    return () => clearTimeout(timer);
  }, [next, navigate, recheckSeconds]);
  return (
    <Card live>
      {next ? (
        // Without JavaScript the browser re-checks by itself; React never hoists this one into <head>.
        <noscript
          dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${recheckSeconds};url=${next.replace(/&/g, "&amp;")}">` }}
        />
      ) : null}
      {next ? (
        <>
          <Loader2 size={48} strokeWidth={2} aria-hidden="true" className="mx-auto animate-spin text-coral-600" />
          <h1 className="mt-6 text-2xl md:text-3xl">Confirmando seu pagamento…</h1>
          <p className="mx-auto mt-3 max-w-md text-muted">
            Estamos aguardando a confirmação da operadora. Isso costuma levar só alguns segundos; esta página se atualiza sozinha.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl md:text-3xl">Ainda não recebemos a confirmação</h1>
          <p className="mx-auto mt-3 max-w-md text-muted">
            O pagamento pode levar alguns minutos para ser confirmado. Não doe de novo: confira daqui a pouco nesta mesma página.
          </p>
        </>
      )}
      <Destination amount={amount} institution={institution} party={party} />
      <div className="mt-8 flex justify-center">
        <Link to={again} replace className={buttonVariants({ variant: "secondary" })}>
          Verificar agora
        </Link>
      </div>
    </Card>
  );
}

const NOT_PAID: Record<string, { title: string; text: string }> = {
  falhou: {
    title: "Pagamento recusado",
    text: "A operadora recusou o pagamento e nenhum valor foi cobrado. Você pode tentar de novo com os mesmos dados.",
  },
  cancelada: {
    title: "Pagamento não concluído",
    text: "O pagamento não foi concluído e nenhum valor foi cobrado. Você pode tentar de novo quando quiser.",
  },
  reembolsada: { title: "Doação reembolsada", text: "Esta doação foi paga e depois reembolsada: o valor voltou para quem pagou." },
  contestada: {
    title: "Pagamento contestado",
    text: "O pagamento desta doação foi contestado junto à operadora do cartão e não conta mais para a causa.",
  },
};

export function GiftNotPaid({ amount, institution, party, status, retry }: GiftBase & { status: string; retry: string | null }) {
  const copy = NOT_PAID[status] ?? NOT_PAID.cancelada!;
  return (
    <Card>
      <span className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-danger-bg text-danger">
        <CircleAlert size={44} strokeWidth={2} aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl md:text-3xl">{copy.title}</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">{copy.text}</p>
      <Destination amount={amount} institution={institution} party={party} />
      <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Voltar ao Início
        </Link>
        {retry ? (
          <Link to={retry} className={buttonVariants()}>
            Tentar de novo
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** No valid reference: nothing is claimed about any gift. */
export function GiftNotFound({ reason }: { reason: "missing" | "invalid" | "expired" }) {
  return (
    <Card>
      <span className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-pending-bg text-pending">
        <Info size={44} strokeWidth={2} aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl md:text-3xl">Não encontramos essa doação</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">
        {reason === "expired"
          ? "Este link de acompanhamento expirou. Se você doou, o recibo chegou no seu e-mail e fica em Minha conta, se você estava conectado."
          : "O link está incompleto ou não é válido. Se você acabou de doar, o recibo chega no seu e-mail assim que o pagamento for confirmado."}
      </p>
      <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <Link to="/eventos" className={buttonVariants({ variant: "secondary" })}>
          Ver festas
        </Link>
        <Link to="/doar" className={buttonVariants()}>
          Fazer uma doação
        </Link>
      </div>
    </Card>
  );
}
