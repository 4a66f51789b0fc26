import { Link } from "react-router";
import type { Route } from "./+types/conta.confirmar-email";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { confirmEmailChange } from "~/domain/accounts/account.server";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () => pageMeta({ title: "Confirmar novo e-mail", description: "Confirmação de troca de e-mail.", noindex: true });

const FAILURES = {
  invalid: {
    title: "Link inválido",
    text: "Este link não é válido. Confira se copiou o endereço inteiro ou peça a troca de novo em Minha conta.",
  },
  expired: { title: "Link expirado", text: "Este link venceu (ele vale por 24 horas). Peça a troca de novo em Minha conta." },
  stale: {
    title: "Link já não vale",
    text: "O e-mail da conta mudou depois que este link foi enviado. Peça a troca de novo em Minha conta.",
  },
  taken: { title: "E-mail em uso", text: "Este endereço já é usado por outra conta. Nada foi alterado." },
} as const;

/** The link in the e-mail sent to the new address: anyone holding it may use it (it proves the address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  const outcome = await confirmEmailChange(token, context.clock.now(), context);
  return outcome.ok ? { ok: true as const, email: outcome.email } : { ok: false as const, ...FAILURES[outcome.error] };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-14">
      <h1 className="text-3xl">Troca de e-mail</h1>
      <div className="mt-6">
        {loaderData.ok ? (
          <Alert tone="success" title="E-mail confirmado!">
            A sua conta agora usa <strong className="break-all">{loaderData.email}</strong>. Use este endereço para entrar. Avisamos o
            endereço anterior e encerramos as outras sessões abertas.
          </Alert>
        ) : (
          <Alert tone="danger" title={loaderData.title}>
            {loaderData.text}
          </Alert>
        )}
      </div>
      <Link to="/conta" className={buttonVariants({ className: "mt-6" })}>
        Ir para Minha conta
      </Link>
    </div>
  );
}
