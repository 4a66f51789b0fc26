/**
 * Festas → "Campanhas" (decision 222): the newest team campaigns, and the moderation an admin
 * needs for a page anyone can create: hide it with a reason its creator is e-mailed, or show it.
 * One form per row, so a refusal (no reason) comes back to the row it was typed in.
 */
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { campaignVisibilitySchema } from "~/domain/campaigns/campaign-form";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { IntentInput, ScrollTable, SectionTitle, tdClass, thClass, useSubmittingIntent, useTabForm } from "./common";

export type CampaignRow = {
  id: string;
  slug: string;
  name: string;
  institutionName: string;
  createdAt: Date | string;
  closedAt: Date | string | null;
  hiddenAt: Date | string | null;
  hiddenReason: string | null;
  partyCount: number;
  raisedCents: number;
};

const INTENT = "setCampaignVisibility";

export function CampaignList({ campaigns }: { campaigns: CampaignRow[] }) {
  return (
    <section aria-labelledby="admin-campanhas" className="grid gap-3">
      <SectionTitle>
        <span id="admin-campanhas">Campanhas</span>
      </SectionTitle>
      {campaigns.length === 0 ? (
        <p className="text-muted">Nenhuma campanha criada ainda.</p>
      ) : (
        <ScrollTable label="Campanhas" minWidth={880}>
          <thead>
            <tr>
              <th className={thClass}>Campanha</th>
              <th className={`${thClass} text-right`}>Festas / total</th>
              <th className={thClass}>Situação</th>
              <th className={thClass}>Moderação</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td className={tdClass}>
                  {c.hiddenAt ? (
                    c.name
                  ) : (
                    <Link to={`/campanha/${c.slug}`} className="font-bold text-indigo-700 underline">
                      {c.name}
                    </Link>
                  )}
                  <p className="text-xs text-muted">
                    {c.institutionName} · criada em {formatDate(c.createdAt)}
                  </p>
                </td>
                <td className={`${tdClass} whitespace-nowrap text-right`}>
                  {c.partyCount} · {formatCents(c.raisedCents)}
                </td>
                <td className={tdClass}>
                  <Badge tone={c.hiddenAt ? "danger" : c.closedAt ? "info" : "paid"}>
                    {c.hiddenAt ? "oculta" : c.closedAt ? "encerrada" : "aberta"}
                  </Badge>
                  {c.hiddenReason ? <p className="mt-1 text-xs text-muted">Motivo: {c.hiddenReason}</p> : null}
                </td>
                <td className={tdClass}>
                  <VisibilityForm campaign={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function VisibilityForm({ campaign }: { campaign: CampaignRow }) {
  const [form, fields] = useTabForm(INTENT, campaignVisibilitySchema, undefined, { field: "campaignId", value: campaign.id });
  const submitting = useSubmittingIntent(INTENT);
  const hidden = campaign.hiddenAt !== null;
  return (
    <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="grid gap-2">
      <IntentInput intent={INTENT} />
      <input type="hidden" name="campaignId" value={campaign.id} />
      <input type="hidden" name="hidden" value={hidden ? "0" : "1"} />
      {hidden ? null : (
        <TextField
          label="Motivo (o criador recebe por e-mail)"
          id={`${form.id}-reason`}
          name="reason"
          maxLength={300}
          defaultValue={fields.reason.initialValue}
          error={fields.reason.errors}
        />
      )}
      <div>
        <Button type="submit" size="sm" variant={hidden ? "secondary" : "dangerOutline"} loading={submitting} loadingText="Salvando...">
          {hidden ? "Mostrar de novo" : "Ocultar campanha"}
        </Button>
      </div>
    </Form>
  );
}
