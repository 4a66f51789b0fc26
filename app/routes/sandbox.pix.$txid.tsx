import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { SandboxFrame } from "~/components/payments/sandbox-checkout";
import { Button } from "~/components/ui/button";
import { expireSandboxPixCharge, findSandboxPixCharge } from "~/domain/donations/pix-checkout.server";
import { sandboxPixSchema } from "~/domain/donations/pix-form";
import { sandboxEndToEndId, sandboxPixEvent } from "~/domain/payments/sandbox-pix.server";
import { findSandboxRecoveryPix } from "~/domain/subscriptions/index.server";
import type { Config } from "~/platform/config.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { formatCents, parseReaisToCents } from "~/platform/money";
import type { Route } from "./+types/sandbox.pix.$txid";

export const handle = { bare: true };

export const meta = () => [{ title: "Banco de testes — pagar Pix" }, { name: "robots", content: "noindex" }];

const TXID = /^[A-Za-z0-9]{25}$/;

async function loadCharge(txid: string | undefined, config: Config) {
  if (!config.paymentsSandbox || !txid || !TXID.test(txid)) throw data(null, { status: 404 });
  // A gift's code, or a failed month's (the recovery link's one-off Pix, issue 30).
  const charge = (await findSandboxPixCharge(txid)) ?? (await findSandboxRecoveryPix(txid));
  if (!charge) throw data(null, { status: 404 });
  return charge;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const c = await loadCharge(params.txid, context.config);
  return {
    amountCents: c.amountCents,
    destination: c.destination,
    copyPaste: c.copyPaste,
    expired: c.expiresAt.getTime() <= context.clock.now().getTime(),
    expiresAt: c.expiresAt.toISOString(),
  };
}

/**
 * The sandbox's bank: like a real one it only sends the Pix; the result reaches our webhook later,
 * signed. "Pagar outro valor" and "Pagar depois do vencimento" exercise the checks that flag a
 * payment instead of counting it.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const c = await loadCharge(params.txid, context.config);
  const submission = parseFormSubmission(await readFormData(request), sandboxPixSchema);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent, valor } = submission.value;
  const now = context.clock.now();
  if (intent === "expirar") {
    if ("donationId" in c) await expireSandboxPixCharge(c.txid, now);
    return redirect(`/sandbox/pix/${c.txid}?resultado=expirado`);
  }
  const amountCents = valor.trim() ? parseReaisToCents(valor) : c.amountCents;
  if (!amountCents || amountCents <= 0) return data({ error: "Informe um valor válido, ex.: 50,00." }, { status: 400 });
  const paidAt = intent === "pagar-atrasado" ? new Date(Math.max(now.getTime(), c.expiresAt.getTime() + 60_000)) : now;
  await context.payments.sandboxEvents.deliver(
    sandboxPixEvent({ txid: c.txid, endToEndId: sandboxEndToEndId(paidAt), amountCents, paidAt: Math.floor(paidAt.getTime() / 1000) }, now),
  );
  return redirect(`/sandbox/pix/${c.txid}?resultado=pago`);
}

export default function SandboxPix({ loaderData, actionData }: Route.ComponentProps) {
  const { amountCents, destination, copyPaste, expired } = loaderData;
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = search.get("resultado");
  return (
    <SandboxFrame
      label="Pagar Pix"
      summary={
        <>
          <h1 className="mt-4 text-base font-semibold text-slate-600">Banco de testes — pagar Pix</h1>
          <p className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">{formatCents(amountCents)}</p>
          <p className="mt-2 text-sm text-slate-600">Doação para {destination}</p>
          <p className="mt-4 font-mono text-xs break-all text-slate-500">{copyPaste}</p>
        </>
      }
    >
      {result === "pago" ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">
          Pix enviado. Volte à página da doação: ela mostra a confirmação sozinha.
        </p>
      ) : result === "expirado" ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          Código expirado. A página da doação oferece um novo código.
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <div className="space-y-4">
        <Form method="post">
          {expired ? (
            <p className="mb-2 text-sm font-semibold text-slate-700">Este código já venceu: um banco real recusaria o pagamento.</p>
          ) : null}
          <Button type="submit" name="intent" value="pagar" size="lg" className="w-full" disabled={busy || expired}>
            Pagar {formatCents(amountCents)}
          </Button>
        </Form>
        <Form method="post" className="rounded-lg border border-slate-200 p-3">
          <label htmlFor="valor" className="text-sm font-semibold text-slate-700">
            Pagar outro valor (R$)
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="valor"
              name="valor"
              inputMode="decimal"
              placeholder="ex.: 45,00"
              className="h-11 w-full rounded-lg border border-slate-300 px-3"
            />
            <Button type="submit" name="intent" value="pagar" variant="secondary" disabled={busy}>
              Pagar
            </Button>
          </div>
        </Form>
        <Form method="post" className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" name="intent" value="pagar-atrasado" variant="secondary" className="w-full" disabled={busy}>
            Pagar depois do vencimento
          </Button>
          <Button type="submit" name="intent" value="expirar" variant="secondary" className="w-full" disabled={busy || expired}>
            Deixar expirar
          </Button>
        </Form>
        <p className="text-xs text-slate-600">
          O pagamento chega à doação pelo webhook, assinado, como num banco de verdade. Outro valor ou depois do vencimento: o Pix fica
          registrado e sinalizado para a equipe, sem contar na festa.
        </p>
      </div>
    </SandboxFrame>
  );
}
