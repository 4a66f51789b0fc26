import { Mail, MessageCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { toast } from "~/platform/ui/toast";
import type { Route } from "./+types/contato";
import { whatsappLink } from "~/components/layout/whatsapp-button";
import { Button } from "~/components/ui/button";
import { FieldError, focusFirstError, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { clientIpFromContext, rateLimitSubject } from "~/platform/http/client-ip.server";
import { CONTACT_HONEYPOT, contactSchema, formatWhatsappNumber } from "~/domain/content/contact-form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { seoMeta } from "~/platform/ui/seo";
import { submitContactMessage } from "~/domain/content/contact.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { readFormData } from "~/platform/http/form-data.server";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Contato",
    description: "Fale com a equipe da Festa Solidária: dúvidas sobre festas, doações, repasses ou para cadastrar a sua ONG.",
  });

/** Five messages per address every ten minutes: plenty for people, useless for spam runs. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

type ActionResult = { ok: true } | { ok: false; result: FormResult; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const honeypot = form.get(CONTACT_HONEYPOT);
  // A bot gets the same answer as a person, so it has nothing to learn from; nothing is stored.
  if (typeof honeypot === "string" && honeypot.trim() !== "") return data<ActionResult>({ ok: true });

  const submission = parseFormSubmission(form, contactSchema);
  if (submission.status !== "success") return data<ActionResult>({ ok: false, result: submission.reply() }, { status: 400 });

  const ip = clientIpFromContext(context);
  const limit = await hitRateLimit(`contact:${rateLimitSubject(ip)}`, CONTACT_RATE_LIMIT.limit, CONTACT_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    return data<ActionResult>(
      {
        ok: false,
        result: submission.reply(),
        formError:
          "Você enviou muitas mensagens em pouco tempo. Aguarde alguns minutos e tente novamente — o que você escreveu continua aqui.",
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const { nome, email, telefone, mensagem } = submission.value;
  const message = { name: nome, email, phone: telefone, message: mensagem || null };
  await submitContactMessage(message, { mailer: context.mailer, to: context.config.CONTACT_EMAIL });
  return data<ActionResult>({ ok: true });
}

export default function Contato({ actionData, matches }: Route.ComponentProps) {
  const config = matches[0].loaderData.config;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contato";
  const formRef = useRef<HTMLFormElement>(null);
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const [form, fields] = useSchemaForm(contactSchema, failed?.result);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success("Mensagem enviada!", { description: "Entraremos em contato em breve." });
      formRef.current?.reset();
    } else {
      focusFirstError(formRef.current);
    }
  }, [result]);

  return (
    <>
      <PageHeader
        eyebrow="Contato"
        title="Fale com a gente"
        description="Dúvidas sobre festas, doações ou repasses? Quer cadastrar a sua ONG? Mande uma mensagem: respondemos por e-mail ou WhatsApp."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="formulario" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft md:p-8">
          <h2 id="formulario" className="text-2xl">
            Envie sua mensagem
          </h2>
          <p className="mt-1 text-sm text-muted">Campos com * são obrigatórios.</p>
          {result?.ok ? (
            <noscript>
              <p className="mt-4 rounded-xl bg-paid-bg p-4 font-semibold text-paid">Mensagem enviada! Entraremos em contato em breve.</p>
            </noscript>
          ) : null}
          <Form id={form.id} ref={formRef} method="post" action="/contato" onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5">
            <TextField
              label="Nome *"
              name="nome"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={fields.nome.initialValue}
              error={fields.nome.errors}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="E-mail *"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={254}
                defaultValue={fields.email.initialValue}
                error={fields.email.errors}
              />
              <TextField
                label="Telefone *"
                name="telefone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
                maxLength={30}
                placeholder="(31) 99999-9999"
                defaultValue={fields.telefone.initialValue}
                error={fields.telefone.errors}
              />
            </div>
            <TextareaField
              label="Mensagem"
              name="mensagem"
              rows={5}
              maxLength={2000}
              defaultValue={fields.mensagem.initialValue}
              error={fields.mensagem.errors}
            />
            {/* Honeypot: off-screen and out of the tab order; only bots fill it. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor="campo-site">Não preencha este campo</label>
              <input id="campo-site" name={CONTACT_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <FieldError error={failed?.formError} />
            <Button type="submit" size="lg" loading={sending} loadingText="Enviando..." className="w-full sm:w-auto">
              Enviar mensagem
            </Button>
          </Form>
        </section>

        <aside aria-labelledby="outros-canais" className="space-y-4">
          <h2 id="outros-canais" className="text-2xl">
            Outros canais
          </h2>
          <a
            href={`mailto:${config.contactEmail}`}
            className="flex items-center gap-4 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft hover:border-coral-200"
          >
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-coral-50 text-coral-600">
              <Mail size={24} strokeWidth={2} aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block font-extrabold text-indigo-800">E-mail</span>
              <span className="block break-all text-muted">{config.contactEmail}</span>
            </span>
          </a>
          {/* Only a number the operator configured: never a stand-in. */}
          {config.whatsappNumber ? (
            <a
              href={whatsappLink(config.whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-4 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft hover:border-coral-200"
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-paid-bg text-paid">
                <MessageCircle size={24} strokeWidth={2} aria-hidden="true" />
              </span>
              <span>
                <span className="block font-extrabold text-indigo-800">WhatsApp</span>
                <span className="block text-muted">{formatWhatsappNumber(config.whatsappNumber)}</span>
              </span>
            </a>
          ) : null}
          <p className="rounded-2xl bg-indigo-50 p-5 text-sm text-indigo-800">
            Quer cadastrar a sua ONG ou causa social? Conte na mensagem o nome da instituição, a cidade e a causa que ela atende.
          </p>
        </aside>
      </div>
    </>
  );
}
