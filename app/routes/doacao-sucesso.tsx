import { data } from "react-router";
import { GiftConfirming, GiftNotFound, GiftNotPaid, GiftPaid } from "~/components/donation/gift-result";
import { findGiftOutcome, verifyGiftRef } from "~/domain/donations/gift-result.server";
import { findGiftReceipt } from "~/domain/receipts/receipts.server";
import { formatReceiptNumber, receiptPath, receiptPdfPath } from "~/domain/receipts";
import { formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { monthlyShareSentence } from "~/domain/donations/fee";
import { monthlyNudgeOffer } from "~/domain/subscriptions/monthly-nudge.server";
import type { Route } from "./+types/doacao-sucesso";

const TITLES = {
  paid: "Doação Confirmada!",
  waiting: "Confirmando seu pagamento",
  "not-paid": "Pagamento não concluído",
  unknown: "Doação não encontrada",
};

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: TITLES[data?.state ?? "unknown"],
    description: "O resultado da sua doação na Festa Solidária: confirmação, recibo e próximos passos.",
    noindex: true,
  });

/** The provider's confirmation usually lands within seconds: re-check every 3 s, for about a minute. */
export const RECHECK_SECONDS = 3;
export const MAX_CHECKS = 20;

/**
 * The gift named by the signed `?ref=` the checkout gave the provider (decision 134), with its
 * real status: only a gift the provider confirmed (its ledger row) is shown as confirmed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const now = context.clock.now();
  const ref = verifyGiftRef(search.get("ref"), now);
  const gift = ref.ok ? await findGiftOutcome(ref.donationId) : null;
  if (!ref.ok || !gift) {
    const reason = ref.ok ? ("invalid" as const) : ref.error;
    return data({ state: "unknown" as const, reason }, { status: reason === "expired" ? 410 : 404 });
  }
  const base = {
    amount: formatCents(gift.amountCents),
    institution: gift.institution,
    party: gift.party,
  };
  if (gift.status === "paga") {
    const receipt = await findGiftReceipt(gift.id);
    if (receipt) {
      // "Que tal todo mês?" (decision 213): only here, once paid; "Agora não" reloads without it.
      const offer =
        search.get("mensal") === "depois"
          ? null
          : await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: (await getOptionalUser(request))?.id ?? null, now });
      return {
        state: "paid" as const,
        ...base,
        receipt: {
          number: formatReceiptNumber(receipt.number),
          paidAt: formatDateTime(receipt.paidAt),
          pdf: receiptPdfPath(receipt.code),
          verify: receiptPath(receipt.code),
        },
        // A URL no cache has seen (every cache keys on the full URL): the party page is rendered
        // after this gift was confirmed, so it shows the gift at once (decision 134).
        partyLink: gift.party ? `/festa/${gift.party.code}?doacao=${receipt.number}` : null,
        nudge: offer && {
          ...offer,
          pixAutomatico: context.payments.with("pixAutomatico") !== null,
          share: monthlyShareSentence(context.config.PLATFORM_FEE_PERCENT),
          dismiss: `/doacao-sucesso?ref=${encodeURIComponent(search.get("ref")!)}&mensal=depois`,
        },
      };
    }
  }
  if (gift.status === "pendente" || gift.status === "paga") {
    const check = Math.min(Math.max(Number.parseInt(search.get("verificacao") ?? "0", 10) || 0, 0), MAX_CHECKS);
    const next = check < MAX_CHECKS ? `/doacao-sucesso?ref=${encodeURIComponent(search.get("ref")!)}&verificacao=${check + 1}` : null;
    return { state: "waiting" as const, ...base, next, again: `/doacao-sucesso?ref=${encodeURIComponent(search.get("ref")!)}` };
  }
  const target = gift.party
    ? `festa=${encodeURIComponent(gift.party.code)}&`
    : gift.institution
      ? `ong=${encodeURIComponent(gift.institution.slug)}&`
      : "";
  return {
    state: "not-paid" as const,
    ...base,
    status: gift.status,
    retry: ["falhou", "cancelada"].includes(gift.status) ? `/doar?${target}ref=${encodeURIComponent(search.get("ref")!)}` : null,
  };
}

export default function DoacaoSucesso({ loaderData }: Route.ComponentProps) {
  switch (loaderData.state) {
    case "paid":
      return <GiftPaid {...loaderData} />;
    case "waiting":
      return <GiftConfirming {...loaderData} recheckSeconds={RECHECK_SECONDS} />;
    case "not-paid":
      return <GiftNotPaid {...loaderData} />;
    default:
      return <GiftNotFound reason={loaderData.reason} />;
  }
}
