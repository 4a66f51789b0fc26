import { Download, ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/privacidade.solicitar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { privacyActionSchema, privacyRequestSchema } from "~/domain/accounts/account-forms";
import {
  collectEmailData,
  eraseEmailData,
  hasAccount,
  readPrivacyLink,
  requestPrivacyLink,
} from "~/domain/accounts/privacy-request.server";
import { firstErrors, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { readFormData } from "~/platform/http/form-data.server";
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () =>
  pageMeta({
    title: "Seus dados pessoais",
    description: "Peça uma cópia dos seus dados ou que eles sejam apagados, mesmo sem conta (LGPD).",
    noindex: true,
  });

const LINK_FAILURES = {
  invalid: {
    title: "Link inválido",
    text: "Este link não é válido: confira se copiou o endereço inteiro. Nenhum dado foi mostrado nem alterado.",
  },
  expired: {
    title: "Link expirado",
    text: "Este link venceu (ele vale por 24 horas). Nenhum dado foi mostrado nem alterado. Peça um novo abaixo.",
  },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  if (token === null) return { view: "form" as const };
  const link = readPrivacyLink(token, context.clock.now());
  if (!link.ok) return data({ view: "bad-link" as const, ...LINK_FAILURES[link.error] }, { status: link.error === "expired" ? 410 : 400 });
  const found = await collectEmailData(link.email, context.clock.now());
  return {
    view: "data" as const,
    token,
    email: link.email,
    expiresAt: formatDateTime(link.expiresAt),
    account: await hasAccount(link.email),
    gifts: found.gifts.map((g) => ({
      receiptNumber: g.receiptNumber,
      amount: formatCents(g.amountCents),
      date: formatDate(g.createdAt),
      to: g.partyName ?? g.organizationName ?? "Festa Solidária",
      status: g.status,
    })),
    contactMessages: found.contactMessages.length,
  };
}

type ActionData =
  { view: "sent"; email: string } | { view: "erased"; gifts: number } | { view: "error"; errors: Record<string, string>; status?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (form.get("intent") === "apagar") {
    const submission = parseFormSubmission(form, privacyActionSchema);
    if (submission.status !== "success")
      return data<ActionData>({ view: "error", errors: firstErrors(submission.reply() as FormResult) }, { status: 400 });
    const link = readPrivacyLink(submission.value.token, context.clock.now());
    if (!link.ok) return data<ActionData>({ view: "error", errors: { "": LINK_FAILURES[link.error].text } }, { status: 400 });
    const result = await eraseEmailData(link.email);
    return data<ActionData>({ view: "erased", gifts: result.anonymisedGifts });
  }
  const submission = parseFormSubmission(form, privacyRequestSchema);
  if (submission.status !== "success")
    return data<ActionData>({ view: "error", errors: firstErrors(submission.reply() as FormResult) }, { status: 400 });
  const sent = await requestPrivacyLink(
    { email: submission.value.email, ip: clientIpFromContext(context), now: context.clock.now() },
    context,
  );
  if (!sent)
    return data<ActionData>(
      { view: "error", errors: { email: "Muitos pedidos seguidos. Aguarde uma hora e tente de novo." } },
      { status: 429 },
    );
  return data<ActionData>({ view: "sent", email: submission.value.email });
}

export default function PrivacyRequest({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = result?.view === "error" ? result.errors : {};

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Privacidade</p>
      <h1 className="mt-1 text-3xl md:text-4xl">Seus dados pessoais</h1>

      {result?.view === "erased" ? (
        <Alert tone="success" title="Dados apagados" className="mt-6">
          {result.gifts > 0
            ? `Apagamos nome, e-mail e mensagens de ${result.gifts === 1 ? "1 doação, que agora aparece como anônima" : `${result.gifts} doações, que agora aparecem como anônimas`}. `
            : ""}
          Mensagens de contato e e-mails guardados com este endereço também foram apagados. Os valores das doações ficam registrados sem o
          seu nome, como a lei exige.
        </Alert>
      ) : loaderData.view === "bad-link" ? (
        <>
          <Alert tone="danger" title={loaderData.title} className="mt-6">
            {loaderData.text}
          </Alert>
          <Link to="/privacidade/solicitar" className={buttonVariants({ className: "mt-6" })}>
            Pedir um novo link
          </Link>
        </>
      ) : loaderData.view === "data" ? (
        <div className="mt-6 grid gap-6">
          <p className="text-muted">
            Dados ligados a <strong className="break-all text-ink">{loaderData.email}</strong>. Este link vale até {loaderData.expiresAt}.
          </p>
          {errors[""] ? <Alert tone="danger" title={errors[""]} /> : null}
          {loaderData.account ? (
            <Alert tone="info" title="Há uma conta com este e-mail">
              Para baixar os dados da conta ou excluí-la,{" "}
              <Link to="/conta" className="font-bold underline">
                entre e use Minha conta
              </Link>
              . Aqui você vê as doações feitas com este e-mail.
            </Alert>
          ) : null}
          <Card className="p-5 md:p-6">
            <h2 className="text-xl">Doações com este e-mail</h2>
            {loaderData.gifts.length === 0 ? (
              <p className="mt-2 text-muted">Não encontramos doações com este e-mail.</p>
            ) : (
              <ul className="mt-3 divide-y divide-coral-100">
                {loaderData.gifts.map((g) => (
                  <li key={g.receiptNumber} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="min-w-0 break-words">
                      {g.date} · {g.to} · Recibo nº {g.receiptNumber}
                    </span>
                    <strong>{g.amount}</strong>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-sm text-muted">Mensagens de contato com este e-mail: {loaderData.contactMessages}.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href="/privacidade/exportar/json" download className={buttonVariants({ variant: "secondary" })}>
                <Download size={18} aria-hidden="true" /> Baixar em JSON
              </a>
              <a href="/privacidade/exportar/csv" download className={buttonVariants({ variant: "secondary" })}>
                <Download size={18} aria-hidden="true" /> Baixar em CSV
              </a>
            </div>
          </Card>
          <Card className="p-5 md:p-6">
            <h2 className="text-xl">Apagar meus dados</h2>
            <p className="mt-2 text-sm">
              Apagamos seu nome, e-mail e mensagens das doações (que passam a aparecer como anônimas), suas mensagens de contato, os
              convites para organizar festas que não foram aceitos e os e-mails guardados. Os valores e datas das doações ficam registrados
              sem o seu nome por 5 anos, como a lei exige.
            </p>
            <Form method="post" className="mt-4 grid gap-4">
              <input type="hidden" name="intent" value="apagar" />
              <input type="hidden" name="token" value={loaderData.token} />
              <label className="flex items-start gap-2 text-sm font-semibold">
                <input type="checkbox" name="confirm" value="sim" required className="mt-1 h-4 w-4" />
                Entendo que isso não pode ser desfeito.
              </label>
              {errors.confirm ? <p className="text-sm font-semibold text-danger">{errors.confirm}</p> : null}
              <div>
                <Button type="submit" variant="destructive" loading={busy} loadingText="Apagando...">
                  Apagar meus dados
                </Button>
              </div>
            </Form>
          </Card>
        </div>
      ) : result?.view === "sent" ? (
        <Alert tone="success" title="Verifique seu e-mail" className="mt-6">
          Enviamos um link para <strong className="break-all">{result.email}</strong>. Abra-o em até 24 horas para ver, baixar ou apagar os
          dados ligados a este endereço.
        </Alert>
      ) : (
        <PrivacyRequestForm error={errors.email} busy={busy} />
      )}
    </div>
  );
}

function PrivacyRequestForm({ error, busy }: { error?: string; busy: boolean }) {
  return (
    <Card className="mt-6 p-5 md:p-6">
      <div className="flex items-start gap-3">
        <ShieldCheck size={24} className="mt-1 shrink-0 text-indigo-700" aria-hidden="true" />
        <p>
          Doou sem criar conta? Pela Lei Geral de Proteção de Dados você pode ver, baixar ou apagar os dados ligados ao seu e-mail. Para
          provar que o e-mail é seu, enviamos um link para ele. Tem conta? Use{" "}
          <Link to="/conta" className="font-bold text-coral-700 underline">
            Minha conta
          </Link>
          .
        </p>
      </div>
      <Form method="post" className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Seu e-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          error={error}
        />
        <Button type="submit" loading={busy} loadingText="Enviando..." className={error ? "sm:mb-7" : undefined}>
          Enviar link
        </Button>
      </Form>
    </Card>
  );
}
