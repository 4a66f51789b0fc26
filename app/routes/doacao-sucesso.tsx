import { ChartLine, CircleCheck, HandHeart, LayoutDashboard, Mail, UserRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { ResultLinks, ResultPage, type ResultItem } from "~/components/static-pages/result-page";
import { resolveGiftTarget } from "~/domain/donations/gift-target.server";
import { giftShareSentence } from "~/domain/donations/fee";
import { festaFromSearch } from "~/domain/parties/festa-param";
import { pageMeta } from "~/platform/ui/meta";
import { useRootData } from "~/components/layout/root-data";
import type { Route } from "./+types/doacao-sucesso";

export const meta = () =>
  pageMeta({
    title: "Doação Confirmada!",
    description: "Obrigado pela sua doação! Veja o que acontece agora com o seu presente solidário.",
    noindex: true,
  });

/** Who receives the gift, from the provider's redirect (`?festa=` or `?ong=`, validated like /doar's). */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const target = await resolveGiftTarget({ festa: festaFromSearch(search), ong: search.get("ong") });
  return { institution: target.ok ? target.institution : null };
}

// Only words here: the payment provider's confirmed event marks a gift paid, never this page.
export default function DoacaoSucesso({ loaderData }: Route.ComponentProps) {
  const { institution } = loaderData;
  const [search] = useSearchParams();
  const festa = festaFromSearch(search);
  const feePercent = useRootData()?.config.feePercent;

  const items: ResultItem[] = [
    {
      icon: LayoutDashboard,
      text: festa
        ? "Sua doação vai aparecer no painel da festa em breve."
        : "Sua doação será registrada assim que o pagamento for confirmado.",
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
    >
      {institution ? <InstitutionBox institution={institution} label="Sua doação vai para" className="mx-auto mt-6 max-w-lg" /> : null}
    </ResultPage>
  );
}
