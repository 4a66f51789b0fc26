import type { loadOrganizationsPanel } from "~/domain/organizations/organizations-panel.server";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { adminHref } from "./tabs";
import { organizationSchema } from "~/domain/organizations/organization-form";
import { formatCnpj, PIX_KEY_TYPE_LABELS, formatPixKey } from "~/domain/organizations";
import { OrganizationVerification, VerificationBadge } from "./organization-verification";
import { InstitutionApplications } from "./institution-applications";
import { EditAndActiveCell, IntentInput, ScrollTable, tdClass, thClass, useSavedKey, useSubmittingIntent, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadOrganizationsPanel>>;

export function OrganizationsTab({ data }: { data: Data }) {
  const formKey = useSavedKey(data.editing ? "updateOrganization" : "createOrganization", data.editing?.id ?? "nova");
  return (
    <div className="space-y-8">
      <InstitutionApplications data={data.applications} />
      <OrganizationForm key={formKey} data={data} />
      <section aria-labelledby="ongs-cadastradas">
        <h2 id="ongs-cadastradas" className="mb-4 text-xl font-extrabold text-indigo-800">
          ONGs cadastradas
        </h2>
        {data.organizations.length === 0 ? (
          <EmptyState title="Nenhuma ONG cadastrada." />
        ) : (
          <ScrollTable label="Tabela das ONGs cadastradas" minWidth={1000}>
            <thead>
              <tr>
                <th className={thClass}>ONG</th>
                <th className={thClass}>CNPJ</th>
                <th className={thClass}>Causa</th>
                <th className={thClass}>Cidade</th>
                <th className={thClass}>E-mail</th>
                <th className={thClass}>Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.organizations.map((o) => (
                <tr key={o.id} className={data.editing?.id === o.id ? "bg-coral-50/60" : undefined}>
                  <td className={tdClass}>
                    <a href={`/causas#${o.slug}`} className="font-bold text-indigo-800 underline-offset-2 hover:underline">
                      {o.name}
                    </a>
                    <p className="text-xs text-muted">#{o.slug}</p>
                    {o.isMain ? (
                      <Badge tone="brand" className="mt-1">
                        Principal
                      </Badge>
                    ) : null}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {o.cnpj ? formatCnpj(o.cnpj) : <span className="font-semibold text-danger">Sem CNPJ</span>}
                    <div className="mt-1">
                      <VerificationBadge verifiedAt={o.verifiedAt} />
                    </div>
                  </td>
                  <td className={tdClass}>{o.causeName ?? <span className="text-muted">—</span>}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {o.city} - {o.state}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{o.email ?? <span className="text-muted">—</span>}</td>
                  <td className={tdClass}>
                    <EditAndActiveCell
                      editHref={adminHref("ongs", { editar: o.id })}
                      toggleIntent="toggleOrganization"
                      id={o.id}
                      active={o.active}
                      label={o.name}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}

/** Remounted after each save: empty again after a create, showing what was saved after an edit. */
function OrganizationForm({ data }: { data: Data }) {
  const editing = data.editing;
  const intent = editing ? "updateOrganization" : "createOrganization";
  // The edit's hidden id is checked by the server (organizationUpdateSchema); the fields are the same.
  const [form, fields] = useTabForm(
    intent,
    organizationSchema,
    editing
      ? {
          name: editing.name,
          legalName: editing.legalName ?? "",
          cnpj: editing.cnpj ? formatCnpj(editing.cnpj) : "",
          slug: editing.slug,
          causeId: editing.causeId ?? "",
          city: editing.city,
          state: editing.state,
          description: editing.description,
          bannerUrl: editing.bannerUrl ?? "",
          email: editing.email ?? "",
          logoUrl: editing.logoUrl ?? "",
          siteUrl: editing.siteUrl ?? "",
          pixKeyType: editing.pixKeyType ?? "",
          pixKey: editing.pixKey && editing.pixKeyType ? formatPixKey(editing.pixKeyType, editing.pixKey) : "",
          isMain: editing.isMain ? "on" : undefined,
        }
      : undefined,
  );
  const submitting = useSubmittingIntent(intent);
  const verificationKey = useSavedKey("verifyOrganization", editing?.id);
  const f = fields;
  return (
    <Card>
      <CardTitle>{editing ? `Editar ${editing.name}` : "Nova ONG"}</CardTitle>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        <IntentInput intent={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          label="Nome público"
          name="name"
          required
          minLength={3}
          maxLength={160}
          defaultValue={f.name.initialValue}
          error={f.name.errors}
        />
        <TextField
          label="Razão social"
          name="legalName"
          required
          minLength={3}
          maxLength={200}
          defaultValue={f.legalName.initialValue}
          error={f.legalName.errors}
        />
        <TextField
          label="CNPJ"
          name="cnpj"
          required
          inputMode="numeric"
          maxLength={18}
          placeholder="00.000.000/0000-00"
          defaultValue={f.cnpj.initialValue}
          error={f.cnpj.errors}
        />
        <TextField
          label="Âncora"
          name="slug"
          required
          maxLength={60}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          hint="Usada no link /causas#âncora, ex.: aadora."
          defaultValue={f.slug.initialValue}
          error={f.slug.errors}
        />
        <SelectField label="Causa" name="causeId" defaultValue={f.causeId.initialValue ?? ""} error={f.causeId.errors}>
          <option value="">Sem causa</option>
          {data.causes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.active ? "" : " (inativa)"}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <TextField label="Cidade" name="city" required maxLength={80} defaultValue={f.city.initialValue} error={f.city.errors} />
          <SelectField label="UF" name="state" required defaultValue={f.state.initialValue ?? ""} error={f.state.errors}>
            <option value="" disabled>
              UF
            </option>
            {data.states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        </div>
        <TextareaField
          label="Descrição"
          name="description"
          required
          maxLength={2000}
          rows={4}
          defaultValue={f.description.initialValue}
          error={f.description.errors}
          className="md:col-span-2"
        />
        <TextField
          label="Banner (URL)"
          name="bannerUrl"
          maxLength={2000}
          placeholder="https:// ou /images/..."
          defaultValue={f.bannerUrl.initialValue}
          error={f.bannerUrl.errors}
        />
        <TextField
          label="E-mail da instituição"
          name="email"
          type="email"
          maxLength={200}
          hint="Recebe o comprovante dos repasses."
          defaultValue={f.email.initialValue}
          error={f.email.errors}
        />
        <TextField
          label="Logo (URL)"
          name="logoUrl"
          maxLength={2000}
          placeholder="https:// ou /images/..."
          defaultValue={f.logoUrl.initialValue}
          error={f.logoUrl.errors}
        />
        <TextField
          label="Site"
          name="siteUrl"
          type="url"
          maxLength={2000}
          placeholder="https://"
          defaultValue={f.siteUrl.initialValue}
          error={f.siteUrl.errors}
        />
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] md:col-span-2">
          <SelectField
            label="Tipo da chave Pix"
            name="pixKeyType"
            defaultValue={f.pixKeyType.initialValue ?? ""}
            error={f.pixKeyType.errors}
          >
            <option value="">Sem chave</option>
            {data.pixKeyTypes.map((t) => (
              <option key={t} value={t}>
                {PIX_KEY_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Chave Pix para repasses"
            name="pixKey"
            maxLength={120}
            hint="CPF, CNPJ, e-mail, celular (+55 com DDD) ou chave aleatória, conforme o tipo."
            defaultValue={f.pixKey.initialValue}
            error={f.pixKey.errors}
          />
        </div>
        <label className="flex items-center gap-3 text-sm font-semibold md:col-span-2">
          <Checkbox name="isMain" defaultChecked={f.isMain.initialValue === "on"} />
          Instituição principal (destaque na página inicial)
        </label>
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" loading={submitting} loadingText="Salvando...">
            {editing ? "Salvar alterações" : "Cadastrar ONG"}
          </Button>
          {editing ? (
            <Link to={adminHref("ongs")} className={buttonVariants({ variant: "secondary" })}>
              Cancelar
            </Link>
          ) : null}
        </div>
      </Form>
      {editing ? <OrganizationVerification key={verificationKey} organization={editing} /> : null}
    </Card>
  );
}
