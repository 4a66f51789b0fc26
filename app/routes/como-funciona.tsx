import { publicPageHeaders } from "~/platform/http/cache-headers";
import type { Route } from "./+types/como-funciona";
import {
  Activity,
  Award,
  CalendarHeart,
  Eye,
  Gift,
  HandHeart,
  Headset,
  LayoutTemplate,
  PartyPopper,
  Share2,
  ShieldCheck,
  Target,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { feeSentence } from "~/domain/donations/fee";
import { netAmountPhrase } from "~/domain/payouts/payout-texts";
import { pageMeta } from "~/platform/ui/meta";
import { useRootData } from "~/components/layout/root-data";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta = () =>
  pageMeta({
    title: "Como Funciona",
    description:
      "Crie sua festa solidária em minutos, defina a causa e a meta, compartilhe o link e veja seus convidados doarem no lugar dos presentes.",
  });

type Item = { icon: LucideIcon; title: string; text: string };

function steps(feePercent: number | undefined): Item[] {
  return [
    {
      icon: CalendarHeart,
      title: "Crie sua Festa",
      text: "Cadastre seu aniversário, casamento, formatura ou confraternização em poucos minutos. Criar a festa é gratuito.",
    },
    {
      icon: Target,
      title: "Defina a Meta",
      text: "Escolha a causa que vai receber as doações e, se quiser, uma meta de arrecadação para animar os convidados.",
    },
    {
      icon: Share2,
      title: "Compartilhe",
      text: "Envie o link da sua festa pelo WhatsApp, nas redes sociais ou junto com o convite. Cada festa tem um endereço só dela.",
    },
    {
      icon: Gift,
      title: "Convidados Doam",
      text: "No lugar do presente, cada convidado doa o valor que quiser, com pagamento seguro, e pode deixar uma mensagem para você.",
    },
    {
      icon: ShieldCheck,
      title: "Impacto Garantido",
      text: `Depois do evento, repassamos à instituição ${feePercent === undefined ? "o valor líquido arrecadado" : netAmountPhrase(feePercent)} e enviamos o comprovante para você e para a ONG.`,
    },
    {
      icon: PartyPopper,
      title: "Celebre o Resultado",
      text: "Acompanhe cada presente no seu painel e comemore com seus convidados o bem que a sua festa fez.",
    },
  ];
}

function benefits(feePercent: number | undefined): Item[] {
  return [
    {
      icon: LayoutTemplate,
      title: "Página Personalizada",
      text: "Sua festa ganha uma página própria, com nome, data, a causa escolhida e a sua mensagem para os convidados.",
    },
    {
      icon: Activity,
      title: "Acompanhamento em Tempo Real",
      text: "Veja as doações chegando no Painel do Festeiro e receba um e-mail a cada presente, com o valor e a mensagem.",
    },
    {
      icon: Award,
      title: "Certificado de Impacto",
      text: "Ao final, você recebe um certificado digital com o impacto que a sua festa gerou para a causa.",
    },
    {
      icon: Eye,
      title: "100% Transparente",
      text: `Valores, taxa e repasses às claras. ${feePercent === undefined ? "" : feeSentence(feePercent)}`.trim(),
    },
    {
      icon: HandHeart,
      title: "Compartilhamento Fácil",
      text: "Copie o link ou compartilhe direto no WhatsApp com um toque. Seus convidados doam pelo celular em poucos passos.",
    },
    {
      icon: Headset,
      title: "Suporte Completo",
      text: "Nossa equipe ajuda por e-mail e WhatsApp em cada etapa, da criação da festa ao repasse para a instituição.",
    },
  ];
}

export default function ComoFunciona() {
  const feePercent = useRootData()?.config.feePercent;
  return (
    <>
      <PageHeader
        eyebrow="Passo a passo"
        title="Como Funciona"
        description="Transforme sua celebração em solidariedade: seus convidados presenteiam uma causa no lugar dos presentes."
      >
        <Link to="/criar-festa" className={buttonVariants({ size: "lg" })}>
          Criar Minha Festa
        </Link>
      </PageHeader>

      <section aria-labelledby="passos" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id="passos" className="text-center text-2xl md:text-3xl">
          Sua festa solidária em 6 passos
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {steps(feePercent).map((step, index) => (
            <li key={step.title}>
              <Card className="relative h-full">
                <div className="flex items-center gap-3">
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-coral-100 text-coral-700">
                    <step.icon size={24} strokeWidth={2} aria-hidden="true" />
                  </span>
                  <span className="text-sm font-bold tracking-wide text-muted uppercase">Passo {index + 1}</span>
                </div>
                <h3 className="mt-4 text-xl font-extrabold text-indigo-800">{step.title}</h3>
                <p className="mt-2 text-ink">{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="beneficios" className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <h2 id="beneficios" className="text-center text-2xl md:text-3xl">
            Benefícios para você e para a causa
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {benefits(feePercent).map((benefit) => (
              <li key={benefit.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-soft">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
                  <benefit.icon size={22} strokeWidth={2} aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg">{benefit.title}</h3>
                  <p className="mt-1 text-ink">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="comece" className="mx-auto max-w-4xl px-4 pt-12 md:pt-16">
        <div className="rounded-3xl bg-indigo-800 px-6 py-10 text-center text-white shadow-soft md:px-12">
          <h2 id="comece" className="text-2xl text-white md:text-3xl">
            Pronto para fazer a sua festa valer mais?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-50">
            Criar a festa é gratuito e leva poucos minutos. {feePercent === undefined ? null : feeSentence(feePercent)}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/criar-festa" className={buttonVariants({ size: "lg" })}>
              Criar Minha Festa
            </Link>
            <Link to="/faq" className={buttonVariants({ size: "lg", variant: "inverse" })}>
              Ver Dúvidas Frequentes
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
