import { Award, ChartLine, CircleCheck, Mail, MessageCircle } from "lucide-react";
import { formatCents } from "~/platform/money";
import { ResultLinks, ResultPage } from "./result-page";

/** The plan the subscription-success route's loader has just confirmed, when it knows it. */
export type SubscribedPlan = {
  name: string;
  monthlyCents?: number;
  /** Already formatted for display (dd/MM/yyyy, São Paulo), so this view ships no date library. */
  renewsOn?: string;
};

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
        { icon: MessageCircle, text: "Você terá acesso ao grupo exclusivo de assinantes no WhatsApp." },
        { icon: ChartLine, text: "Todo mês, enviaremos um relatório de impacto mostrando o que a sua contribuição fez." },
        { icon: Award, text: "Você receberá o seu certificado digital de Assinante do Bem." },
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
