import { KeyRound, LogIn, PartyPopper, UserPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { ChallengeField } from "~/components/abuse/challenge-field";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { focusFirstError, TextField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { tabLinkClass } from "~/components/ui/tabs";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { loginSchema, MIN_PASSWORD, recoverSchema, signupSchema } from "~/domain/accounts/auth-forms";
import type { FormResult } from "~/platform/forms/submission";
import { AuthShell, BackHome } from "./auth-shell";

export type AuthTab = "login" | "cadastro" | "recuperar";
export type AuthActionData = {
  intent: string;
  /** Conform's reply: field errors and what was typed (never the password). */
  result?: FormResult;
  formError?: { title: string; description: string };
  /** A proof-of-work to solve before sending again (too many failed attempts). */
  challenge?: { signature?: string } | null;
  sentTo?: string;
};

const SCHEMAS = { login: loginSchema, cadastro: signupSchema, recuperar: recoverSchema };

const TAB_OF_INTENT: Record<string, AuthTab> = { login: "login", signup: "cadastro", recover: "recuperar" };
const TAB_LABELS: Array<[AuthTab, string]> = [
  ["login", "Login"],
  ["cadastro", "Cadastro"],
  ["recuperar", "Recuperar"],
];

function tabHref(tab: AuthTab, redirectTo: string | null) {
  const params = new URLSearchParams({ tab });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `/auth?${params}`;
}

export function AuthPage({
  tab: urlTab,
  redirectTo,
  prefill = null,
  actionData,
}: {
  tab: AuthTab;
  redirectTo: string | null;
  /** Name and e-mail the server already knows (the gift before "Que tal todo mês?"): filled in, editable. */
  prefill?: { name: string; email: string } | null;
  actionData?: AuthActionData;
}) {
  // After a post the answer belongs to the form that was sent, whatever the URL says.
  const tab = (actionData && TAB_OF_INTENT[actionData.intent]) ?? urlTab;

  return (
    <AuthShell icon={PartyPopper} title="Acesse sua conta" description="Entre para criar sua festa solidária e acompanhar cada doação.">
      <nav aria-label="Opções de acesso" className="grid grid-cols-3 gap-1 rounded-2xl bg-sand p-1">
        {TAB_LABELS.map(([key, label]) => (
          <Link
            key={key}
            to={tabHref(key, redirectTo)}
            replace
            preventScrollReset
            aria-current={tab === key ? "page" : undefined}
            className={`${tabLinkClass(tab === key)} text-center`}
          >
            {label}
          </Link>
        ))}
      </nav>

      <div className="mt-6">
        {actionData?.formError ? (
          <Alert tone="danger" title={actionData.formError.title} className="mb-5">
            {actionData.formError.description}
          </Alert>
        ) : null}

        {tab === "recuperar" && actionData?.sentTo ? (
          <RecoverySent email={actionData.sentTo} redirectTo={redirectTo} />
        ) : (
          <AuthForm
            key={tab}
            tab={tab}
            redirectTo={redirectTo}
            prefill={prefill}
            result={actionData?.result}
            challenge={actionData?.challenge ?? null}
          />
        )}
      </div>
      <BackHome />
    </AuthShell>
  );
}

function AuthForm({
  tab,
  redirectTo,
  prefill,
  result,
  challenge,
}: {
  tab: AuthTab;
  redirectTo: string | null;
  prefill: { name: string; email: string } | null;
  result?: FormResult;
  /** A proof-of-work to solve before sending again (docs/decisions/102-abuse-limits.md). */
  challenge: AuthActionData["challenge"];
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth");
  const [form, fields] = useSchemaForm(SCHEMAS[tab], result);
  const errorOf = (name: string) => (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors;
  const valueOf = (name: string) =>
    (fields as Record<string, { initialValue?: unknown } | undefined>)[name]?.initialValue as string | undefined;

  useEffect(() => {
    if (result?.error) focusFirstError(formRef.current);
  }, [result]);

  return (
    <Form
      id={form.id}
      ref={formRef}
      method="post"
      action={tabHref(tab, redirectTo)}
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-5"
    >
      <input type="hidden" name="intent" value={tab === "login" ? "login" : tab === "cadastro" ? "signup" : "recover"} />
      <ChallengeField challenge={challenge} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {tab === "cadastro" ? (
        <TextField
          label="Nome completo"
          name="name"
          autoComplete="name"
          required
          maxLength={120}
          defaultValue={valueOf("name") ?? (prefill?.name || undefined)}
          error={errorOf("name")}
        />
      ) : null}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete={tab === "cadastro" ? "email" : "username"}
        required
        maxLength={254}
        defaultValue={valueOf("email") ?? prefill?.email}
        error={errorOf("email")}
        placeholder="voce@exemplo.com.br"
      />
      {tab === "recuperar" ? (
        <p className="-mt-2 text-sm text-muted">Enviaremos um link para você criar uma nova senha. Ele vale por 1 hora.</p>
      ) : (
        <PasswordField
          label="Senha"
          name="password"
          autoComplete={tab === "cadastro" ? "new-password" : "current-password"}
          required
          minLength={tab === "cadastro" ? MIN_PASSWORD : undefined}
          maxLength={128}
          error={errorOf("password")}
          hint={tab === "cadastro" ? "No mínimo 6 caracteres." : undefined}
        />
      )}
      <SubmitButton tab={tab} busy={Boolean(busy)} />
      {tab === "cadastro" ? (
        <p className="text-center text-sm text-muted">
          Ao criar a conta, você concorda com os{" "}
          <Link to="/termos-de-uso" className="font-bold text-coral-700 underline-offset-2 hover:underline">
            Termos de Uso
          </Link>{" "}
          e a{" "}
          <Link to="/politica-privacidade" className="font-bold text-coral-700 underline-offset-2 hover:underline">
            Política de Privacidade
          </Link>
          .
        </p>
      ) : null}
      {tab === "login" ? (
        <p className="text-center text-sm text-muted">
          Esqueceu a senha?{" "}
          <Link to={tabHref("recuperar", redirectTo)} replace className="font-bold text-coral-700 underline-offset-2 hover:underline">
            Recupere o acesso
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

function SubmitButton({ tab, busy }: { tab: AuthTab; busy: boolean }) {
  if (tab === "login")
    return (
      <Button type="submit" size="lg" loading={busy} loadingText="Entrando...">
        <LogIn size={20} strokeWidth={2} aria-hidden="true" /> Entrar
      </Button>
    );
  if (tab === "cadastro")
    return (
      <Button type="submit" size="lg" loading={busy} loadingText="Criando conta...">
        <UserPlus size={20} strokeWidth={2} aria-hidden="true" /> Criar conta
      </Button>
    );
  return (
    <Button type="submit" size="lg" loading={busy} loadingText="Enviando...">
      <KeyRound size={20} strokeWidth={2} aria-hidden="true" /> Enviar link de recuperação
    </Button>
  );
}

function RecoverySent({ email, redirectTo }: { email: string; redirectTo: string | null }) {
  return (
    <div className="grid gap-5">
      <Alert tone="success" title="E-mail enviado!">
        <p>Verifique sua caixa de entrada para redefinir sua senha.</p>
        <p className="mt-2 text-muted">
          Se houver uma conta com <strong className="text-ink [overflow-wrap:anywhere]">{email}</strong>, o link chega em alguns minutos e
          vale por 1 hora. Confira também a caixa de spam.
        </p>
      </Alert>
      <Link to={tabHref("login", redirectTo)} replace className={buttonVariants({ variant: "secondary", size: "lg" })}>
        Voltar para o login
      </Link>
    </div>
  );
}
