import { data, redirect } from "react-router";
import { PixPaid, PixPayment, PixUnavailable } from "~/components/donation/pix-payment";
import { checkPixGiftPaid, findPixGift, verifyPixPageRef } from "~/domain/donations/pix-checkout.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { ensurePixCharge } from "~/domain/donations/pix-checkout.server";
import { pixPageSchema } from "~/domain/donations/pix-form";
import { CheckoutError } from "~/domain/payments";
import { formatReceiptNumber, receiptPdfPath } from "~/domain/receipts";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { logger } from "~/platform/logger.server";
import { pixPayeeSentence } from "~/platform/operator";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { pageMeta } from "~/platform/ui/meta";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { monthlyShareSentence } from "~/domain/donations/fee";
import { monthlyNudgeOffer } from "~/domain/subscriptions/monthly-nudge.server";
import type { Route } from "./+types/doar.pix.$ref";

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: data?.state === "paga" ? "Doação Confirmada!" : "Pague com Pix",
    description: "Pague sua doação com Pix: QR code ou copia e cola.",
    noindex: true,
  });

// A page of one donor: never stored by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

async function loadGift(ref: string | undefined, secret: string) {
  const id = verifyPixPageRef(ref, secret);
  const gift = id ? await findPixGift(id) : null;
  if (!gift) throw data(null, { status: 404 });
  return gift;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const gift = await loadGift(params.ref, context.config.APP_SECRET);
  const base = { amountCents: gift.amountCents, destination: gift.destination, institution: gift.institution, partyCode: gift.partyCode };
  if (gift.status === "paga") {
    // "Que tal todo mês?" (decision 213): only once paid; "Agora não" reloads without it.
    const offer =
      new URL(request.url).searchParams.get("mensal") === "depois"
        ? null
        : await monthlyNudgeOffer({
            donationId: gift.id,
            viewerUserId: (await getOptionalUser(request))?.id ?? null,
            now: context.clock.now(),
          });
    return {
      ...base,
      state: "paga" as const,
      // The receipt (issue 16) and a party address no cache has served before this gift (decision 134).
      receipt: {
        number: formatReceiptNumber(gift.receiptNumber),
        page: `/recibo/${gift.receiptCode}`,
        pdf: receiptPdfPath(gift.receiptCode),
      },
      partyLink: gift.partyCode ? `/festa/${gift.partyCode}?doacao=${gift.receiptNumber}` : null,
      nudge: offer && {
        ...offer,
        pixAutomatico: context.payments.with("pixAutomatico") !== null,
        share: monthlyShareSentence(context.config.PLATFORM_FEE_PERCENT),
        dismiss: `${new URL(request.url).pathname}?mensal=depois`,
      },
    };
  }
  if (gift.status !== "pendente") return { ...base, state: "encerrada" as const };
  const now = context.clock.now();
  const charge = gift.charge && gift.charge.expiresAt.getTime() > now.getTime() ? gift.charge : null;
  if (!charge) {
    const failed = new URL(request.url).searchParams.has("erro");
    return { ...base, state: failed ? ("erro" as const) : gift.charge ? ("expirada" as const) : ("erro" as const), flagged: gift.flagged };
  }
  return {
    ...base,
    state: "aguardando" as const,
    flagged: gift.flagged,
    copyPaste: charge.copyPaste,
    qr: await qrCodeDataUrl(charge.copyPaste),
    expiresAt: charge.expiresAt.toISOString(),
    serverNow: now.toISOString(),
    // The tester's way to the sandbox's "bank" (only for a provider our test bank pays).
    testBank: context.payments.can(gift.provider, "testBank") ? `/sandbox/pix/${charge.txid}` : null,
    payee: pixPayeeSentence(context.config.operator),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const gift = await loadGift(params.ref, context.config.APP_SECRET);
  const submission = parseFormSubmission(await readFormData(request), pixPageSchema);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const page = new URL(request.url).pathname;
  const provider = context.payments.byName(gift.provider);
  if (submission.value.intent === "ja-paguei") {
    try {
      const outcome = await checkPixGiftPaid(gift, { provider, clientIp: clientIpFromContext(context) }, context);
      if (outcome === "limited")
        return data(
          {
            error:
              "Você já pediu para conferir há pouco. Aguarde alguns minutos: assim que o banco confirmar, esta página atualiza sozinha.",
          },
          { status: 429, headers: { "Retry-After": "60" } },
        );
    } catch (error) {
      // The webhook will still come: the page shows the status we have.
      logger.warn({ donationId: gift.id, error: (error as Error).message }, "pix status re-read failed");
    }
    return redirect(page);
  }
  if (!provider) throw data(null, { status: 404 });
  try {
    await ensurePixCharge(gift, { provider, config: context.config, clock: context.clock });
  } catch (error) {
    logger.error({ donationId: gift.id, error: (error as Error).message }, "pix charge failed");
    const message = error instanceof CheckoutError ? error.message : "Erro ao gerar o código Pix.";
    return data({ error: `${message} Tente novamente em instantes.` }, { status: 502 });
  }
  return redirect(page);
}

export default function DoarPix({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  if (d.state === "paga")
    return <PixPaid institution={d.institution} amountCents={d.amountCents} receipt={d.receipt} partyLink={d.partyLink} nudge={d.nudge} />;
  if (d.state === "aguardando") return <PixPayment {...d} notice={actionData?.error ?? null} />;
  return <PixUnavailable state={d.state} error={actionData?.error ?? null} amountCents={d.amountCents} destination={d.destination} />;
}
