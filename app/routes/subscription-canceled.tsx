import { Award, ChartLine, CircleX, HeartHandshake, MessageCircle } from "lucide-react";
import { ResultLinks, ResultPage } from "~/components/static-pages/result-page";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({
    title: "Assinatura Cancelada",
    description: "A assinatura do Assine o Bem não foi concluída e nenhuma cobrança foi feita. Você pode assinar quando quiser.",
    noindex: true,
  });

export default function SubscriptionCanceled() {
  return (
    <ResultPage
      tone="neutral"
      icon={CircleX}
      title="Assinatura Cancelada"
      lead="A assinatura não foi concluída e nenhuma cobrança foi feita. Quando quiser, é só escolher um plano de novo."
      listTitle="Por que assinar?"
      items={[
        { icon: HeartHandshake, text: "Você apoia todos os meses causas que transformam a vida de muitas famílias." },
        { icon: ChartLine, text: "Você recebe relatórios mensais de impacto e acompanha o resultado da sua ajuda." },
        { icon: MessageCircle, text: "Você participa do grupo exclusivo de assinantes no WhatsApp." },
        { icon: Award, text: "Você ganha o certificado digital de Assinante do Bem." },
      ]}
      actions={<ResultLinks next={{ to: "/assine-o-bem", label: "Ver Planos" }} />}
    />
  );
}
