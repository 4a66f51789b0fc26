// Icons other public pages already load (a new one would grow the shared icon file).
import { PixCode } from "~/components/payments/pix-code";
import { CalendarX2, CircleCheck, HandHeart, Mail } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { ResultLinks, ResultPage } from "~/components/static-pages/result-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { InstitutionSummary } from "~/domain/organizations/institution";
import { getPlan, type PlanId } from "~/domain/subscriptions/plans";
import { formatCents } from "~/platform/money";

type Common = { plan: PlanId; amountCents: number; institution: InstitutionSummary | null };

function Shell({ eyebrow, plan, amountCents, institution, children }: Common & { eyebrow: string; children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-8 md:py-14">
      <div className="mx-auto max-w-3xl rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-8">
        <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">{eyebrow}</p>
        <h1 className="mt-1 text-3xl md:text-4xl">
          {formatCents(amountCents)} <span className="text-lg font-semibold text-muted">por mês</span>
        </h1>
        <p className="mt-1 text-muted">
          Assine o Bem · Plano <strong className="text-indigo-800">{getPlan(plan)?.name}</strong>
        </p>
        {children}
        {institution ? <InstitutionBox institution={institution} label="Sua assinatura apoia" className="mt-6" /> : null}
      </div>
    </section>
  );
}

/** Step 1: the payer's CPF (the recurrence names its payer); works without JavaScript. */
export function PixAutomaticoConsent(props: Common & { payerName: string; error: string | null }) {
  const navigation = useNavigation();
  return (
    <Shell eyebrow="Pix Automático" {...props}>
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="criar" />
        <input type="hidden" name="plano" value={props.plan} />
        <TextField
          label="CPF do titular da conta que vai pagar"
          name="cpf"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          required
          placeholder="000.000.000-00"
          hint={`O banco mostra a autorização em nome de ${props.payerName}. Usamos o CPF só para criar a autorização; não o guardamos.`}
          error={props.error}
        />
        <Button type="submit" size="lg" className="w-full" loading={navigation.state !== "idle"} loadingText="Gerando...">
          Gerar QR Code do Pix Automático
        </Button>
      </Form>
      <ol className="mt-6 list-decimal space-y-1 pl-5 text-sm text-muted">
        <li>Você autoriza uma vez, no app do seu banco, um Pix mensal de valor fixo.</li>
        <li>Todo mês o banco paga sozinho na data combinada; você é avisado antes.</li>
        <li>Cancele quando quiser, aqui ou no app do banco.</li>
      </ol>
    </Shell>
  );
}

/** Polls while the authorisation is pending (the `rec` webhook turns the row active); "Já autorizei" works without JavaScript. */
function usePolling() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => void revalidator.revalidate(), 5000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);
}

/** Step 2: the recurrence's QR code (jornada 2), until the bank app authorises it. */
export function PixAutomaticoWaiting(props: Common & { copyPaste: string; qr: string; firstCharge: string | null; payee: string }) {
  const navigation = useNavigation();
  usePolling();
  return (
    <Shell eyebrow="Autorize o Pix Automático" {...props}>
      <PixCode qr={props.qr} qrAlt="QR code do Pix Automático" copyPaste={props.copyPaste} copyLabel="Copiar código" payee={props.payee}>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
          <li>No app do seu banco, escolha Pix copia e cola (ou ler QR code).</li>
          <li>Confira: {formatCents(props.amountCents)} por mês para a Festa Solidária, e autorize.</li>
          <li>
            {props.firstCharge ? `A primeira cobrança vence em ${props.firstCharge}; ` : ""}esta página confirma sozinha quando a
            autorização chegar.
          </li>
        </ol>
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="ja-autorizei"
            variant="secondary"
            className="w-full"
            loading={navigation.state !== "idle"}
            loadingText="Verificando..."
          >
            Já autorizei
          </Button>
        </Form>
      </PixCode>
    </Shell>
  );
}

/** Why an authorisation that never started ended: refused in the bank app, left to expire, or either (our row only says it ended). */
export type RefusedReason = "recusada" | "expirada" | "nao-concluida";

const REFUSED: Record<RefusedReason, { title: string; text: string }> = {
  recusada: { title: "Autorização recusada", text: "O Pix Automático foi recusado no app do banco." },
  expirada: { title: "Autorização expirada", text: "O prazo para autorizar este Pix Automático no app do banco acabou." },
  "nao-concluida": {
    title: "Autorização não concluída",
    text: "O Pix Automático foi recusado no app do banco ou o prazo para autorizar acabou.",
  },
};

/** Refused or expired before it started: nothing was charged; start again with the same plan. */
function Refused(props: Common & { reason: RefusedReason }) {
  const { title, text } = REFUSED[props.reason];
  return (
    <Shell eyebrow="Pix Automático" {...props}>
      <div role="alert" className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-950">
        <p className="font-bold">{title}</p>
        <p className="mt-1 text-sm">{text} Nenhum valor foi cobrado e a assinatura não começou.</p>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <a href={`/assine-o-bem/pix-automatico?plano=${props.plan}`} className={buttonVariants({ className: "w-full sm:w-auto" })}>
          Começar de novo
        </a>
        <a href="/assine-o-bem?metodo=pix-automatico" className="text-center font-bold text-indigo-700 underline">
          Ver os planos
        </a>
      </div>
    </Shell>
  );
}

/** Active (the confirmation), refused or expired before it started, ended (cancelled) or the PSP not answering. */
export function PixAutomaticoStatus(
  props: Common & { state: "ativa" | "recusada" | "encerrada" | "indisponivel"; firstCharge: string | null; reason?: RefusedReason },
) {
  if (props.state === "recusada") return <Refused {...props} reason={props.reason ?? "nao-concluida"} />;
  if (props.state === "ativa")
    return (
      <ResultPage
        tone="success"
        icon={CircleCheck}
        title="Pix Automático autorizado!"
        lead={`Você agora é Assinante do Bem no Plano ${getPlan(props.plan)?.name}: ${formatCents(props.amountCents)} por mês.`}
        listTitle="O que acontece agora"
        items={[
          {
            icon: CalendarX2,
            text: props.firstCharge ? `A próxima cobrança vence em ${props.firstCharge}.` : "O banco paga todo mês na data combinada.",
          },
          { icon: Mail, text: "Enviamos a confirmação por e-mail, com o link para mudar ou cancelar." },
          { icon: HandHeart, text: "Cada mês apoia a instituição, com prestação de contas em Transparência." },
        ]}
        actions={<ResultLinks next={{ to: "/assine-o-bem", label: "Ver minha assinatura" }} />}
      />
    );
  return (
    <Shell eyebrow="Pix Automático" {...props}>
      <p role="alert" className="mt-6 rounded-xl bg-indigo-50 p-3 text-sm text-indigo-900">
        {props.state === "encerrada"
          ? "Esta autorização foi cancelada e não vale mais. Nenhum valor será cobrado por ela."
          : "O banco que gera o Pix Automático não respondeu agora. Tente de novo em instantes."}
      </p>
      <a href="/assine-o-bem?metodo=pix-automatico" className="mt-4 inline-block font-bold text-indigo-700 underline">
        Voltar aos planos
      </a>
    </Shell>
  );
}
