import { Download, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/conta";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { currentSessionId, requireUser } from "~/domain/accounts/guards.server";
import { listMembershipsOf } from "~/domain/organizations/institution-team.server";
import { TeamInstitutions } from "~/components/institutions/team-institutions";
import {
  accountSubject,
  changeAccountPassword,
  clearedSessionCookies,
  deleteAccount,
  findAccountProfile,
  requestEmailChange,
  updateAccountName,
  updateAccountPhoto,
} from "~/domain/accounts/account.server";
import { accountActionSchema } from "~/domain/accounts/account-forms";
import { listGiftsOf } from "~/domain/accounts/personal-data.server";
import { receiptYearsOf } from "~/domain/receipts/receipts.server";
import { receiptPdfPath, yearlyStatementPath } from "~/domain/receipts";
import { subscriberCertificateYears } from "~/domain/impact/certificates.server";
import { SubscriberCertificates } from "~/components/account/subscriber-certificates";
import { SubscriberBenefits } from "~/components/account/subscriber-benefits";
import { BENEFIT_INTENTS } from "~/domain/subscriptions/benefit-forms";
import { loadSubscriberBenefits, runBenefitAction } from "~/domain/subscriptions/benefits-account.server";
import { findAccountRecovery } from "~/domain/subscriptions/recovery-link.server";
import { RecoveryNotice } from "~/components/subscriptions/recovery-notice";
import { ProfilePhoto } from "~/components/account/profile-photo";
import { personAvatar } from "~/domain/parties/party-images";
import { isFilePart, processPhoto, storePhoto } from "~/platform/images/photos.server";
import { firstErrors, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { legalVersionLabel, TERMS_VERSION } from "~/domain/accounts/privacy-policy";

export const meta = () => pageMeta({ title: "Minha conta", description: "Seus dados, suas doações e sua privacidade.", noindex: true });

const STATUS_LABEL: Record<string, string> = {
  paga: "Paga",
  pendente: "Pendente",
  falhou: "Não concluída",
  cancelada: "Cancelada",
  reembolsada: "Reembolsada",
  contestada: "Contestada",
  expirada: "Expirada",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const profile = await findAccountProfile(session.id);
  if (!profile) throw data(null, { status: 404 });
  const [gifts, receiptYears] = await Promise.all([
    listGiftsOf(accountSubject(profile)),
    receiptYearsOf({ userId: profile.id, email: profile.email, emailVerified: profile.emailVerified }),
  ]);
  const [certificateYears, benefits, recovery, institutions] = await Promise.all([
    subscriberCertificateYears(session.id),
    loadSubscriberBenefits({ id: profile.id, name: profile.name }, context.config),
    findAccountRecovery(profile.id, context.clock.now()),
    listMembershipsOf(session.id),
  ]);
  return {
    benefits,
    recovery,
    institutions,
    profile: {
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      since: formatDate(profile.createdAt),
      consent:
        profile.termsAcceptedAt && profile.termsVersion
          ? {
              version: legalVersionLabel(profile.termsVersion),
              at: formatDate(profile.termsAcceptedAt),
              // Accepted an older version: say which one is in force now.
              current: profile.termsVersion === TERMS_VERSION ? null : legalVersionLabel(TERMS_VERSION),
            }
          : null,
      avatarUrl: personAvatar(profile.photoKey, profile.image, profile.id),
      hasPhoto: profile.photoKey !== null,
    },
    certificateYears,
    gifts: gifts.map((g) => ({
      id: g.id,
      receiptNumber: g.receiptNumber,
      amount: formatCents(g.amountCents),
      status: g.status,
      date: formatDate(g.createdAt),
      to: g.partyName ?? g.organizationName ?? "Festa Solidária",
      cause: g.causeName,
      receiptPdf: g.status === "paga" ? receiptPdfPath(g.receiptCode) : null,
    })),
    statements: receiptYears.map((year) => ({ year, href: yearlyStatementPath(year) })),
  };
}

type Intent = "nome" | "senha" | "email" | "excluir" | "foto" | (typeof BENEFIT_INTENTS)[number];
type ActionData = {
  intent: Intent | null;
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};
const reply = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await readFormData(request);
  // The subscriber's benefits (mural, guided visit) have their own forms and checks.
  if ((BENEFIT_INTENTS as readonly unknown[]).includes(form.get("intent"))) {
    const { status, ...body } = await runBenefitAction(form, session, { ...context, now: context.clock.now() });
    return reply(body, status);
  }
  const submission = parseFormSubmission(form, accountActionSchema);
  const posted = String(form.get("intent") ?? "");
  const intent = (["nome", "senha", "email", "excluir", "foto"].includes(posted) ? posted : null) as Intent | null;
  if (submission.status !== "success") return reply({ intent, ok: false, errors: firstErrors(submission.reply() as FormResult) }, 400);
  const value = submission.value;
  const ip = clientIpFromContext(context);

  switch (value.intent) {
    case "nome":
      await updateAccountName(session.id, value.name);
      return reply({ intent: "nome", ok: true, message: "Nome atualizado." });
    case "foto": {
      if (value.remover) {
        await updateAccountPhoto(session.id, null);
        return reply({ intent: "foto", ok: true, message: "Foto removida." });
      }
      const upload = form.get("foto");
      if (!isFilePart(upload)) return reply({ intent: "foto", ok: false, errors: { foto: "Escolha uma foto." } }, 400);
      // Checked by its content; a refused file stores nothing.
      const checked = await processPhoto(upload, "perfil");
      if (!checked.ok) return reply({ intent: "foto", ok: false, errors: { foto: checked.message } }, 400);
      if (!(await storePhoto(checked.photo)))
        return reply(
          { intent: "foto", ok: false, errors: { foto: "Não conseguimos guardar a foto agora. Tente de novo em alguns minutos." } },
          503,
        );
      await updateAccountPhoto(session.id, checked.photo.id);
      return reply({ intent: "foto", ok: true, message: "Foto atualizada." });
    }
    case "senha": {
      const result = await changeAccountPassword({
        request,
        ip,
        userId: session.id,
        currentPassword: value.currentPassword,
        newPassword: value.newPassword,
        mailer: context.mailer,
      });
      if (!result.ok) {
        const message = result.error === "throttled" ? "Muitas tentativas. Aguarde alguns minutos." : "A senha atual não confere.";
        return reply({ intent: "senha", ok: false, errors: { currentPassword: message } }, result.error === "throttled" ? 429 : 400);
      }
      const headers = new Headers();
      for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
      return data<ActionData>(
        {
          intent: "senha",
          ok: true,
          message: "Senha alterada. Encerramos as outras sessões abertas e enviamos um aviso para o seu e-mail.",
        },
        { headers },
      );
    }
    case "email": {
      const result = await requestEmailChange(
        {
          userId: session.id,
          name: session.name,
          currentEmail: session.email,
          newEmail: value.email,
          currentPassword: value.currentPassword,
          sessionId: await currentSessionId(request),
          now: context.clock.now(),
        },
        context,
      );
      if (!result.ok) {
        if (result.error === "wrong-password")
          return reply({ intent: "email", ok: false, errors: { currentPassword: "A senha atual não confere." } }, 400);
        const message = result.error === "same" ? "Este já é o e-mail da sua conta." : "Muitos pedidos seguidos. Tente de novo mais tarde.";
        return reply({ intent: "email", ok: false, errors: { email: message } }, result.error === "throttled" ? 429 : 400);
      }
      return reply({
        intent: "email",
        ok: true,
        message: `Enviamos um link para ${value.email}. O e-mail da conta muda quando você abrir o link (vale por 24 horas).`,
      });
    }
    case "excluir": {
      const result = await deleteAccount({ userId: session.id, password: value.password, now: context.clock.now() }, context);
      if (!result.ok) {
        const message =
          result.error === "wrong-password"
            ? "Senha incorreta. Nada foi excluído."
            : result.error === "throttled"
              ? "Muitas tentativas. Aguarde alguns minutos."
              : `Não conseguimos cancelar sua assinatura agora${result.message ? ` (${result.message})` : ""}. Nada foi excluído; tente de novo mais tarde.`;
        return reply({ intent: "excluir", ok: false, errors: { password: message } }, result.error === "throttled" ? 429 : 400);
      }
      const headers = new Headers();
      for (const cookie of clearedSessionCookies(context.config)) headers.append("Set-Cookie", cookie);
      return redirectWithToast(
        "/",
        { type: "success", title: "Conta excluída", description: "Seus dados pessoais foram apagados. Obrigado por ter feito parte!" },
        { headers },
      );
    }
  }
}

function Section({ id, title, children, description }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card className="p-5 md:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl md:text-2xl">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Result({ result, intent }: { result: ActionData | undefined; intent: Intent }) {
  if (!result || result.intent !== intent || !result.ok || !result.message) return null;
  return <Alert tone="success" title={result.message} className="mb-4" />;
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, gifts, statements, certificateYears, benefits, recovery, institutions } = loaderData;
  const result = actionData as ActionData | undefined;
  const errors = (intent: Intent) => (result && result.intent === intent ? (result.errors ?? {}) : {});
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Minha conta</p>
      <h1 className="mt-1 text-3xl md:text-4xl">Olá, {profile.name.split(" ")[0]}!</h1>
      <p className="mt-2 text-muted">
        Conta criada em {profile.since}.{" "}
        {profile.consent
          ? `Você aceitou os Termos de Uso e a Política de Privacidade (${profile.consent.version}) em ${profile.consent.at}.${
              profile.consent.current ? ` A versão em vigor agora é a ${profile.consent.current.replace(/^versão /, "")}.` : ""
            }`
          : null}
      </p>
      <nav aria-label="Seções da conta" className="mt-5 flex flex-wrap gap-2 text-sm font-bold">
        {[
          ["#perfil", "Perfil"],
          ...(benefits ? [["#beneficios", "Assine o Bem"]] : []),
          ["#minhas-doacoes", "Minhas doações"],
          ["#meus-dados", "Meus dados"],
          ["#excluir-conta", "Excluir conta"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="rounded-full bg-indigo-50 px-3 py-1.5 text-indigo-700 hover:bg-indigo-100">
            {label}
          </a>
        ))}
      </nav>

      <TeamInstitutions institutions={institutions} />

      <div className="mt-8 grid gap-6">
        {recovery ? <RecoveryNotice recovery={recovery} /> : null}
        <Section id="perfil" title="Perfil">
          <Result result={result} intent="nome" />
          <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="nome" />
            <TextField
              label="Nome completo"
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={profile.name}
              error={errors("nome").name}
            />
            <Button type="submit" variant="secondary" loading={busy("nome")} loadingText="Salvando...">
              Salvar nome
            </Button>
          </Form>
          <Result result={result} intent="foto" />
          <ProfilePhoto avatarUrl={profile.avatarUrl} hasPhoto={profile.hasPhoto} error={errors("foto").foto} busy={busy("foto")} />

          <h3 className="mt-8 text-lg font-extrabold text-indigo-800">E-mail</h3>
          <p className="mt-1 text-sm text-muted">
            Atual: <strong className="break-all text-ink">{profile.email}</strong>{" "}
            {profile.emailVerified ? (
              <Badge tone="paid">confirmado</Badge>
            ) : (
              <>
                <Badge tone="pending">não confirmado</Badge>{" "}
                <Link to="/conta/confirmar-endereco" className="font-bold text-coral-700 underline">
                  Confirmar e-mail
                </Link>
              </>
            )}
          </p>
          <Result result={result} intent="email" />
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="email" />
            <TextField
              label="Novo e-mail"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={254}
              hint="Enviamos um link de confirmação para o novo endereço."
              error={errors("email").email}
            />
            <PasswordField
              id="campo-email-senha"
              label="Sua senha atual"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={128}
              hint="Ao confirmar, avisamos o endereço atual e encerramos as outras sessões."
              error={errors("email").currentPassword}
            />
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary" loading={busy("email")} loadingText="Enviando...">
                Trocar e-mail
              </Button>
            </div>
          </Form>

          <h3 className="mt-8 text-lg font-extrabold text-indigo-800">Senha</h3>
          <Result result={result} intent="senha" />
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="senha" />
            <PasswordField
              label="Senha atual"
              name="currentPassword"
              autoComplete="current-password"
              required
              error={errors("senha").currentPassword}
            />
            <PasswordField
              label="Nova senha"
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={6}
              hint="No mínimo 6 caracteres."
              error={errors("senha").newPassword}
            />
            <div>
              <Button type="submit" variant="secondary" loading={busy("senha")} loadingText="Alterando...">
                Alterar senha
              </Button>
            </div>
          </Form>
        </Section>

        {benefits ? (
          <Section
            id="beneficios"
            title="Seus benefícios de Assinante do Bem"
            description={`Plano ${benefits.plan.name}${benefits.institutionName ? `, apoiando ${benefits.institutionName}` : ""}.`}
          >
            <SubscriberBenefits benefits={benefits} reply={result} busy={(intent) => busy(intent as Intent)} />
          </Section>
        ) : null}

        <Section id="minhas-doacoes" title="Minhas doações" description="As doações feitas com a sua conta, com o número do recibo.">
          {profile.emailVerified ? null : (
            <p className="mb-3 text-sm text-muted">
              Doou sem entrar na conta?{" "}
              <Link to="/conta/confirmar-endereco" className="font-bold text-coral-700 underline">
                Confirme seu e-mail
              </Link>{" "}
              e as doações feitas com ele passam a aparecer aqui.
            </p>
          )}
          {gifts.length === 0 ? (
            <p className="text-muted">
              Você ainda não fez doações com esta conta.{" "}
              <Link to="/eventos" className="font-bold text-coral-700 underline">
                Veja as festas
              </Link>
              .
            </p>
          ) : (
            <ul className="divide-y divide-coral-100">
              {gifts.map((gift) => (
                <li key={gift.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-bold break-words text-indigo-800">{gift.to}</p>
                    <p className="text-sm text-muted">
                      {gift.date} · Recibo nº {gift.receiptNumber}
                      {gift.cause ? ` · ${gift.cause}` : ""}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="font-extrabold">{gift.amount}</span>
                    <Badge tone={gift.status === "paga" ? "paid" : "pending"}>{STATUS_LABEL[gift.status] ?? gift.status}</Badge>
                    {gift.receiptPdf ? (
                      <a href={gift.receiptPdf} className="text-sm font-bold text-coral-700 underline">
                        Recibo (PDF)
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {statements.length > 0 ? (
            <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">Extrato anual com todos os recibos:</span>
              {statements.map((s) => (
                <a key={s.year} href={s.href} className={buttonVariants({ variant: "secondary", size: "sm" })}>
                  <Download size={16} aria-hidden="true" /> {s.year}
                </a>
              ))}
            </p>
          ) : null}
        </Section>

        {certificateYears.length > 0 ? (
          <Section
            id="certificados"
            title="Certificado digital de Assinante do Bem"
            description="Um por ano de assinatura, com o total destinado e um link para qualquer pessoa conferir a autenticidade."
          >
            <SubscriberCertificates years={certificateYears} />
          </Section>
        ) : null}

        <Section
          id="meus-dados"
          title="Meus dados"
          description="Baixe uma cópia de tudo o que guardamos sobre você: conta, doações, festas, assinatura e mensagens de contato."
        >
          <div className="flex flex-wrap gap-3">
            <a href="/conta/exportar/json" download className={buttonVariants({ variant: "secondary" })}>
              <Download size={18} aria-hidden="true" /> Baixar em JSON
            </a>
            <a href="/conta/exportar/csv" download className={buttonVariants({ variant: "secondary" })}>
              <Download size={18} aria-hidden="true" /> Baixar em CSV (planilha)
            </a>
          </div>
        </Section>

        <Section id="excluir-conta" title="Excluir conta">
          <div className="grid gap-2 text-sm text-ink">
            <p>Ao excluir a conta:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>você sai de todos os aparelhos e não consegue mais entrar;</li>
              <li>seu nome, e-mail e mensagens são apagados das suas doações, que passam a aparecer como anônimas;</li>
              <li>uma assinatura ativa do Assine o Bem é cancelada antes;</li>
              <li>suas festas ainda no ar são encerradas, com um aviso para quem abrir a página;</li>
              <li>os registros financeiros (valores e datas) ficam guardados sem o seu nome por 5 anos, como a lei exige.</li>
            </ul>
          </div>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="excluir" />
            <PasswordField
              label="Sua senha, para confirmar"
              name="password"
              autoComplete="current-password"
              required
              error={errors("excluir").password}
            />
            <Button
              type="submit"
              variant="destructive"
              loading={busy("excluir")}
              loadingText="Excluindo..."
              className={errors("excluir").password ? "sm:mb-7" : undefined}
            >
              <Trash2 size={18} aria-hidden="true" /> Excluir minha conta
            </Button>
          </Form>
        </Section>
      </div>
    </div>
  );
}
