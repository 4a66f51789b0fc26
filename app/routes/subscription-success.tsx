import { SubscriptionSuccessView } from "~/components/static-pages/subscription-success-view";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Assinatura Confirmada!",
    description: "Sua assinatura do Assine o Bem foi confirmada. Veja os próximos passos.",
    noindex: true,
  });

export default function SubscriptionSuccess() {
  return <SubscriptionSuccessView />;
}
