import { randomUUID } from "node:crypto";
import { lazy, Suspense } from "react";
import { data, redirect } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { DonationForm } from "~/components/donation/donation-form";
import { PageHeader } from "~/components/ui/page-header";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { startDonation } from "~/domain/donations/checkout.server";
import { resolveGiftTarget } from "~/domain/donations/gift-target.server";
import { retryFormReply } from "~/domain/donations/gift-result.server";
import { pageMeta } from "~/platform/ui/meta";
import { abuseSubject, checkoutChallengeRequired } from "~/domain/donations/payment-abuse.server";
import { issueChallenge } from "~/platform/abuse/challenge.server";
import type { Route } from "./+types/doar";
import { readFormData } from "~/platform/http/form-data.server";
import { formatCents } from "~/platform/money";
import { activeMatchBanner } from "~/domain/matching/index.server";

const GiftRefused = lazy(() => import("~/components/donation/gift-refused").then((m) => ({ default: m.GiftRefused })));

export const meta = () =>
  pageMeta({ title: "Doar", description: "Faça uma doação para uma festa solidária ou para a nossa causa principal, com cartão ou Pix." });

const REFUSAL_STATUS = {
  "not-found": 404,
  ended: 410,
  inactive: 410,
  "org-not-found": 404,
  "org-inactive": 410,
  "org-unverified": 403,
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query = { festa: search.get("festa"), ong: search.get("ong") };
  // No sponsor's ad here: nothing sits beside the payment form (issue 33).
  const [target, user, retry] = await Promise.all([
    resolveGiftTarget(query, context.clock.now()),
    getOptionalUser(request),
    // Back from the provider without paying (`?ref=`): the form as the donor left it.
    retryFormReply(search, context.clock.now()),
  ]);
  const base = { feePercent: context.config.PLATFORM_FEE_PERCENT, pix: context.payments.pix !== null };
  if (!target.ok) {
    const forInstitution = target.reason.startsWith("org-");
    // A deactivated party is hidden everywhere: only an ended one may still be named.
    const partyName = target.reason === "ended" ? (target.party?.name ?? null) : null;
    const title = forInstitution ? (target.organizationName ?? "Instituição não encontrada") : (partyName ?? "Festa não encontrada");
    return data(
      {
        ...base,
        refused: { message: target.error, title, forInstitution, offer: target.offer ?? null },
        target: null,
        formKey: "",
        prefill: {},
        retry: undefined,
      },
      { status: REFUSAL_STATUS[target.reason] },
    );
  }
  return {
    ...base,
    refused: null,
    target: {
      festa: target.party?.code ?? null,
      partyName: target.party?.name ?? null,
      ong: target.ongSlug,
      organizationName: target.organizationName,
      institution: target.institution,
      causeName: target.causeName,
      impact: target.impact,
      // A matching sponsor's pledge (decision 215): what this gift is worth, told before it is made.
      match: target.party ? await activeMatchBanner(target.party.id) : null,
    },
    // One key per rendered form: submitting the same form twice is the same gift.
    formKey: randomUUID(),
    // Only after many declined payments from here (or for this party): the widget loads then.
    challenge: (await checkoutChallengeRequired(
      abuseSubject(clientIpFromContext(context)),
      target.party?.id ?? target.organizationId ?? "main",
    ))
      ? await issueChallenge("doar")
      : null,
    prefill: user ? { nome: user.name, email: user.email } : {},
    retry: retry ?? undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const [formData, user] = await Promise.all([readFormData(request), getOptionalUser(request)]);
  const { config, clock, payments } = context;
  const result = await startDonation(formData, {
    clientIp: clientIpFromContext(context),
    userId: user?.id ?? null,
    provider: payments.checkout,
    pixProvider: payments.pix,
    config,
    clock,
  });
  if (result.ok) return redirect(result.url);
  return data({ result: result.result, challenge: result.challenge ?? null }, { status: result.status });
}

export default function Doar({ loaderData, actionData }: Route.ComponentProps) {
  const { feePercent, refused, target, formKey, prefill, pix } = loaderData;
  const challenge = actionData ? actionData.challenge : "challenge" in loaderData ? loaderData.challenge : null;
  if (refused || !target) {
    // Rare (an ended party, a wrong link): its screen and its icons load only when shown, leaving /doar's
    // script budget to the form (rendered whole on the server all the same: entry.server waits for it).
    return (
      <Suspense>
        <GiftRefused refused={refused} />
      </Suspense>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow="Doação"
        title="Faça sua doação"
        description={
          target.partyName ? (
            <>
              Para a festa <strong className="text-indigo-800">{target.partyName}</strong>
              {target.causeName ? <> · {target.causeName}</> : null}
            </>
          ) : (
            <>
              Para <strong className="text-indigo-800">{target.organizationName ?? "a nossa causa principal"}</strong>
              {target.causeName ? <> · {target.causeName}</> : null}
            </>
          )
        }
        className="[&>div]:py-10 md:[&>div]:py-12"
      >
        {target.match ? (
          <p className="w-full max-w-xl rounded-2xl bg-indigo-800 p-4 font-bold text-white" data-testid="patrocinio-dobro">
            {target.match.headline}
            {target.match.remainingCents > 0 ? (
              <span className="block text-sm font-normal">Restam {formatCents(target.match.remainingCents)} de patrocínio.</span>
            ) : null}
          </p>
        ) : null}
        {target.institution ? <InstitutionBox institution={target.institution} className="w-full max-w-xl" /> : null}
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 pb-16">
        <DonationForm
          key={formKey}
          festa={target.festa}
          ong={target.ong}
          impact={target.impact}
          formKey={formKey}
          feePercent={feePercent}
          pix={pix}
          result={actionData?.result ?? loaderData.retry}
          prefill={prefill}
          challenge={challenge ?? null}
        />
      </div>
    </>
  );
}
