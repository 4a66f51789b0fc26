import { Award, CalendarCheck, ChartLine, CircleCheck, Mail, MessageCircle, Users } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "~/platform/money";
import { ResultLinks, ResultPage } from "./result-page";

/** The plan the subscription-success route's loader has just confirmed, when it knows it. */
export type SubscribedPlan = {
  name: string;
  monthlyCents?: number;
  /** Already formatted for display (dd/MM/yyyy, São Paulo), so this view ships no date library. */
  renewsOn?: string;
  /** The subscribers' group invite, when the plan includes it and the operator set the link. */
  whatsappGroupUrl?: string | null;
  /** The plan includes the supporters' mural / the guided visit (both in /conta). */
  mural?: boolean;
  visit?: boolean;
};

const linkClass = "font-bold text-coral-700 underline underline-offset-2 hover:text-coral-600";

export function SubscriptionSuccessView({ plan }: { plan?: SubscribedPlan | null }) {
  return (
    <ResultPage
      tone="success"
      icon={CircleCheck}
      title="Assinatura Confirmada!"
      lead="Obrigado por fazer parte do Assine o Bem. A partir de agora, você apoia causas que transformam vidas todos os meses."
      listTitle="Próximos passos"
      items={[
        { icon: Mail, text: "Você vai receber um e-mail de confirmação com os detalhes da sua assinatura." },
        ...(plan?.whatsappGroupUrl
          ? [
              {
                icon: MessageCircle,
                text: (
                  <>
                    Entre no grupo exclusivo de assinantes no WhatsApp:{" "}
                    <a href={plan.whatsappGroupUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      abrir o convite
                    </a>{" "}
                    (ele também fica em Minha conta).
                  </>
                ),
              },
            ]
          : []),
        { icon: ChartLine, text: "Todo mês, enviaremos um relatório de impacto mostrando o que a sua contribuição fez." },
        { icon: Award, text: "Você receberá o seu certificado digital de Assinante do Bem." },
        ...(plan?.mural
          ? [
              {
                icon: Users,
                text: (
                  <>
                    Se quiser, coloque seu nome no mural de apoiadores em{" "}
                    <Link to="/conta#beneficios" className={linkClass}>
                      Minha conta
                    </Link>
                    .
                  </>
                ),
              },
            ]
          : []),
        ...(plan?.visit
          ? [
              {
                icon: CalendarCheck,
                text: (
                  <>
                    Peça a sua visita guiada à instituição apoiada em{" "}
                    <Link to="/conta#beneficios" className={linkClass}>
                      Minha conta
                    </Link>
                    .
                  </>
                ),
              },
            ]
          : []),
      ]}
      actions={<ResultLinks next={{ to: "/assine-o-bem", label: "Gerenciar Assinatura" }} />}
    >
      {plan ? (
        // On a phone the renewal takes its own line, without a stray separator in front of it.
        <p className="mx-auto mt-5 inline-flex flex-wrap justify-center gap-x-1 rounded-2xl bg-indigo-50 px-5 py-2 font-bold text-indigo-800 sm:rounded-full">
          <span className="whitespace-nowrap">
            Plano {plan.name}
            {plan.monthlyCents !== undefined ? ` · ${formatCents(plan.monthlyCents)}/mês` : null}
          </span>
          {plan.renewsOn ? (
            <span className="font-semibold whitespace-nowrap">
              <span className="hidden sm:inline">· </span>renova em {plan.renewsOn}
            </span>
          ) : null}
        </p>
      ) : null}
    </ResultPage>
  );
}
