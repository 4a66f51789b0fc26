import { TextareaField, TextField } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { PHOTO_ACCEPT, PHOTO_RULE_TEXT, PHOTO_UPLOAD } from "~/platform/images/photo-rules";

type FieldState = { initialValue?: string; errors?: string[] };

const PHOTO_RULE = `${PHOTO_RULE_TEXT}.`;

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
    <FileField
      label={label}
      name="foto"
      accept={PHOTO_ACCEPT}
      rule={PHOTO_UPLOAD}
      error={error}
      hint={extraHint ? `${PHOTO_RULE} ${extraHint}` : PHOTO_RULE}
      className={className}
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
        label="Por que escolhi essa ONG/Causa (opcional)"
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
