import { CircleX, Eye, Gift, HeartHandshake, Sparkles } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResultLinks, ResultPage, type ResultItem } from "~/components/static-pages/result-page";
import { feeSentence } from "~/domain/donations/fee";
import { festaFromSearch } from "~/domain/parties/festa-param";
import { pageMeta } from "~/platform/ui/meta";
import { useRootData } from "~/components/layout/root-data";

export const meta = () =>
  pageMeta({
    title: "Doação Cancelada",
    description: "O pagamento não foi concluído e nenhum valor foi cobrado. Você pode doar quando quiser.",
    noindex: true,
  });

export default function DoacaoCancelada() {
  const [search] = useSearchParams();
  const festa = festaFromSearch(search);
  // Same shape rule as /doar's: only a slug-looking value builds a link back.
  const ong = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(search.get("ong") ?? "") ? search.get("ong") : null;
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
      actions={
        <ResultLinks
          next={
            festa ? { to: `/festa/${festa}`, label: "Voltar para Festa" } : ong ? { to: `/doar?ong=${ong}`, label: "Tentar de novo" } : null
          }
        />
      }
    />
  );
}
