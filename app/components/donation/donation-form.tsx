import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/platform/ui/toast";
import { ChallengeField } from "~/components/abuse/challenge-field";
import { Button } from "~/components/ui/button";
import { FieldError, focusFirstError, TextareaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  donationSchema,
  type ImpactLines,
  MAX_MESSAGE_LENGTH,
  parseDonationAmount,
  type PresetReais,
} from "~/domain/donations/donation-form";
import { type FormResult, postedText } from "~/platform/forms/submission";
import { feeSentence } from "~/domain/donations/fee";
import { chargedCents, coveredFeeCents, coverFeeLabel } from "~/domain/donations/cover-fee";
import { formatCents, splitFee } from "~/platform/money";
import { AmountPicker } from "./amount-picker";
import { HonoreeFields } from "./honoree-fields";
import { ImpactPanel } from "./impact-panel";

/** The /doar form: amount, donor, message, the fee sentence, and the impact panel beside it. */
export function DonationForm({
  festa,
  ong = null,
  impact,
  formKey,
  feePercent,
  pix = false,
  result,
  prefill,
  challenge = null,
}: {
  festa: string | null;
  /** The institution's slug for a gift by `/doar?ong=`. */
  ong?: string | null;
  /** What each preset pays for at this cause. */
  impact: ImpactLines;
  formKey: string;
  feePercent: number;
  /** Pix is offered here (first, and chosen by default); otherwise the card checkout only. */
  pix?: boolean;
  /** The action's Conform reply after a refused gift. */
  result?: FormResult;
  /** A signed-in donor's name and e-mail. */
  prefill: { nome?: string; email?: string };
  /** Asked for after many declined payments from here (docs/decisions/102-abuse-limits.md). */
  challenge?: { signature?: string } | null;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const posted = (name: string) => postedText(result, name);
  const [form] = useSchemaForm(donationSchema, result);
  const [preset, setPreset] = useState(posted("preset") ?? "");
  const [custom, setCustom] = useState(posted("valorPersonalizado") ?? "");
  const [anonymous, setAnonymous] = useState(posted("anonima") === "on");
  const [message, setMessage] = useState(posted("mensagem") ?? "");
  // Never ticked unless the donor ticks it (decision 216); a refused form keeps the donor's own choice.
  const [coversFee, setCoversFee] = useState(posted("cobrirTaxa") === "on");
  // Errors are kept under the form's groups (valor, doador…), not only under field names.
  const shown = form.allErrors;
  const formError = shown[""]?.[0] ?? shown.festa?.[0];
  // Set while a POST is submitted and while its redirect loads (React Router upper-cases it).
  const submitting = navigation.formMethod === "POST";

  useEffect(() => {
    if (!result?.error) return;
    const refused = result.error[""]?.[0];
    if (refused) toast.error(refused);
    focusFirstError(formRef.current);
  }, [result]);

  const amount = parseDonationAmount({ preset, custom });
  const { netCents } = amount.ok ? splitFee(amount.cents, feePercent) : { netCents: 0 };
  // The same rule as the server's (which decides what is charged): shown live, never posted.
  const feeCents = amount.ok ? coveredFeeCents(amount.cents, feePercent) : null;
  const totalCents = amount.ok ? chargedCents(amount.cents, coversFee && feeCents ? feeCents : 0) : 0;
  const impactSelection = custom.trim() ? "" : preset;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Form
        id={form.id}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="space-y-8 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft sm:p-8"
      >
        <input type="hidden" name="chave" value={formKey} />
        <ChallengeField challenge={challenge} />
        {festa ? <input type="hidden" name="festa" value={festa} /> : null}
        {ong ? <input type="hidden" name="ong" value={ong} /> : null}

        <AmountPicker
          preset={preset}
          custom={custom}
          onPresetChange={(v) => {
            setPreset(v);
            setCustom("");
          }}
          onCustomChange={(v) => {
            setCustom(v);
            if (v) setPreset("");
          }}
          error={shown.valor?.[0]}
        />
        {impactSelection ? (
          <p className="-mt-4 rounded-xl bg-coral-50 p-3 text-sm text-ink lg:hidden" aria-live="polite">
            <strong className="text-coral-700">R$ {impactSelection}:</strong> {impact[Number(impactSelection) as PresetReais]}
          </p>
        ) : null}

        <fieldset className="space-y-4" aria-describedby={shown.doador ? "campo-doador-erro" : undefined}>
          <legend className="mb-3 text-lg font-extrabold text-indigo-800">Seus dados</legend>
          <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-cream p-3">
            <input
              type="checkbox"
              name="anonima"
              checked={anonymous}
              onChange={(e) => {
                setAnonymous(e.currentTarget.checked);
              }}
              className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
            />
            <span>
              <span className="font-bold">Quero doar de forma anônima</span>
              <span className="block text-sm text-muted">Seu nome não aparece na festa; o e-mail fica opcional, só para o recibo.</span>
            </span>
          </label>
          {anonymous ? null : (
            <TextField
              label="Nome"
              name="nome"
              autoComplete="name"
              maxLength={100}
              defaultValue={posted("nome") ?? prefill.nome}
              error={shown.nome}
              aria-invalid={shown.doador || shown.nome ? true : undefined}
            />
          )}
          <TextField
            label={anonymous ? "E-mail (opcional, para o recibo)" : "E-mail"}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={posted("email") ?? prefill.email}
            hint="Para o recibo (e as notícias da festa, se você pedir). Nunca aparece na página da festa."
            error={shown.email}
            aria-invalid={(shown.doador && !anonymous) || shown.email ? true : undefined}
          />
          <FieldError id="campo-doador-erro" error={shown.doador} />
          {festa ? (
            <label className="flex cursor-pointer items-start gap-3">
              <input type="checkbox" name="noticias" className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700" />
              <span>
                Quero receber notícias desta festa
                <span className="block text-sm text-muted">
                  {anonymous
                    ? "Opcional: enviamos por e-mail os recados de quem organiza, sem mostrar o seu e-mail a ninguém."
                    : "Opcional (LGPD): você recebe por e-mail os recados de quem organiza, e essa pessoa recebe seu nome, e-mail, data e valor da doação para falar com você sobre a festa. Dá para sair com um clique em qualquer e-mail."}
                </span>
              </span>
            </label>
          ) : null}
          {anonymous ? null : (
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                name="contato"
                defaultChecked={posted("contato") === "on"}
                className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
              />
              <span>
                Compartilhar meu nome e e-mail com a instituição
                <span className="block text-sm text-muted">
                  Opcional (LGPD): só com a sua autorização a instituição que recebe esta doação pode falar com você sobre o trabalho dela.
                </span>
              </span>
            </label>
          )}
        </fieldset>

        {pix ? (
          <fieldset>
            <legend className="mb-3 text-lg font-extrabold text-indigo-800">Pagar com</legend>
            <div className="grid grid-cols-2 gap-2 sm:gap-3">
              {["Pix", "Cartão"].map((method) => (
                <label key={method} className="flex cursor-pointer items-start gap-3 rounded-xl bg-cream p-3">
                  <input
                    type="radio"
                    name="metodo"
                    value={method}
                    defaultChecked={(posted("metodo") ?? "Pix") === method}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
                  />
                  {method}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <TextareaField
          label="Mensagem (opcional)"
          name="mensagem"
          rows={3}
          maxLength={MAX_MESSAGE_LENGTH}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
          }}
          placeholder={festa ? "Deixe um recado carinhoso para quem está celebrando" : "Deixe um recado carinhoso para a instituição"}
          hint={`${message.length}/${MAX_MESSAGE_LENGTH} caracteres`}
          error={shown.mensagem}
        />

        <HonoreeFields posted={posted} errors={shown} festa={Boolean(festa)} />

        <div className="space-y-4 border-t border-coral-100 pt-6">
          <p className="rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900">
            {feeSentence(feePercent)}
            {amount.ok && feePercent > 0 ? (
              coversFee ? (
                <>
                  {" "}
                  Você cobre a taxa: os <strong>{formatCents(amount.cents)}</strong> da sua doação chegam inteiros à causa.
                </>
              ) : (
                <>
                  {" "}
                  Da sua doação de <strong>{formatCents(amount.cents)}</strong>, <strong>{formatCents(netCents)}</strong> chegam à causa.
                </>
              )
            ) : null}
          </p>
          {feePercent > 0 ? (
            <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-cream p-3">
              <input
                type="checkbox"
                name="cobrirTaxa"
                checked={coversFee}
                onChange={(e) => {
                  setCoversFee(e.currentTarget.checked);
                }}
                className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
              />
              <span aria-live="polite">{coverFeeLabel(feeCents)}</span>
            </label>
          ) : null}
          {formError ? (
            // A `festa` error: the party or institution stopped taking gifts while the form was open.
            <p role="alert" className="rounded-xl bg-danger-bg p-4 font-semibold text-danger">
              {formError}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" loading={submitting} loadingText="Processando...">
            {amount.ok ? `Doar ${formatCents(totalCents)}` : "Doar Agora"}
          </Button>
        </div>
      </Form>

      <ImpactPanel selected={impactSelection} lines={impact} className="lg:sticky lg:top-24 lg:self-start" />
    </div>
  );
}
