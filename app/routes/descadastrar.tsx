import { MailX } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/descadastrar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { MAILING_LISTS, readUnsubscribeToken, unsubscribe } from "~/platform/mail/mailing-lists.server";
import { pageMeta } from "~/platform/ui/meta";

/**
 * /descadastrar?t=…: the unsubscribe link of list e-mail (monthly impact report, party news).
 * GET asks for confirmation (mail scanners follow links); POST — the button here, or a mail
 * client's one-click request (RFC 8058) — records it. A tampered or expired link changes nothing.
 */
const BAD_LINK = {
  invalid: "Este link de descadastro não é válido. Confira se ele foi copiado inteiro do e-mail.",
  expired: "Este link de descadastro expirou. Use o link de um e-mail mais recente.",
} as const;

function maskEmail(email: string) {
  const [user = "", domain = ""] = email.split("@");
  return `${user.slice(0, 2)}${"•".repeat(Math.max(1, user.length - 2))}@${domain}`;
}

function read(request: Request, now: Date) {
  const token = new URL(request.url).searchParams.get("t");
  const parsed = readUnsubscribeToken(token, now);
  if (!parsed.ok) return { ok: false as const, error: BAD_LINK[parsed.error] };
  return { ok: true as const, email: parsed.email, list: parsed.list, listLabel: MAILING_LISTS[parsed.list] };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const link = read(request, context.clock.now());
  if (!link.ok) return data({ state: "bad" as const, error: link.error }, { status: 400 });
  return { state: "ask" as const, email: maskEmail(link.email), listLabel: link.listLabel };
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = read(request, context.clock.now());
  if (!link.ok) return data({ state: "bad" as const, error: link.error }, { status: 400 });
  await unsubscribe(link.email, link.list);
  return { state: "done" as const, email: maskEmail(link.email), listLabel: link.listLabel };
}

export const meta = () =>
  pageMeta({ title: "Descadastrar e-mails", description: "Deixe de receber um tipo de e-mail da Festa Solidária.", noindex: true });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 md:py-16">
      <h1 className="flex items-center gap-3 text-3xl">
        <MailX size={30} strokeWidth={2} className="text-coral-600" aria-hidden="true" />
        Descadastrar e-mails
      </h1>
      <Card className="mt-6">
        {view.state === "bad" ? (
          <Alert tone="danger" title="Link inválido">
            {view.error} Nada foi alterado.
          </Alert>
        ) : view.state === "done" ? (
          <Alert tone="success" title="Pronto, você foi descadastrado">
            O endereço {view.email} não receberá mais: {view.listLabel}. E-mails sobre as suas doações e a sua conta continuam chegando.
          </Alert>
        ) : (
          <>
            <p>
              Deixar de receber <strong>{view.listLabel}</strong> no endereço <strong>{view.email}</strong>?
            </p>
            <Form method="post" className="mt-4">
              <Button type="submit">Confirmar descadastro</Button>
            </Form>
          </>
        )}
      </Card>
      <Link to="/" className={buttonVariants({ variant: "ghost", className: "mt-4" })}>
        Voltar para o início
      </Link>
    </div>
  );
}
