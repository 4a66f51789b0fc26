/**
 * /conta's "Seus benefícios" section: what the subscriber's active plan includes, each one usable
 * there (the WhatsApp group's invite, the mural opt-in, the guided-visit request). The route stays
 * thin: it calls loadSubscriberBenefits and, for the two benefit forms, runBenefitAction.
 */
import type { Config } from "~/platform/config.server";
import { formatDate } from "~/platform/dates";
import { firstErrors, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { benefitActionSchema } from "./benefit-forms";
import { muralDefaultName, planIncludes, plansWith } from "./benefits";
import { getPlan } from "./plans";
import { getSubscriptionStatus } from "./subscriptions.server";
import { findMuralChoice, saveMuralChoice } from "./supporters.server";
import { listOwnVisitRequests, requestGuidedVisit, supportedInstitutionName, VISIT_REQUEST_INTERVAL_DAYS } from "./visits.server";

const planNames = (benefit: "mural" | "visita") =>
  plansWith(benefit)
    .map((p) => p.name)
    .join(" e ");

export async function loadSubscriberBenefits(account: { id: string; name: string }, config: Config) {
  const status = await getSubscriptionStatus(account.id);
  const plan = status.subscribed && status.plan ? getPlan(status.plan) : undefined;
  if (!plan) return null;
  const [mural, visits, institutionName] = await Promise.all([
    findMuralChoice(account.id),
    planIncludes(plan.id, "visita") ? listOwnVisitRequests(account.id) : Promise.resolve([]),
    supportedInstitutionName(),
  ]);
  return {
    plan: { id: plan.id, name: plan.name },
    institutionName,
    // The invite itself only reaches subscribers of the plans that include the group.
    whatsappGroupUrl: planIncludes(plan.id, "whatsapp") ? (config.SUBSCRIBERS_WHATSAPP_GROUP_URL ?? null) : null,
    mural: {
      included: planIncludes(plan.id, "mural"),
      plans: planNames("mural"),
      optedIn: mural.optedIn,
      displayName: mural.displayName ?? "",
      defaultName: muralDefaultName(account.name),
    },
    visit: {
      included: planIncludes(plan.id, "visita"),
      plans: planNames("visita"),
      requests: visits.map((v) => ({ id: v.id, date: formatDate(v.createdAt), preferredDates: v.preferredDates, people: v.people })),
    },
  };
}

export type SubscriberBenefits = NonNullable<Awaited<ReturnType<typeof loadSubscriberBenefits>>>;

export type BenefitActionReply = {
  intent: "mural" | "visita";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  /** What was typed, sent back with a refusal so nothing is lost (the page works without JavaScript). */
  values?: Record<string, string>;
  status: number;
};

const typed = (form: FormData) =>
  Object.fromEntries(["datas", "pessoas", "mensagem", "nomeMural"].map((k) => [k, String(form.get(k) ?? "").slice(0, 1000)]));

export async function runBenefitAction(
  form: FormData,
  account: { id: string; name: string; email: string },
  deps: { config: Config; mailer: Mailer; now: Date },
): Promise<BenefitActionReply> {
  const intent = form.get("intent") === "visita" ? "visita" : "mural";
  const submission = parseFormSubmission(form, benefitActionSchema);
  if (submission.status !== "success") {
    return { intent, ok: false, errors: firstErrors(submission.reply() as FormResult), values: typed(form), status: 400 };
  }
  const value = submission.value;
  if (value.intent === "mural") {
    const status = await getSubscriptionStatus(account.id);
    if (!status.subscribed || !planIncludes(status.plan, "mural")) {
      return { intent, ok: false, errors: { mostrar: `O mural de apoiadores faz parte dos planos ${planNames("mural")}.` }, status: 403 };
    }
    const show = value.mostrar === "sim";
    await saveMuralChoice(account.id, { show, displayName: value.nomeMural || null });
    return {
      intent,
      ok: true,
      message: show ? "Pronto! Seu nome aparece no mural de apoiadores." : "Seu nome não aparece mais no mural de apoiadores.",
      status: 200,
    };
  }
  const result = await requestGuidedVisit(
    { userId: account.id, name: account.name, email: account.email },
    { preferredDates: value.datas, people: value.pessoas, message: value.mensagem || null },
    { mailer: deps.mailer, teamEmail: deps.config.CONTACT_EMAIL, now: deps.now },
  );
  if (result.ok) {
    return {
      intent,
      ok: true,
      message: `Pedido enviado para ${result.institutionName}. A resposta chega no seu e-mail para vocês combinarem a data.`,
      status: 200,
    };
  }
  const error =
    result.error === "too-soon"
      ? `Você já pediu uma visita em ${formatDate(result.lastAt!)}. A instituição responde por e-mail; um novo pedido fica disponível ${VISIT_REQUEST_INTERVAL_DAYS} dias depois.`
      : result.error === "no-institution"
        ? "Não há uma instituição apoiada para receber o pedido agora. Escreva para a nossa equipe pela página de contato."
        : `A visita guiada faz parte do Plano ${planNames("visita")}.`;
  return { intent, ok: false, errors: { datas: error }, values: typed(form), status: result.error === "not-included" ? 403 : 409 };
}
