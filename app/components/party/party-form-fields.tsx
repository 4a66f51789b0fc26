import { TextareaField, TextField } from "~/components/ui/field";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT } from "~/platform/images/photo-rules";

type FieldState = { initialValue?: string; errors?: string[] };

const PHOTO_RULE = `JPEG, PNG ou WebP de até ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`;

/** The cover photo's file input, as creating and editing a party ask for it (the server checks it by content). */
export function PartyPhotoField({
  label,
  error,
  extraHint,
  className,
}: {
  label: string;
  error?: string | null;
  extraHint?: string;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      name="foto"
      type="file"
      accept={PHOTO_ACCEPT}
      error={error}
      hint={extraHint ? `${PHOTO_RULE} ${extraHint}` : PHOTO_RULE}
      className={`${className ?? ""} [&_input]:h-auto [&_input]:py-2`.trim()}
    />
  );
}

/** The optional goal (in reais) and the "why this cause" message, the same on both party forms. */
export function PartyGoalAndMessageFields({
  goal,
  message,
  messageRows,
  messagePlaceholder,
}: {
  goal: FieldState;
  message: FieldState;
  messageRows: number;
  messagePlaceholder?: string;
}) {
  return (
    <>
      <TextField
        label="Meta de arrecadação (opcional)"
        name="goal"
        inputMode="decimal"
        defaultValue={goal.initialValue}
        error={goal.errors}
        placeholder="Ex.: 1.500,00"
        hint="Em reais, de R$ 50 a R$ 10.000.000. Deixe em branco se preferir não definir uma meta."
      />
      <TextareaField
        label="Porque escolhi essa ONG/Causa (opcional)"
        name="message"
        rows={messageRows}
        maxLength={1000}
        defaultValue={message.initialValue}
        error={message.errors}
        placeholder={messagePlaceholder}
      />
    </>
  );
}
