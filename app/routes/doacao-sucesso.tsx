import { ChartLine, CircleCheck, HandHeart, LayoutDashboard, Mail, UserRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResultLinks, ResultPage, type ResultItem } from "~/components/static-pages/result-page";
import { giftShareSentence } from "~/lib/fee";
import { festaFromSearch } from "~/lib/festa-param";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";

export const meta = () =>
  pageMeta({
    title: "Doação Confirmada!",
    description: "Obrigado pela sua doação! Veja o que acontece agora com o seu presente solidário.",
    noindex: true,
  });

// Only words here: the payment provider's confirmed event marks a gift paid, never this page.
export default function DoacaoSucesso() {
  const [search] = useSearchParams();
  const festa = festaFromSearch(search);
  const feePercent = useRootData()?.config.feePercent;

  const items: ResultItem[] = [
    {
      icon: LayoutDashboard,
      text: festa ? "Sua doação vai aparecer no painel da festa em breve." : "Sua doação será registrada assim que o pagamento for confirmado.",
    },
    { icon: Mail, text: "Se você informou seu e-mail, a confirmação da doação vai chegar na sua caixa de entrada." },
    ...(feePercent === undefined ? [] : [{ icon: HandHeart, text: giftShareSentence(feePercent) }]),
    { icon: ChartLine, text: "Você vai receber atualizações sobre o impacto que a sua doação ajudou a gerar." },
    { icon: UserRound, text: "Seu nome aparece na lista de contribuições, a não ser que você tenha escolhido doar de forma anônima." },
  ];

  return (
    <ResultPage
      tone="success"
      icon={CircleCheck}
      title="Doação Confirmada!"
      lead="Muito obrigado pela sua generosidade! Seu presente faz a diferença na vida de quem mais precisa."
      listTitle="O que acontece agora"
      items={items}
      actions={<ResultLinks next={festa ? { to: `/festa/${festa}`, label: "Ver Festa" } : null} />}
    />
  );
}
