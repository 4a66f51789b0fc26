// Only icons other public pages already load: a new one would grow the shared icon file /doar downloads.
import { PixCode } from "~/components/payments/pix-code";
import { CalendarX2, CircleCheck, HandHeart, LayoutDashboard, Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { type MonthlyNudge, MonthlyNudgeCard } from "~/components/subscriptions/monthly-nudge-card";
import { InstitutionBox } from "~/components/causes/institution";
import { ResultLinks, ResultPage } from "~/components/static-pages/result-page";
import { Button, buttonVariants } from "~/components/ui/button";
import type { InstitutionSummary } from "~/domain/organizations/institution";
import { formatCents } from "~/platform/money";

type Waiting = {
  amountCents: number;
  destination: string;
  institution: InstitutionSummary | null;
  copyPaste: string;
  qr: string;
  expiresAt: string;
  serverNow: string;
  testBank: string | null;
  flagged: boolean;
  /** pixPayeeSentence: who the bank app shows as the receiver. */
  payee: string;
};

/** "29:41": what is left of the code, from the server's clock (the phone's may be wrong). */
function useCountdown(expiresAt: string, serverNow: string) {
  const total = Math.max(0, Math.round((Date.parse(expiresAt) - Date.parse(serverNow)) / 1000));
  const [left, setLeft] = useState(total);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => setLeft(Math.max(0, total - Math.round((Date.now() - start) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [total]);
  return left;
}

/**
 * Waits for the payment: the server tells this page (server-sent events) the moment the gift is
 * paid, and the page reloads its data, which turns it into the confirmation. Polling takes over
 * when the stream fails; "Já paguei" works without JavaScript.
 */
function useLiveConfirmation() {
  const revalidator = useRevalidator();
  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | undefined;
    const check = () => void revalidator.revalidate();
    const startPolling = () => (poll ??= setInterval(check, 5000));
    const stream = typeof EventSource === "undefined" ? null : new EventSource(`${location.pathname}/eventos`);
    if (stream) {
      stream.addEventListener("paga", () => {
        stream.close();
        check();
      });
      stream.onerror = startPolling;
    } else startPolling();
    return () => {
      stream?.close();
      clearInterval(poll);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);
}

export function PixPayment(props: Waiting & { notice?: string | null }) {
  const { amountCents, destination, institution, copyPaste, qr, testBank, flagged, notice, payee } = props;
  const left = useCountdown(props.expiresAt, props.serverNow);
  const navigation = useNavigation();
  useLiveConfirmation();
  const expired = left === 0;
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-8 md:py-14">
      <div className="mx-auto max-w-3xl rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-8">
        <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Pague com Pix</p>
        <h1 className="mt-1 text-3xl md:text-4xl">{formatCents(amountCents)}</h1>
        <p className="mt-1 text-muted">
          Doação para <strong className="text-indigo-800">{destination}</strong>
        </p>
        {flagged ? (
          <p role="alert" className="mt-4 rounded-xl bg-danger-bg p-3 text-sm font-semibold text-danger">
            Recebemos um Pix desta doação que não confere com a cobrança (valor ou prazo). Nossa equipe vai verificar e falar com você.
          </p>
        ) : null}
        <PixCode qr={qr} qrAlt="QR code do Pix" copyPaste={copyPaste} copyLabel="Copiar código Pix" payee={payee}>
          <p className="flex items-center gap-2 rounded-xl bg-indigo-50 p-3 text-sm text-indigo-900" aria-live="polite">
            {expired ? (
              "Este código expirou. Gere um novo abaixo."
            ) : (
              <span>
                O código expira em <strong data-testid="pix-contagem">{clock}</strong>
              </span>
            )}
          </p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
            <li>Abra o app do seu banco e escolha Pix copia e cola (ou ler QR code).</li>
            <li>Confira o valor e quem recebe, e confirme.</li>
            <li>Esta página mostra a confirmação assim que o pagamento chegar.</li>
          </ol>
          {notice ? (
            <p role="status" className="rounded-xl bg-amber-100 p-3 text-sm text-amber-950">
              {notice}
            </p>
          ) : null}
          <Form method="post" className="flex flex-col gap-2 sm:flex-row">
            <Button
              type="submit"
              name="intent"
              value={expired ? "novo-codigo" : "ja-paguei"}
              variant="secondary"
              className="w-full"
              loading={navigation.state !== "idle"}
              loadingText="Verificando..."
            >
              {expired ? "Gerar novo código" : "Já paguei"}
            </Button>
          </Form>
        </PixCode>
        {institution ? <InstitutionBox institution={institution} className="mt-6" /> : null}
        {testBank ? (
          <p className="mt-6 flex flex-wrap items-center gap-2 rounded-xl bg-amber-100 p-3 text-sm text-amber-950">
            Ambiente de testes: nenhum banco real paga este código.
            <a href={testBank} target="_blank" rel="noreferrer" className="font-bold underline">
              Abrir o banco de testes
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function PixPaid({
  institution,
  amountCents,
  receipt,
  partyLink,
  nudge,
}: {
  institution: InstitutionSummary | null;
  amountCents: number;
  receipt: { number: string; page: string; pdf: string };
  partyLink: string | null;
  nudge: MonthlyNudge | null;
}) {
  return (
    <ResultPage
      tone="success"
      icon={CircleCheck}
      title="Doação Confirmada!"
      lead={`Recebemos o seu Pix de ${formatCents(amountCents)}. Muito obrigado pela sua generosidade!`}
      listTitle="O que acontece agora"
      items={[
        {
          icon: LayoutDashboard,
          text: partyLink ? "Sua doação já aparece na página da festa." : "Sua doação já foi registrada.",
        },
        { icon: Mail, text: "Se você informou seu e-mail, o recibo também vai chegar na sua caixa de entrada." },
        { icon: HandHeart, text: "O valor é repassado à instituição, com prestação de contas em Transparência." },
      ]}
      actions={<ResultLinks next={partyLink ? { to: partyLink, label: "Ver Festa" } : null} />}
      offer={nudge ? <MonthlyNudgeCard nudge={nudge} /> : null}
    >
      <p className="mt-6 text-center text-sm text-muted">
        Recibo nº {receipt.number} ·{" "}
        <a href={receipt.pdf} className="font-bold text-indigo-700 underline">
          Baixar recibo (PDF)
        </a>{" "}
        ·{" "}
        <a href={receipt.page} className="font-bold text-indigo-700 underline">
          Verificar recibo
        </a>
      </p>
      {institution ? <InstitutionBox institution={institution} label="Sua doação vai para" className="mx-auto mt-6 max-w-lg" /> : null}
    </ResultPage>
  );
}

export function PixUnavailable({
  state,
  error,
  amountCents,
  destination,
}: {
  state: "expirada" | "erro" | "encerrada";
  error: string | null;
  amountCents: number;
  destination: string;
}) {
  const navigation = useNavigation();
  const title =
    state === "encerrada"
      ? "Esta doação foi encerrada"
      : state === "expirada"
        ? "O código Pix expirou"
        : "Não conseguimos gerar o código Pix";
  const lead =
    state === "encerrada"
      ? "Ela não pode mais ser paga. Você pode fazer uma nova doação."
      : state === "expirada"
        ? "Sem problema: gere um novo código para a mesma doação, sem preencher nada de novo."
        : "O banco que gera o Pix não respondeu agora. Sua doação está guardada: tente de novo em instantes.";
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      <div className="mx-auto max-w-xl rounded-3xl border border-coral-100 bg-white px-5 py-10 text-center shadow-soft sm:p-12">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-pending-bg text-pending">
          <CalendarX2 size={32} aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl md:text-3xl">{title}</h1>
        <p className="mt-3 text-muted">{lead}</p>
        <p className="mt-2 font-semibold">
          {formatCents(amountCents)} · {destination}
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-xl bg-danger-bg p-3 font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <div className="mt-8 flex justify-center">
          {state === "encerrada" ? (
            <Link to="/doar" className={buttonVariants()}>
              Fazer uma nova doação
            </Link>
          ) : (
            <Form method="post">
              <Button type="submit" name="intent" value="novo-codigo" loading={navigation.state !== "idle"} loadingText="Gerando...">
                {state === "expirada" ? "Gerar novo código" : "Tentar de novo"}
              </Button>
            </Form>
          )}
        </div>
      </div>
    </section>
  );
}
