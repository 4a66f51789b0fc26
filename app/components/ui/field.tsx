import { useId } from "react";
import { cn } from "~/platform/ui/cn";
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

export function describedBy(ids: ReturnType<typeof useFieldIds>, error: FieldCommon["error"], hint: FieldCommon["hint"]) {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, error, hint, className, id, ...props }: FieldCommon & React.ComponentProps<"input">) {
  const ids = useFieldIds(props.name, id);
  return (
    <div className={className}>
      <Label htmlFor={ids.id}>{label}</Label>
      <Input id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, error, hint)} {...props} />
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

export function TextareaField({ label, error, hint, className, id, ...props }: FieldCommon & React.ComponentProps<"textarea">) {
  const ids = useFieldIds(props.name, id);
  return (
    <div className={className}>
      <Label htmlFor={ids.id}>{label}</Label>
      <Textarea id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, error, hint)} {...props} />
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

export function SelectField({ label, error, hint, className, children, id, ...props }: FieldCommon & React.ComponentProps<"select">) {
  const ids = useFieldIds(props.name, id);
  return (
    <div className={cn(className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      <Select id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, error, hint)} {...props}>
        {children}
      </Select>
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

/** Moves focus to the first invalid control of a form after a failed submit. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
