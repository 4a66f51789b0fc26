import { publicPageHeaders } from "~/platform/http/cache-headers";
import type { Route } from "./+types/faq";
import { MessageCircleQuestion, PartyPopper } from "lucide-react";
import { Link } from "react-router";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { feeFaqAnswer } from "~/domain/donations/fee";
import { payoutFaqAnswer } from "~/domain/payouts/payout-texts";
import { pageMeta } from "~/platform/ui/meta";
import { useRootData } from "~/components/layout/root-data";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta = () =>
  pageMeta({
    title: "Dúvidas Frequentes",
    description:
      "Quanto custa criar uma festa solidária, qual é a taxa, quando o dinheiro chega à instituição e como doar: respostas para as dúvidas mais comuns.",
  });

const linkClass = "font-bold text-coral-700 underline underline-offset-2 hover:text-coral-600";

/** The seven FAQ answers of product-spec §1; the fee one derives from PLATFORM_FEE_PERCENT. */
function questions(feePercent: number | undefined): { question: string; answer: React.ReactNode }[] {
  return [
    {
      question: "Criar uma festa solidária tem algum custo?",
      answer:
        "Não. Criar um evento na Festa Solidária é gratuito: você cadastra a festa, escolhe a causa e compartilha o link sem pagar nada.",
    },
    {
      question: "Existe alguma taxa sobre as doações?",
      answer: feePercent === undefined ? null : feeFaqAnswer(feePercent),
    },
    {
      question: "Quando o valor arrecadado chega à instituição?",
      answer: feePercent === undefined ? null : payoutFaqAnswer(feePercent),
    },
    {
      question: "Por quanto tempo a página da festa fica no ar?",
      answer:
        "A página do evento sai do ar automaticamente 5 dias após a data do evento. Até lá, seus convidados podem doar pelo link da festa.",
    },
    {
      question: "Posso editar ou cancelar minha festa?",
      answer: (
        <>
          A foto, o texto sobre a causa e a meta você mesmo altera a qualquer momento, e o nome e a data até a festa terminar: no{" "}
          <Link to="/painel" className={linkClass}>
            Painel do Festeiro
          </Link>
          , abra a festa e toque em Editar. O link da festa não muda. Para mudar a instituição ou cancelar o evento, fale com a nossa equipe
          pela página de{" "}
          <Link to="/contato" className={linkClass}>
            Contato
          </Link>{" "}
          e nós fazemos a alteração para você.
        </>
      ),
    },
    {
      question: "Como fico sabendo das doações que recebi?",
      answer:
        "A cada presente, você recebe um e-mail automático com o valor e a mensagem, se o convidado deixou uma. Você também acompanha tudo no Painel do Festeiro.",
    },
    {
      question: "Como posso doar e o que é o Assine o Bem?",
      answer: (
        <>
          Você pode doar pelo link da festa de um amigo ou fazer uma{" "}
          <Link to="/doar" className={linkClass}>
            doação única
          </Link>
          , sem precisar de cadastro. O{" "}
          <Link to="/assine-o-bem" className={linkClass}>
            Assine o Bem
          </Link>{" "}
          é o nosso plano de doação mensal: você escolhe um plano (Bronze, Prata, Ouro ou Diamante) e apoia as causas todos os meses.
        </>
      ),
    },
  ];
}

export default function Faq() {
  const feePercent = useRootData()?.config.feePercent;
  return (
    <>
      <PageHeader
        eyebrow="FAQ"
        title="Dúvidas Frequentes"
        description="Tudo o que você precisa saber para criar sua festa solidária e doar com tranquilidade."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-labelledby="perguntas">
          <h2 id="perguntas" className="sr-only">
            Perguntas e respostas
          </h2>
          <Accordion type="single" collapsible className="space-y-3">
            {questions(feePercent).map((item, index) => (
              <AccordionItem key={item.question} value={`pergunta-${index + 1}`}>
                <AccordionTrigger className="text-base [text-wrap:pretty] md:text-lg">{item.question}</AccordionTrigger>
                <AccordionContent className="leading-relaxed">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
        <aside aria-label="Precisa de ajuda?" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Card>
            <MessageCircleQuestion size={28} strokeWidth={2} aria-hidden="true" className="text-indigo-700" />
            <h2 className="mt-3 text-lg">Ainda tem dúvidas?</h2>
            <p className="mt-2 text-muted">Nossa equipe responde por e-mail e WhatsApp. Conte para a gente o que você precisa.</p>
            <Link to="/contato" className={buttonVariants({ variant: "secondary", className: "mt-5 w-full" })}>
              Fale Conosco
            </Link>
          </Card>
          <Card tone="soft">
            <PartyPopper size={28} strokeWidth={2} aria-hidden="true" className="text-coral-700" />
            <h2 className="mt-3 text-lg">Pronto para começar?</h2>
            <p className="mt-2 text-muted">Crie sua festa em poucos minutos e convide seus amigos a presentear uma causa.</p>
            <Link to="/criar-festa" className={buttonVariants({ className: "mt-5 w-full" })}>
              Criar Festa Solidária
            </Link>
          </Card>
        </aside>
      </div>
    </>
  );
}
