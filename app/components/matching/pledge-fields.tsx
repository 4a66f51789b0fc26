import { SelectField, TextField } from "~/components/ui/field";
import { RATIO_CHOICES } from "~/domain/matching/pledge-form";
import { DEFAULT_RATIO_PERCENT } from "~/domain/matching/pledge-status";

type FieldState = { initialValue?: string; errors?: string[] };
type PledgeField = "sponsorName" | "sponsorDocument" | "sponsorEmail" | "sponsorLogoUrl" | "ratioPercent" | "cap" | "deadline";

/**
 * A matching pledge's terms (decision 215): the sponsor, the ratio, the cap and the last day — the
 * same fields whether an admin creates the pledge or a host invites the sponsor (decision 219),
 * each form with its own schema (pledge-form.ts) and its own words for the e-mail and the deadline.
 */
export function PledgeTermsFields({
  fields,
  idPrefix,
  email,
  deadline,
}: {
  fields: Record<PledgeField, FieldState>;
  idPrefix: string;
  email: { label: string; required: boolean; hint?: string };
  deadline: { min?: string; hint?: string };
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <TextField
        label="Patrocinador (pessoa ou empresa)"
        id={id("nome")}
        name="sponsorName"
        required
        maxLength={120}
        defaultValue={fields.sponsorName.initialValue}
        error={fields.sponsorName.errors}
      />
      <TextField
        label="CPF ou CNPJ"
        id={id("documento")}
        name="sponsorDocument"
        required
        maxLength={24}
        inputMode="text"
        defaultValue={fields.sponsorDocument.initialValue}
        error={fields.sponsorDocument.errors}
      />
      <TextField
        label={email.label}
        id={id("email")}
        name="sponsorEmail"
        type="email"
        inputMode="email"
        autoComplete="off"
        required={email.required}
        maxLength={200}
        defaultValue={fields.sponsorEmail.initialValue}
        error={fields.sponsorEmail.errors}
        hint={email.hint}
      />
      <TextField
        label="Logo (endereço, opcional)"
        id={id("logo")}
        name="sponsorLogoUrl"
        type="url"
        defaultValue={fields.sponsorLogoUrl.initialValue}
        error={fields.sponsorLogoUrl.errors}
      />
      <SelectField
        label="Quanto soma a cada real"
        id={id("proporcao")}
        name="ratioPercent"
        defaultValue={fields.ratioPercent.initialValue ?? String(DEFAULT_RATIO_PERCENT)}
        error={fields.ratioPercent.errors}
      >
        {RATIO_CHOICES.map((c) => (
          <option key={c.percent} value={c.percent}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Teto (R$)"
        id={id("teto")}
        name="cap"
        required
        inputMode="decimal"
        placeholder="1.000,00"
        defaultValue={fields.cap.initialValue}
        error={fields.cap.errors}
      />
      <TextField
        label="Data final"
        id={id("data-final")}
        name="deadline"
        type="date"
        required
        min={deadline.min}
        defaultValue={fields.deadline.initialValue}
        error={fields.deadline.errors}
        hint={deadline.hint}
      />
    </>
  );
}
