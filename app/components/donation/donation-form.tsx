import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { FieldError, focusFirstError, TextareaField, TextField } from "~/components/ui/field";
import { DONATION_MESSAGES, type DonationFormErrors, isPlausibleEmail, MAX_MESSAGE_LENGTH, parseDonationAmount, PRESET_IMPACT } from "~/lib/donation-form";
import { feeSentence } from "~/lib/fee";
import { formatCents, splitFee } from "~/lib/money";
import { AmountPicker } from "./amount-picker";
import { ImpactPanel } from "./impact-panel";

export type DonationFormValues = { preset?: string; valorPersonalizado?: string; anonima?: boolean; nome?: string; email?: string; mensagem?: string };

/** The /doar form: amount, donor, message, the fee sentence, and the impact panel beside it. */
export function DonationForm({
  festa,
  formKey,
  feePercent,
  errors,
  values,
}: {
  festa: string | null;
  formKey: string;
  feePercent: number;
  errors?: DonationFormErrors;
  values: DonationFormValues;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [preset, setPreset] = useState(values.preset ?? "");
  const [custom, setCustom] = useState(values.valorPersonalizado ?? "");
  const [anonymous, setAnonymous] = useState(Boolean(values.anonima));
  const [message, setMessage] = useState(values.mensagem ?? "");
  const [shown, setShown] = useState<DonationFormErrors>(errors ?? {});
  const clear = (...keys: Array<keyof DonationFormErrors>) =>
    setShown((current) => (keys.some((k) => current[k]) ? Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k as keyof DonationFormErrors))) : current));
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  useEffect(() => {
    setShown(errors ?? {});
    if (errors?.form) toast.error(errors.form);
    if (errors) focusFirstError(formRef.current);
  }, [errors]);

  const amount = parseDonationAmount({ preset, custom });
  const { netCents } = amount.ok ? splitFee(amount.cents, feePercent) : { netCents: 0 };
  const impactSelection = custom.trim() ? "" : preset;

  // A courtesy check with the server's own rules: it saves a round trip, never replaces it.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const name = String(data.get("nome") ?? "").trim();
    const email = String(data.get("email") ?? "").trim();
    const found: DonationFormErrors = {};
    if (!amount.ok) found.valor = amount.error;
    if (!anonymous && (!name || !email)) found.doador = DONATION_MESSAGES.missingDonor;
    else if (email && !isPlausibleEmail(email)) found.email = DONATION_MESSAGES.invalidEmail;
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setShown(found);
      requestAnimationFrame(() => focusFirstError(formRef.current));
    } else {
      setShown({});
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-8 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft sm:p-8">
        <input type="hidden" name="chave" value={formKey} />
        {festa ? <input type="hidden" name="festa" value={festa} /> : null}

        <AmountPicker
          preset={preset}
          custom={custom}
          onPresetChange={(v) => {
            setPreset(v);
            setCustom("");
            clear("valor");
          }}
          onCustomChange={(v) => {
            setCustom(v);
            if (v) setPreset("");
            clear("valor");
          }}
          error={shown.valor}
        />
        {impactSelection ? (
          <p className="-mt-4 rounded-xl bg-coral-50 p-3 text-sm text-ink lg:hidden" aria-live="polite">
            <strong className="text-coral-700">R$ {impactSelection}:</strong> {PRESET_IMPACT[Number(impactSelection) as keyof typeof PRESET_IMPACT]}
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
                clear("doador", "nome");
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
              defaultValue={values.nome}
              onInput={() => clear("doador", "nome")}
              error={shown.nome}
              aria-invalid={shown.doador || shown.nome ? true : undefined}
            />
          )}
          <TextField
            label={anonymous ? "E-mail (opcional, para o recibo)" : "E-mail"}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            onInput={() => clear("doador", "email")}
            hint="Usado só para enviar o recibo. Nunca aparece na página da festa."
            error={shown.email}
            aria-invalid={(shown.doador && !anonymous) || shown.email ? true : undefined}
          />
          <FieldError id="campo-doador-erro" error={shown.doador} />
        </fieldset>

        <TextareaField
          label="Mensagem (opcional)"
          name="mensagem"
          rows={3}
          maxLength={MAX_MESSAGE_LENGTH}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            clear("mensagem");
          }}
          placeholder="Deixe um recado carinhoso para quem está celebrando"
          hint={`${message.length}/${MAX_MESSAGE_LENGTH} caracteres`}
          error={shown.mensagem}
        />

        <div className="space-y-4 border-t border-coral-100 pt-6">
          <p className="rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900">
            {feeSentence(feePercent)}
            {amount.ok && feePercent > 0 ? (
              <>
                {" "}
                Da sua doação de <strong>{formatCents(amount.cents)}</strong>, <strong>{formatCents(netCents)}</strong> chegam à causa.
              </>
            ) : null}
          </p>
          {shown.form ? (
            <p role="alert" className="rounded-xl bg-danger-bg p-4 font-semibold text-danger">
              {shown.form}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" loading={submitting} loadingText="Processando...">
            {amount.ok ? `Doar ${formatCents(amount.cents)}` : "Doar Agora"}
          </Button>
          <p className="text-center text-xs text-muted">Você será levado à página segura de pagamento para concluir a doação.</p>
        </div>
      </Form>

      <ImpactPanel selected={impactSelection} className="lg:sticky lg:top-24 lg:self-start" />
    </div>
  );
}
