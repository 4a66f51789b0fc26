import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import type { TabData } from "~/domain/admin/panel.server";
import { adminHref } from "~/domain/admin/tabs";
import { formatCnpj, PIX_KEY_TYPE_LABELS, formatPixKey } from "~/domain/organizations";
import { OrganizationVerification, VerificationBadge } from "./organization-verification";
import {
  EditAndActiveCell,
  IntentInput,
  ScrollTable,
  tdClass,
  thClass,
  useIntentResult,
  useResetOnSuccess,
  useSubmittingIntent,
} from "./common";

type Data = TabData<"ongs">;

export function OrganizationsTab({ data }: { data: Data }) {
  return (
    <div className="space-y-8">
      <OrganizationForm key={data.editing?.id ?? "nova"} data={data} />
      <section aria-labelledby="ongs-cadastradas">
        <h2 id="ongs-cadastradas" className="mb-4 text-xl font-extrabold text-indigo-800">
          ONGs cadastradas
        </h2>
        {data.organizations.length === 0 ? (
          <EmptyState title="Nenhuma ONG cadastrada." />
        ) : (
          <ScrollTable label="ONGs cadastradas" minWidth={1000}>
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

function OrganizationForm({ data }: { data: Data }) {
  const editing = data.editing;
  const intent = editing ? "updateOrganization" : "createOrganization";
  const result = useIntentResult(intent);
  const formRef = useResetOnSuccess(editing ? undefined : result);
  const submitting = useSubmittingIntent(intent);
  const v = result && !result.ok ? result.values : undefined;
  const e = result?.errors;
  const pick = (field: string, current: string | null | undefined) => v?.[field] ?? current ?? "";
  return (
    <Card>
      <CardTitle>{editing ? `Editar ${editing.name}` : "Nova ONG"}</CardTitle>
      <Form ref={formRef} method="post" className="mt-4 grid gap-4 md:grid-cols-2">
        <IntentInput intent={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          label="Nome público"
          name="name"
          required
          minLength={3}
          maxLength={160}
          defaultValue={pick("name", editing?.name)}
          error={e?.name}
        />
        <TextField
          label="Razão social"
          name="legalName"
          required
          minLength={3}
          maxLength={200}
          defaultValue={pick("legalName", editing?.legalName)}
          error={e?.legalName}
        />
        <TextField
          label="CNPJ"
          name="cnpj"
          required
          inputMode="numeric"
          maxLength={18}
          placeholder="00.000.000/0000-00"
          defaultValue={pick("cnpj", editing?.cnpj ? formatCnpj(editing.cnpj) : null)}
          error={e?.cnpj}
        />
        <TextField
          label="Âncora"
          name="slug"
          required
          maxLength={60}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          hint="Usada no link /causas#âncora, ex.: aadora."
          defaultValue={pick("slug", editing?.slug)}
          error={e?.slug}
        />
        <SelectField label="Causa" name="causeId" defaultValue={pick("causeId", editing?.causeId)} error={e?.causeId}>
          <option value="">Sem causa</option>
          {data.causes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.active ? "" : " (inativa)"}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <TextField label="Cidade" name="city" required maxLength={80} defaultValue={pick("city", editing?.city)} error={e?.city} />
          <SelectField label="UF" name="state" required defaultValue={pick("state", editing?.state)} error={e?.state}>
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
          defaultValue={pick("description", editing?.description)}
          error={e?.description}
          className="md:col-span-2"
        />
        <TextField
          label="Banner (URL)"
          name="bannerUrl"
          maxLength={2000}
          placeholder="https:// ou /images/..."
          defaultValue={pick("bannerUrl", editing?.bannerUrl)}
          error={e?.bannerUrl}
        />
        <TextField
          label="E-mail da instituição"
          name="email"
          type="email"
          maxLength={200}
          hint="Recebe o comprovante dos repasses."
          defaultValue={pick("email", editing?.email)}
          error={e?.email}
        />
        <TextField
          label="Logo (URL)"
          name="logoUrl"
          maxLength={2000}
          placeholder="https:// ou /images/..."
          defaultValue={pick("logoUrl", editing?.logoUrl)}
          error={e?.logoUrl}
        />
        <TextField
          label="Site"
          name="siteUrl"
          type="url"
          maxLength={2000}
          placeholder="https://"
          defaultValue={pick("siteUrl", editing?.siteUrl)}
          error={e?.siteUrl}
        />
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] md:col-span-2">
          <SelectField
            label="Tipo da chave Pix"
            name="pixKeyType"
            defaultValue={pick("pixKeyType", editing?.pixKeyType)}
            error={e?.pixKeyType}
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
            defaultValue={pick("pixKey", editing?.pixKey && editing.pixKeyType ? formatPixKey(editing.pixKeyType, editing.pixKey) : null)}
            error={e?.pixKey}
          />
        </div>
        <label className="flex items-center gap-3 text-sm font-semibold md:col-span-2">
          <Checkbox name="isMain" defaultChecked={v ? v.isMain === "on" : Boolean(editing?.isMain)} />
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
      {editing ? <OrganizationVerification organization={editing} /> : null}
    </Card>
  );
}
