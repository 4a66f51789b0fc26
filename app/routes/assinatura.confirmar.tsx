import { data, Form, Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { Route } from "./+types/assinatura.confirmar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { applyPlanLinkChange, findSubscriptionById } from "~/domain/subscriptions/manage.server";
import { confirmPlanChange, describeChange, readPlanChangeToken } from "~/domain/subscriptions/plan-change-confirmation.server";
import { privatePageHeaders } from "~/platform/http/cache-headers";
import { readFormData } from "~/platform/http/form-data.server";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () => pageMeta({ title: "Confirmar mudança", description: "Confirme a mudança na sua assinatura.", noindex: true });

// One subscriber's page, reached through a token.
export const headers = privatePageHeaders;

const BAD_LINK = {
  invalid: { title: "Link inválido", text: "Este link de confirmação não é válido: confira se copiou o endereço inteiro. Nada mudou." },
  expired: { title: "Link expirado", text: "Este link de confirmação venceu (ele vale por 1 hora). Nada mudou: peça a mudança de novo." },
} as const;

/**
 * The single-use link a costly plan change sends (issue 31). Opening it only SHOWS the change (mail
 * scanners open links); the button posts the token, which is spent then.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  const link = readPlanChangeToken(token, context.clock.now());
  if (!link.ok) return data({ view: "bad-link" as const, ...BAD_LINK[link.error] }, { status: link.error === "expired" ? 410 : 400 });
  const { title } = describeChange(link.change, link.plan);
  return { view: "confirm" as const, token: token!, title, to: { name: link.plan.name, price: formatCents(link.plan.priceCents) } };
}

const confirmSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2000)) });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = confirmSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ ok: false, message: BAD_LINK.invalid.text }, { status: 400 });
  const result = await confirmPlanChange(
    parsed.data.token,
    { ...context, now: context.clock.now() },
    { findSubscription: (id) => findSubscriptionById(id), apply: applyPlanLinkChange },
  );
  return data({ ok: result.ok, message: result.message }, { status: result.ok ? 200 : result.error === "used" ? 409 : 400 });
}

export default function ConfirmPlanChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-xl px-4 py-14">
      <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Assine o Bem</p>
      <h1 className="mt-1 text-3xl">Confirmar mudança</h1>
      {loaderData.view === "bad-link" ? (
        <Alert tone="danger" title={loaderData.title} className="mt-6">
          {loaderData.text}
        </Alert>
      ) : actionData ? (
        <Alert tone={actionData.ok ? "success" : "danger"} title={actionData.ok ? "Pronto!" : "Não foi possível"} className="mt-6">
          {actionData.message}
        </Alert>
      ) : (
        <Card className="mt-6 p-5 md:p-6">
          <h2 className="text-xl">{loaderData.title}</h2>
          <p className="mt-2 text-muted">
            Novo valor: <strong className="text-indigo-800">{loaderData.to.price}/mês</strong>, a partir da próxima cobrança. Este link vale
            uma única vez.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" loading={busy} loadingText="Confirmando...">
              Confirmar mudança
            </Button>
          </Form>
        </Card>
      )}
      <Link to="/assine-o-bem" className={buttonVariants({ variant: "secondary", className: "mt-6" })}>
        Ir para Assine o Bem
      </Link>
    </div>
  );
}
