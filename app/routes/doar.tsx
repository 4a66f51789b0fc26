import { randomUUID } from "node:crypto";
import { CalendarX2 } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { DonationForm } from "~/components/donation/donation-form";
import { SponsorBanner } from "~/components/sponsor-banner";
import { buttonVariants } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { getConfig } from "~/config.server";
import { getOptionalUser } from "~/lib/auth.server";
import { clientIpFromContext } from "~/lib/client-ip.server";
import { startDonation } from "~/lib/donation-checkout.server";
import { resolveGiftTarget } from "~/lib/donation-target.server";
import { pageMeta } from "~/lib/meta";
import { getSponsorAd } from "~/models/ads.server";
import type { Route } from "./+types/doar";
import { readFormData } from "~/lib/form-data.server";

export const meta = () =>
  pageMeta({ title: "Doar", description: "Faça uma doação para uma festa solidária ou para a nossa causa principal, com cartão ou Pix." });

export async function loader({ request }: Route.LoaderArgs) {
  const festa = new URL(request.url).searchParams.get("festa")?.trim() || null;
  const [target, ad, user] = await Promise.all([resolveGiftTarget(festa), getSponsorAd("doar"), getOptionalUser(request)]);
  const base = { ad, feePercent: getConfig().PLATFORM_FEE_PERCENT };
  if (!target.ok) {
    return data(
      { ...base, refused: { message: target.error, partyName: target.party?.name ?? null }, target: null, formKey: "", prefill: {} },
      { status: target.reason === "not-found" ? 404 : 410 },
    );
  }
  return {
    ...base,
    refused: null,
    target: {
      festa: target.party?.code ?? null,
      partyName: target.party?.name ?? null,
      organizationName: target.organizationName,
      causeName: target.causeName,
    },
    // One key per rendered form: submitting the same form twice is the same gift.
    formKey: randomUUID(),
    prefill: user ? { nome: user.name, email: user.email } : {},
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const [formData, user] = await Promise.all([readFormData(request), getOptionalUser(request)]);
  const result = await startDonation(formData, { clientIp: clientIpFromContext(context), userId: user?.id ?? null });
  if (result.ok) return redirect(result.url);
  const values = {
    preset: String(formData.get("preset") ?? ""),
    valorPersonalizado: String(formData.get("valorPersonalizado") ?? ""),
    anonima: formData.get("anonima") === "on",
    nome: String(formData.get("nome") ?? ""),
    email: String(formData.get("email") ?? ""),
    mensagem: String(formData.get("mensagem") ?? ""),
  };
  return data({ errors: result.errors, values }, { status: result.status });
}

export default function Doar({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, feePercent, refused, target, formKey, prefill } = loaderData;
  if (refused || !target) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center md:py-24">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-coral-100 text-coral-700">
          <CalendarX2 size={32} strokeWidth={2} aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl">{refused?.partyName ?? "Festa não encontrada"}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">
          {refused?.message}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/doar" className={buttonVariants()}>
            Doar para a causa principal
          </Link>
          <Link to="/eventos" className={buttonVariants({ variant: "secondary" })}>
            Ver festas ativas
          </Link>
        </div>
      </section>
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
      />
      <div className="mx-auto max-w-5xl px-4 pb-16">
        <DonationForm
          key={formKey}
          festa={target.festa}
          formKey={formKey}
          feePercent={feePercent}
          errors={actionData?.errors}
          values={actionData?.values ?? prefill}
        />
        <SponsorBanner ad={ad} className="mt-10" />
      </div>
    </>
  );
}
