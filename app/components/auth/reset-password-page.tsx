import { CircleCheck, KeyRound, LinkIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { focusFirstError } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { MIN_PASSWORD, resetFormAlert, resetSchema } from "~/domain/accounts/auth-forms";
import type { FormResult } from "~/platform/forms/submission";
import { AuthShell, BackHome } from "./auth-shell";

export type ResetActionData = { result?: FormResult; formError?: { title: string; description: string } };

export function ResetPasswordPage({
  state,
  token,
  actionData,
  delaySeconds,
}: {
  state: "form" | "invalid" | "done";
  token: string | null;
  actionData?: ResetActionData;
  delaySeconds: number;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(resetSchema, actionData?.result);
  // The same alert whether the server or the browser found the mistake.
  const formError =
    resetFormAlert({ password: fields.password.errors, confirm: fields.confirm.errors }) ??
    (actionData?.result ? undefined : actionData?.formError);

  useEffect(() => {
    if (state === "form") return;
    const timer = setTimeout(() => navigate("/auth", { replace: true }), delaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [state, delaySeconds, navigate]);

  useEffect(() => {
    if (actionData?.result?.error) focusFirstError(formRef.current);
  }, [actionData]);

  if (state === "invalid") {
    return (
      <AuthShell icon={LinkIcon} title="Redefinir senha">
        <Alert tone="danger" title="Link inválido">
          <p>Este link de recuperação é inválido ou expirou.</p>
          <p className="mt-2 text-muted">Levando você para a página de acesso… Peça um novo link na aba Recuperar.</p>
        </Alert>
        <Link to="/auth?tab=recuperar" className={buttonVariants({ variant: "secondary", size: "lg", className: "mt-5 w-full" })}>
          Pedir um novo link
        </Link>
        <BackHome />
      </AuthShell>
    );
  }

  if (state === "done") {
    return (
      <AuthShell icon={CircleCheck} title="Redefinir senha">
        <Alert tone="success" title="Senha atualizada!">
          <p>Sua senha foi alterada com sucesso. Faça login com a nova senha.</p>
        </Alert>
        <Link to="/auth" className={buttonVariants({ size: "lg", className: "mt-5 w-full" })}>
          Ir para o login
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      icon={KeyRound}
      title="Redefinir senha"
      description="Escolha uma nova senha para sua conta. Por segurança, vamos encerrar as sessões abertas."
    >
      {formError ? (
        <Alert tone="danger" title={formError.title} className="mb-5">
          {formError.description}
        </Alert>
      ) : null}
      <Form id={form.id} ref={formRef} method="post" onSubmit={form.onSubmit} noValidate className="grid gap-5">
        <input type="hidden" name="token" value={token ?? ""} />
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <PasswordField
          label="Nova senha"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={128}
          error={fields.password.errors}
          hint="No mínimo 6 caracteres."
        />
        <PasswordField
          label="Confirme a nova senha"
          name="confirm"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={128}
          error={fields.confirm.errors}
        />
        <Button type="submit" size="lg" loading={navigation.state === "submitting"} loadingText="Salvando...">
          <KeyRound size={20} strokeWidth={2} aria-hidden="true" /> Salvar nova senha
        </Button>
      </Form>
      <BackHome />
    </AuthShell>
  );
}
