import { Download, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/conta";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { currentSessionId, requireUser } from "~/domain/accounts/guards.server";
import { listMembershipsOf } from "~/domain/organizations/institution-team.server";
import { TeamInstitutions } from "~/components/institutions/team-institutions";
import { accountSubject, findAccountProfile } from "~/domain/accounts/account.server";
import { type AccountActionData, type AccountIntent, runAccountAction } from "~/domain/accounts/account-actions.server";
import { listGiftsOf } from "~/domain/accounts/personal-data.server";
import { receiptYearsOf } from "~/domain/receipts/receipts.server";
import { receiptPdfPath, yearlyStatementPath } from "~/domain/receipts";
import { subscriberCertificateYears } from "~/domain/impact/certificates.server";
import { SubscriberCertificates } from "~/components/account/subscriber-certificates";
import { AccountSection as Section } from "~/components/account/account-section";
import { MyGifts } from "~/components/account/my-gifts";
import { SubscriberBenefits } from "~/components/account/subscriber-benefits";
import { BENEFIT_INTENTS } from "~/domain/subscriptions/benefit-forms";
import { loadSubscriberBenefits, runBenefitAction } from "~/domain/subscriptions/benefits-account.server";
import { findAccountRecovery } from "~/domain/subscriptions/recovery-link.server";
import { RecoveryNotice } from "~/components/subscriptions/recovery-notice";
import { ProfilePhoto } from "~/components/account/profile-photo";
import { personAvatar } from "~/domain/parties/party-images";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { legalVersionLabel, TERMS_VERSION } from "~/domain/accounts/privacy-policy";

export const meta = () => pageMeta({ title: "Minha conta", description: "Seus dados, suas doações e sua privacidade.", noindex: true });

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

type Intent = AccountIntent | (typeof BENEFIT_INTENTS)[number];
type ActionData = AccountActionData<Intent>;

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await readFormData(request);
  // The subscriber's benefits (mural, guided visit) have their own forms and checks.
  if ((BENEFIT_INTENTS as readonly unknown[]).includes(form.get("intent"))) {
    const { status, ...body } = await runBenefitAction(form, session, { ...context, now: context.clock.now() });
    return data<ActionData>(body, { status });
  }
  const result = await runAccountAction(request, form, session, {
    ...context,
    now: context.clock.now(),
    ip: clientIpFromContext(context),
    sessionId: await currentSessionId(request),
  });
  const headers = new Headers();
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.kind === "deleted")
    return redirectWithToast(
      "/",
      { type: "success", title: "Conta excluída", description: "Seus dados pessoais foram apagados. Obrigado por ter feito parte!" },
      { headers },
    );
  return data<ActionData>(result.body, { status: result.status, headers });
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

        <MyGifts gifts={gifts} statements={statements} emailVerified={profile.emailVerified} />

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
