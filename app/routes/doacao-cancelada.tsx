import { CircleX, Eye, Gift, HeartHandshake, Sparkles } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResultLinks, ResultPage, type ResultItem } from "~/components/static-pages/result-page";
import { feeSentence } from "~/lib/fee";
import { festaFromSearch } from "~/lib/festa-param";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";

export const meta = () =>
  pageMeta({
    title: "Doação Cancelada",
    description: "O pagamento não foi concluído e nenhum valor foi cobrado. Você pode doar quando quiser.",
    noindex: true,
  });

export default function DoacaoCancelada() {
  const [search] = useSearchParams();
  const festa = festaFromSearch(search);
  const feePercent = useRootData()?.config.feePercent;

  const items: ResultItem[] = [
    { icon: HeartHandshake, text: "Cada doação ajuda instituições que cuidam de famílias e pessoas que precisam de apoio." },
    { icon: Gift, text: "Seu presente solidário faz a festa de alguém valer ainda mais." },
    ...(feePercent === undefined ? [] : [{ icon: Eye, text: `Transparência: ${feeSentence(feePercent)}` }]),
    { icon: Sparkles, text: "Você acompanha o impacto da sua contribuição." },
  ];

  return (
    <ResultPage
      tone="neutral"
      icon={CircleX}
      title="Doação Cancelada"
      lead="O pagamento não foi concluído e nenhum valor foi cobrado. Se quiser, você pode tentar de novo quando preferir."
      listTitle="Por que doar?"
      items={items}
      actions={<ResultLinks next={festa ? { to: `/festa/${festa}`, label: "Voltar para Festa" } : null} />}
    />
  );
}
