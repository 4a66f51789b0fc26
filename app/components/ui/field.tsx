import { useId } from "react";
import { Input, Label, Select, Textarea } from "./input";

export type FieldCommon = { label: React.ReactNode; error?: string | string[] | null; hint?: React.ReactNode; className?: string };

/** Error text shown under a field, in pt-BR, announced to screen readers. */
export function FieldError({ id, error }: { id?: string; error?: string | string[] | null }) {
  const message = Array.isArray(error) ? error[0] : error;
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
      {message}
    </p>
  );
}

/** `campo-<name>` unless the caller gives an id (a list with one form per row repeats names). */
export function useFieldIds(name?: string, given?: string) {
  const auto = useId();
  const id = given ?? (name ? `campo-${name}` : auto);
  return { id, errorId: `${id}-erro`, hintId: `${id}-dica` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, error: FieldCommon["error"], hint: FieldCommon["hint"]) {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(" ") || undefined;
}

type FieldIds = ReturnType<typeof useFieldIds>;

/** What a control needs to be named by its label and described by its hint and error. */
export function controlProps(ids: FieldIds, error: FieldCommon["error"], hint: FieldCommon["hint"]) {
  return { id: ids.id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(ids, error, hint) } as const;
}

/**
 * The one frame of every field of the site: the label, the control, the hint and the error, with
 * the ids that tie them together (text, select, textarea, password and file fields all use it).
 */
export function FieldFrame({
  ids,
  label,
  error,
  hint,
  className,
  children,
  after,
}: FieldCommon & { ids: FieldIds; children: React.ReactNode; after?: React.ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={ids.id}>{label}</Label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={error} />
      {after}
    </div>
  );
}

export function TextField({ label, error, hint, className, id, ...props }: FieldCommon & React.ComponentProps<"input">) {
  const ids = useFieldIds(props.name, id);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <Input {...controlProps(ids, error, hint)} {...props} />
    </FieldFrame>
  );
}

export function TextareaField({ label, error, hint, className, id, ...props }: FieldCommon & React.ComponentProps<"textarea">) {
  const ids = useFieldIds(props.name, id);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <Textarea {...controlProps(ids, error, hint)} {...props} />
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, className, children, id, ...props }: FieldCommon & React.ComponentProps<"select">) {
  const ids = useFieldIds(props.name, id);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <Select {...controlProps(ids, error, hint)} {...props}>
        {children}
      </Select>
    </FieldFrame>
  );
}

/** Moves focus to the first invalid control of a form after a failed submit. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
