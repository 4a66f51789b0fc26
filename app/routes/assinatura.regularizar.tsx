import { data, Form, Link, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { Route } from "./+types/assinatura.regularizar";
import { PixCode } from "~/components/payments/pix-code";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { paymentMethodPortal } from "~/domain/subscriptions/manage.server";
import { describeRecovery, ensureRecoveryPix, readRecoveryLink, spendRecoveryLink } from "~/domain/subscriptions/recovery-link.server";
import { privatePageHeaders } from "~/platform/http/cache-headers";
import { readFormData } from "~/platform/http/form-data.server";
import { logger } from "~/platform/logger.server";
import { formatCents } from "~/platform/money";
import { formatDate } from "~/platform/dates";
import { pixPayeeSentence } from "~/platform/operator";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Regularizar assinatura", description: "Pague a mensalidade em atraso do Assine o Bem.", noindex: true });

// One subscriber's page, reached through a token.
export const headers = privatePageHeaders;

const BAD_LINK = {
  invalid: { title: "Link inválido", text: "Este link não é válido: confira se copiou o endereço inteiro." },
  expired: { title: "Link expirado", text: "Este link venceu (ele vale por 10 dias). Entre na sua conta para ver a assinatura." },
} as const;

/**
 * The recovery e-mail's link (issue 30, docs/recovery.md): a failed month, paid by a one-off Pix or
 * (card) a new card in the provider's portal. Opening it only shows the month (mail scanners open
 * links); the buttons post. Once the month is paid it only says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const now = context.clock.now();
  const link = await readRecoveryLink(token, now);
  if (!link.ok) return data({ view: "bad-link" as const, ...BAD_LINK[link.error] }, { status: link.error === "expired" ? 410 : 400 });
  const month = describeRecovery(link.recovery, link.subscription);
  const { recovery } = link;
  const pix =
    recovery.status !== "recovered" && recovery.pixTxid && recovery.pixCopyPaste && recovery.pixExpiresAt && recovery.pixExpiresAt > now
      ? {
          copyPaste: recovery.pixCopyPaste,
          qr: await qrCodeDataUrl(recovery.pixCopyPaste),
          expiresAt: recovery.pixExpiresAt.toISOString(),
          testBank: context.payments.can(context.payments.pix?.name, "testBank") ? `/sandbox/pix/${recovery.pixTxid}` : null,
        }
      : null;
  return {
    view: "month" as const,
    token: token!,
    month,
    pix,
    canUseCard: month.method === "card",
    payee: pixPayeeSentence(context.config.operator),
  };
}

const actionSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(2000)),
  intent: z.enum(["pix", "cartao"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ message: BAD_LINK.invalid.text }, { status: 400 });
  const { token, intent } = parsed.data;
  const now = context.clock.now();
  const link = await readRecoveryLink(token, now);
  if (!link.ok) return data({ message: BAD_LINK[link.error].text }, { status: link.error === "expired" ? 410 : 400 });
  if (link.recovery.status === "recovered") return data({ message: "Este mês já está pago. Obrigado!" }, { status: 409 });
  const here = `/assinatura/regularizar?token=${encodeURIComponent(token)}`;
  if (intent === "pix") {
    try {
      await ensureRecoveryPix(link.recovery, { provider: context.payments.pix, config: context.config, now });
    } catch (error) {
      logger.error({ recoveryId: link.recovery.id, error: (error as Error).message }, "recovery pix failed");
      return data({ message: "Não conseguimos gerar o Pix agora. Tente de novo em alguns minutos." }, { status: 503 });
    }
    return redirect(here);
  }
  if (link.recovery.method !== "card") return data({ message: "No Pix Automático, pague este mês pelo Pix." }, { status: 400 });
  if (!(await spendRecoveryLink(token)))
    return data({ message: "Este link já abriu a troca do cartão. Para outra troca, entre na sua conta." }, { status: 409 });
  const url = await paymentMethodPortal(link.subscription, `${context.config.PUBLIC_URL}/conta`, context);
  if (!url) return data({ message: "Não conseguimos abrir a troca do cartão agora. Pague este mês pelo Pix." }, { status: 503 });
  return redirect(url);
}

export default function RecoverSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const pending = navigation.formData?.get("intent");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Assine o Bem</p>
      <h1 className="mt-1 text-3xl md:text-4xl">Regularizar assinatura</h1>
      {actionData?.message ? (
        <Alert tone="danger" title="Não foi possível" className="mt-6">
          {actionData.message}
        </Alert>
      ) : null}
      {loaderData.view === "bad-link" ? (
        <Alert tone="danger" title={loaderData.title} className="mt-6">
          {loaderData.text}
        </Alert>
      ) : loaderData.month.status === "recovered" ? (
        <Alert tone="success" title="Tudo certo!" className="mt-6">
          Este mês do Plano {loaderData.month.planName} já está pago e a assinatura está ativa. O recibo foi enviado por e-mail.
        </Alert>
      ) : (
        <Card className="mt-6 p-5 md:p-6">
          <h2 className="text-xl">
            Plano {loaderData.month.planName}: {formatCents(loaderData.month.amountCents)} em atraso
          </h2>
          <p className="mt-2 text-muted">
            {loaderData.month.status === "suspended"
              ? "A assinatura está suspensa. Pague este mês e ela volta a ficar ativa na hora."
              : loaderData.month.nextAttemptAt
                ? `Vamos tentar cobrar de novo em ${formatDate(loaderData.month.nextAttemptAt)}. Se preferir, resolva agora.`
                : "Resolva agora para manter seu apoio em dia."}
          </p>
          {loaderData.pix ? (
            <PixCode
              qr={loaderData.pix.qr}
              qrAlt="QR Code do Pix deste mês"
              copyPaste={loaderData.pix.copyPaste}
              copyLabel="Copiar código Pix"
              payee={loaderData.payee}
            >
              <p className="text-sm text-muted">
                Código válido até {formatDate(loaderData.pix.expiresAt)}. Assim que o Pix chegar, a assinatura volta a ficar ativa e o
                recibo vai para o seu e-mail. Depois de pagar, recarregue esta página.
              </p>
              {loaderData.pix.testBank ? (
                <Link to={loaderData.pix.testBank} className={buttonVariants({ variant: "secondary" })}>
                  Abrir banco de testes
                </Link>
              ) : null}
            </PixCode>
          ) : (
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <Form method="post">
                <input type="hidden" name="token" value={loaderData.token} />
                <Button
                  type="submit"
                  name="intent"
                  value="pix"
                  loading={busy && pending === "pix"}
                  loadingText="Gerando Pix..."
                  disabled={busy}
                >
                  Pagar este mês por Pix
                </Button>
              </Form>
              {loaderData.canUseCard ? (
                <Form method="post">
                  <input type="hidden" name="token" value={loaderData.token} />
                  <Button
                    type="submit"
                    name="intent"
                    value="cartao"
                    variant="secondary"
                    loading={busy && pending === "cartao"}
                    loadingText="Abrindo..."
                    disabled={busy}
                  >
                    Atualizar cartão
                  </Button>
                </Form>
              ) : null}
            </div>
          )}
          <p className="mt-4 text-xs text-muted">Este link serve para um único pagamento deste mês e vale por 10 dias.</p>
        </Card>
      )}
      <Link to="/conta" className={buttonVariants({ variant: "secondary", className: "mt-6" })}>
        Ir para minha conta
      </Link>
    </div>
  );
}
