import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FieldError, focusFirstError, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  APPLICATION_DOCUMENT_KINDS,
  APPLICATION_DOCUMENTS,
  DOCUMENT_ACCEPT,
  DOCUMENT_UPLOAD,
  MAX_DOCUMENT_MB,
} from "~/domain/organizations/application";
import { applicationSchema } from "~/domain/organizations/application-form";
import type { ApplicationPrefill, LookupSummary } from "~/domain/organizations/application-prefill";
import { BRAZILIAN_STATES } from "~/domain/organizations/brazilian-states";
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES } from "~/domain/organizations/pix-key";
import type { FormResult } from "~/platform/forms/submission";

/** Step 1: the CNPJ, looked up in the registry to prefill the form (a GET: it works without JavaScript). */
export function CnpjStep({ typed, error }: { typed: string; error: string | null }) {
  const navigation = useNavigation();
  const looking = navigation.state === "loading" && navigation.location?.pathname === "/ongs/cadastrar";
  return (
    <section aria-labelledby="passo-cnpj" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft md:p-8">
      <h2 id="passo-cnpj" className="text-2xl">
        1. CNPJ da instituição
      </h2>
      <p className="mt-1 text-sm text-muted">
        Consultamos a Receita Federal para preencher o formulário. Se a consulta não responder, você preenche à mão e segue normalmente.
      </p>
      <Form method="get" action="/ongs/cadastrar" className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
        <TextField
          label="CNPJ *"
          name="cnpj"
          required
          maxLength={40}
          autoComplete="off"
          placeholder="00.000.000/0000-00"
          hint="Números, ou letras e números no CNPJ novo (12.ABC.345/01DE-35)."
          defaultValue={typed}
          error={error}
          className="flex-1"
        />
        <Button type="submit" size="lg" loading={looking} loadingText="Consultando..." className="sm:mt-7">
          Consultar
        </Button>
      </Form>
    </section>
  );
}

function LookupNotice({ lookup }: { lookup: LookupSummary }) {
  if (lookup.kind !== "found") {
    return (
      <Alert tone="info" title={lookup.kind === "not-found" ? "CNPJ não encontrado" : "Consulta indisponível"}>
        <p>{lookup.message}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Dados da Receita Federal">
      <p>{lookup.message}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-bold">Situação</dt>
        <dd>{lookup.status}</dd>
        {lookup.cnae ? (
          <>
            <dt className="font-bold">Atividade (CNAE)</dt>
            <dd>{lookup.cnae}</dd>
          </>
        ) : null}
        {lookup.address ? (
          <>
            <dt className="font-bold">Endereço</dt>
            <dd>{lookup.address}</dd>
          </>
        ) : null}
      </dl>
    </Alert>
  );
}

/** Step 2: the application, prefilled from the registry where it answered. */
export function ApplicationForm({
  causes,
  lookup,
  prefill,
  result,
  formError,
}: {
  causes: { id: string; name: string }[];
  lookup: LookupSummary;
  prefill: ApplicationPrefill;
  result: FormResult | undefined;
  formError: string | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/ongs/cadastrar";
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(applicationSchema, result, { defaultValue: prefill });
  useEffect(() => {
    if (result) focusFirstError(formRef.current);
  }, [result]);
  const fileErrors = (result?.error ?? {}) as Record<string, string[] | undefined>;

  return (
    <section aria-labelledby="passo-dados" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft md:p-8">
      <h2 id="passo-dados" className="text-2xl">
        2. Dados e documentos
      </h2>
      <p className="mt-1 text-sm text-muted">
        Campos com * são obrigatórios.{" "}
        <Link to="/ongs/cadastrar" className="font-bold text-coral-700 underline">
          Trocar o CNPJ
        </Link>
      </p>
      <div className="mt-4">
        <LookupNotice lookup={lookup} />
      </div>
      <Form
        id={form.id}
        ref={formRef}
        method="post"
        action="/ongs/cadastrar"
        encType="multipart/form-data"
        onSubmit={form.onSubmit}
        noValidate
        className="mt-6 space-y-5"
      >
        <TextField label="CNPJ *" name="cnpj" readOnly defaultValue={fields.cnpj.initialValue} error={fields.cnpj.errors} />
        <TextField
          label="Razão social *"
          name="legalName"
          maxLength={200}
          required
          defaultValue={fields.legalName.initialValue}
          error={fields.legalName.errors}
        />
        <TextField
          label="Nome fantasia"
          name="tradeName"
          maxLength={120}
          hint="O nome que aparece para quem doa. Sem ele, usamos a razão social."
          defaultValue={fields.tradeName.initialValue}
          error={fields.tradeName.errors}
        />
        <SelectField label="Causa *" name="causeId" required defaultValue={fields.causeId.initialValue ?? ""} error={fields.causeId.errors}>
          <option value="">Escolha a causa</option>
          {causes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="Cidade *"
            name="city"
            maxLength={80}
            required
            defaultValue={fields.city.initialValue}
            error={fields.city.errors}
          />
          <SelectField
            label="Estado (UF) *"
            name="state"
            required
            defaultValue={fields.state.initialValue ?? ""}
            error={fields.state.errors}
          >
            <option value="">UF</option>
            {BRAZILIAN_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="E-mail de contato *"
            name="contactEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            required
            hint="Para onde vão as respostas da equipe e os comprovantes de repasse."
            defaultValue={fields.contactEmail.initialValue}
            error={fields.contactEmail.errors}
          />
          <TextField
            label="Telefone *"
            name="contactPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            required
            placeholder="(31) 99999-9999"
            defaultValue={fields.contactPhone.initialValue}
            error={fields.contactPhone.errors}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-[1fr_2fr]">
          <SelectField
            label="Tipo da chave Pix *"
            name="pixKeyType"
            required
            defaultValue={fields.pixKeyType.initialValue ?? ""}
            error={fields.pixKeyType.errors}
          >
            <option value="">Escolha</option>
            {PIX_KEY_TYPES.map((t) => (
              <option key={t} value={t}>
                {PIX_KEY_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Chave Pix da instituição *"
            name="pixKey"
            maxLength={120}
            required
            hint="Os repasses vão para esta chave: ela precisa ser da instituição, não de uma pessoa."
            defaultValue={fields.pixKey.initialValue}
            error={fields.pixKey.errors}
          />
        </div>
        <TextareaField
          label="O que a instituição faz *"
          name="description"
          rows={4}
          maxLength={1000}
          required
          hint="Duas ou três frases: quem vocês atendem, onde e como. Aparece na página da instituição."
          defaultValue={fields.description.initialValue}
          error={fields.description.errors}
        />
        <fieldset className="space-y-4 rounded-2xl bg-indigo-50 p-4">
          <legend className="px-1 font-extrabold text-indigo-800">Documentos</legend>
          <p className="flex gap-2 text-sm text-ink">
            <Info size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-indigo-700" />
            PDF ou foto (JPG, PNG ou WebP), até {MAX_DOCUMENT_MB} MB cada. Só a equipe da Festa Solidária vê os documentos.
          </p>
          {APPLICATION_DOCUMENT_KINDS.map((kind) => {
            const doc = APPLICATION_DOCUMENTS[kind];
            return (
              <FileField
                key={kind}
                label={`${doc.label} *`}
                name={doc.field}
                accept={DOCUMENT_ACCEPT}
                rule={DOCUMENT_UPLOAD}
                required
                hint={doc.hint}
                error={fileErrors[doc.field]}
                className="[&_input]:h-auto [&_input]:bg-white [&_input]:py-2"
              />
            );
          })}
        </fieldset>
        {formError ? (
          <p role="alert" className="flex gap-2 rounded-xl bg-danger-bg p-3 text-sm font-semibold text-danger">
            <CircleAlert size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            {formError}
          </p>
        ) : null}
        <FieldError error={form.errors} />
        <p className="flex gap-2 text-sm text-muted">
          <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-paid" />
          Ao enviar, você declara que representa a instituição e que os dados e documentos são verdadeiros.
        </p>
        <Button type="submit" size="lg" loading={sending} loadingText="Enviando..." className="w-full sm:w-auto">
          Enviar pedido
        </Button>
      </Form>
    </section>
  );
}
