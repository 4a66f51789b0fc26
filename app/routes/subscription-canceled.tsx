import { Award, ChartLine, CircleX, HeartHandshake, MessageCircle, Users } from "lucide-react";
import { useRootData } from "~/components/layout/root-data";
import { ResultLinks, ResultPage } from "~/components/static-pages/result-page";
import { plansWith } from "~/domain/subscriptions/benefits";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({
    title: "Assinatura Cancelada",
    description: "A assinatura do Assine o Bem não foi concluída e nenhuma cobrança foi feita. Você pode assinar quando quiser.",
    noindex: true,
  });

const names = (benefit: "whatsapp" | "mural") =>
  plansWith(benefit)
    .map((p) => p.name)
    .join(", ")
    .replace(/, ([^,]*)$/, " e $1");

export default function SubscriptionCanceled() {
  // The group exists only once the operator set its invite link.
  const group = useRootData()?.config.subscribersGroup ?? false;
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
        ...(group
          ? [{ icon: MessageCircle, text: `Nos planos ${names("whatsapp")}, você participa do grupo exclusivo de assinantes no WhatsApp.` }]
          : []),
        { icon: Award, text: "Você ganha o certificado digital de Assinante do Bem." },
        { icon: Users, text: `Nos planos ${names("mural")}, seu nome pode aparecer no mural de apoiadores, se você quiser.` },
      ]}
      actions={<ResultLinks next={{ to: "/assine-o-bem", label: "Ver Planos" }} />}
    />
  );
}
