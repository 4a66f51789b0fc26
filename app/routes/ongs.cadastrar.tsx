import { data } from "react-router";
import type { Route } from "./+types/ongs.cadastrar";
import { PageHeader } from "~/components/ui/page-header";
import { ApplicationForm, CnpjStep } from "~/components/institutions/application-form";
import { MyApplications } from "~/components/institutions/my-applications";
import { requireUser } from "~/domain/accounts/guards.server";
import { APPLICATION_MESSAGES, DOCUMENT_MESSAGES, MAX_APPLICATION_BODY_BYTES } from "~/domain/organizations/application";
import { applicationSchema } from "~/domain/organizations/application-form";
import { checkApplicationDocuments } from "~/domain/organizations/application-documents.server";
import { cnpjApplicationRefusal, listApplicationsOfUser, submitApplication } from "~/domain/organizations/applications.server";
import { listActiveCauses } from "~/domain/organizations/causes.server";
import { parseCnpj } from "~/domain/organizations/cnpj";
import { applicationPrefill, type LookupSummary, summarizeLookup } from "~/domain/organizations/application-prefill";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission, replyWithErrors } from "~/platform/forms/submission.server";
import { withoutNulCharacters } from "~/platform/http/form-data.server";
import { BodyTooLargeError, readLimitedForm } from "~/platform/http/limited-form.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { logger } from "~/platform/logger.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { getStorage } from "~/platform/storage/index.server";
import { pageMeta } from "~/platform/ui/meta";

/** Registry lookups per applicant: plenty for typos, useless as a free proxy to BrasilAPI. */
const LOOKUP_LIMIT = { limit: 20, windowSeconds: 600 };

export const meta = () =>
  pageMeta({
    title: "Cadastrar ONG",
    description: "Cadastre a sua instituição na Festa Solidária: CNPJ, chave Pix e documentos, conferidos pela equipe.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const [applications, causes] = await Promise.all([listApplicationsOfUser(user.id), listActiveCauses()]);
  const typed = url.searchParams.get("cnpj");
  const base = {
    applications,
    causes: causes.map(({ id, name }) => ({ id, name })),
    userEmail: user.email,
    sent: url.searchParams.has("enviado"),
  };
  if (typed === null) return { ...base, step: "cnpj" as const, typed: "", cnpjError: null };
  const parsed = parseCnpj(typed);
  if (!parsed.ok) return { ...base, step: "cnpj" as const, typed, cnpjError: parsed.error };

  const allowed = await hitRateLimit(`cnpj-lookup:${user.id}`, LOOKUP_LIMIT.limit, LOOKUP_LIMIT.windowSeconds);
  const lookup = allowed.allowed ? await context.cnpjRegistry.lookup(parsed.cnpj) : null;
  const refusal = lookup ? await cnpjApplicationRefusal(parsed.cnpj, lookup) : null;
  if (refusal) return { ...base, step: "cnpj" as const, typed, cnpjError: refusal };
  const summary: LookupSummary = lookup ? summarizeLookup(lookup) : { kind: "skipped", message: APPLICATION_MESSAGES.tooMany };
  return {
    ...base,
    step: "form" as const,
    typed,
    cnpjError: null,
    lookup: summary,
    prefill: applicationPrefill(parsed.cnpj, lookup, user.email),
  };
}

type ActionResult = { result: FormResult; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  // The applicant is whoever holds the session; nothing in the form names a user.
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = withoutNulCharacters(await readLimitedForm(request, MAX_APPLICATION_BODY_BYTES));
  } catch (error) {
    // A body that is not a form (no content type, broken multipart) is the client's mistake: 400.
    if (!(error instanceof BodyTooLargeError)) {
      const formError = "Não foi possível ler o formulário. Tente enviar de novo.";
      return data<ActionResult>({ result: replyWithErrors(new FormData(), { formErrors: [formError] }), formError }, { status: 400 });
    }
    const fieldErrors = error.cutFileField ? { [error.cutFileField]: [DOCUMENT_MESSAGES.tooLarge] } : undefined;
    const result = replyWithErrors(error.leading, fieldErrors ? { fieldErrors } : { formErrors: [DOCUMENT_MESSAGES.tooLarge] });
    return data<ActionResult>({ result, formError: DOCUMENT_MESSAGES.tooLarge }, { status: 413 });
  }
  const submission = parseFormSubmission(form, applicationSchema);
  const checked = await checkApplicationDocuments(form);
  if (submission.status !== "success" || !checked.ok) {
    // Files do not survive the round trip: the ones that were fine must be chosen again.
    const fileErrors = checked.ok ? {} : checked.fieldErrors;
    const reply =
      submission.status === "success"
        ? submission.reply({ fieldErrors: fileErrors })
        : replyWithErrors(form, { fieldErrors: { ...fileErrors, ...(submission.reply().error as Record<string, string[]>) } });
    return data<ActionResult>({ result: reply }, { status: 400 });
  }
  try {
    const outcome = await submitApplication(user, submission.value, checked.documents, {
      registry: context.cnpjRegistry,
      storage: getStorage(),
      mailer: context.mailer,
    });
    if (!outcome.ok) {
      return data<ActionResult>({ result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 });
    }
  } catch (error) {
    logger.error({ err: error }, "institution application failed");
    return data<ActionResult>({ result: submission.reply(), formError: DOCUMENT_MESSAGES.storageDown }, { status: 503 });
  }
  return redirectWithToast("/ongs/cadastrar?enviado=1", {
    type: "success",
    title: "Pedido enviado!",
    description: "A equipe confere os dados e os documentos e responde por e-mail.",
  });
}

export default function InstitutionApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Para instituições"
        title="Cadastre a sua ONG"
        description="Receba doações de festas solidárias e de quem doa direto. Conferimos o CNPJ na Receita Federal e os documentos antes de publicar."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-16">
        <MyApplications applications={loaderData.applications} sent={loaderData.sent} />
        {loaderData.step === "cnpj" ? (
          <CnpjStep typed={loaderData.typed} error={loaderData.cnpjError} />
        ) : (
          <ApplicationForm
            causes={loaderData.causes}
            lookup={loaderData.lookup}
            prefill={loaderData.prefill}
            result={actionData?.result}
            formError={actionData?.formError}
          />
        )}
      </div>
    </>
  );
}
