/**
 * Pieces every admin tab shares. Everything posts with plain forms so it works without
 * JavaScript; with JavaScript, switches and deletes go through fetchers and deletes ask in a
 * dialog first (without it, the server asks on the page).
 */
import type { DefaultValue } from "@conform-to/react";
import { Pencil, Trash2 } from "lucide-react";
import { Form, Link, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { type FormShape, useSchemaForm } from "~/components/ui/use-schema-form";
import type { AdminActionData } from "./tabs";
import { postedText } from "~/platform/forms/submission";
import { cn } from "~/platform/ui/cn";

/** The last action result, when it answered this intent. */
export function useIntentResult(intent: string | string[]): AdminActionData | undefined {
  const data = useActionData() as AdminActionData | undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  return data && intents.includes(data.intent) ? data : undefined;
}

/**
 * A tab's form, checked in the browser with the schema its action parses with
 * (in the domain it checks, e.g. `~/domain/organizations/cause-form`); after a refusal, the action's reply shows its errors and puts back what
 * was typed (also without JavaScript).
 *
 * A list with one form per row (Repasses) names the row: `row.field` is the hidden field that
 * identifies it, and only the form whose `row.value` was posted gets the reply.
 */
export function useTabForm<S extends $ZodType>(
  intent: string,
  schema: S,
  defaultValue?: DefaultValue<FormShape<S>>,
  row?: { field: string; value: string },
) {
  const result = useIntentResult(intent)?.result;
  const mine = !row || postedText(result, row.field) === row.value;
  return useSchemaForm(schema, mine ? result : undefined, { id: row ? `form-${intent}-${row.value}` : `form-${intent}`, defaultValue });
}

/**
 * A key that changes each time `intent` succeeds: given to a form component, it remounts it, so a
 * create form starts empty again and an edit form shows what was saved.
 */
export function useSavedKey(intent: string, base = "form"): string {
  const result = useIntentResult(intent);
  return result?.ok && result.key ? `${base}-${result.key}` : base;
}

/** Whether a form with this intent is being sent (for its button's 'Criando...' state). */
export function useSubmittingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function IntentInput({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export function SectionTitle({ children, className }: { children: React.ReactNode; className?: string }) {
  return <h2 className={cn("text-xl font-extrabold text-indigo-800", className)}>{children}</h2>;
}

export function StatCard({ label, value, hint, icon }: { label: string; value: string; hint?: string; icon: React.ReactNode }) {
  return (
    <Card padding="md" className="flex items-start gap-4">
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-coral-100 text-coral-700">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <p className="mt-1 text-2xl font-extrabold break-words text-indigo-800">{value}</p>
        {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      </div>
    </Card>
  );
}

/** A table that scrolls sideways on a phone instead of widening the page. */
export function ScrollTable({ children, label, minWidth = 720 }: { children: React.ReactNode; label: string; minWidth?: number }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-coral-100 bg-white shadow-soft focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {/* break-word, not the page's "anywhere": a column keeps its words whole (an open refund
          form must not squeeze "Aniversário" onto two lines); the region scrolls instead. */}
      <table className="w-full border-collapse text-left text-sm [overflow-wrap:break-word]" style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}

export const thClass =
  "border-b border-coral-100 bg-coral-50/60 px-4 py-3 text-xs font-bold tracking-wide text-muted uppercase whitespace-nowrap";
export const tdClass = "border-b border-coral-50 px-4 py-3 align-top";

export { Pagination } from "~/components/ui/pagination";

/**
 * The "Ativa" switch: a submit button with role=switch, so it posts without JavaScript too.
 * With JavaScript it shows the new state at once while the change is saved.
 */
function ActiveSwitch({
  intent,
  id,
  active,
  label,
  field = "active",
  text = "Ativa",
}: {
  intent: string;
  id: string;
  active: boolean;
  label: string;
  field?: string;
  text?: string;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const pending = fetcher.formData?.get(field);
  const checked = typeof pending === "string" ? pending === "true" : active;
  return (
    <fetcher.Form method="post" className="inline-flex items-center gap-2">
      <IntentInput intent={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={field} value={String(!checked)} />
      <button
        type="submit"
        role="switch"
        aria-checked={checked}
        aria-label={`${text}: ${label}`}
        className={cn(
          "inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
          checked ? "bg-paid" : "bg-muted/40",
        )}
      >
        <span
          className={cn("block h-5 w-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5" : "translate-x-0")}
        />
      </button>
      <span aria-hidden="true" className="text-sm font-semibold whitespace-nowrap text-muted">
        {text}
      </span>
    </fetcher.Form>
  );
}

/** A table row's actions: 'Editar' (a link that opens the row in the form) and the 'Ativa' switch. */
export function EditAndActiveCell({
  editHref,
  toggleIntent,
  id,
  active,
  label,
}: {
  editHref: string;
  toggleIntent: string;
  id: string;
  active: boolean;
  label: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Link to={editHref} className={buttonVariants({ variant: "ghost", size: "sm" })} aria-label={`Editar ${label}`}>
        <Pencil size={16} strokeWidth={2} aria-hidden="true" />
        Editar
      </Link>
      <ActiveSwitch intent={toggleIntent} id={id} active={active} label={label} />
    </div>
  );
}

/** A list card's actions: the 'Ativa' switch and the delete button with its confirmation. */
export function ActiveAndDeleteActions(props: {
  toggleIntent: string;
  deleteIntent: string;
  id: string;
  active: boolean;
  label: string;
  prompt: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <ActiveSwitch intent={props.toggleIntent} id={props.id} active={props.active} label={props.label} />
      <DeleteButton intent={props.deleteIntent} id={props.id} label={props.label} prompt={props.prompt} />
    </div>
  );
}

/** Delete behind the spec's confirmation ('Tem certeza que deseja excluir esta causa?'). */
export function DeleteButton({ intent, id, prompt, label }: { intent: string; id: string; prompt: string; label: string }) {
  const fetcher = useFetcher<AdminActionData>();
  return (
    <fetcher.Form method="post" onSubmit={(event) => event.preventDefault()}>
      <IntentInput intent={intent} />
      <input type="hidden" name="id" value={id} />
      <ConfirmDialog
        trigger={
          <Button type="submit" variant="ghostDanger" size="icon" aria-label={`Excluir ${label}`} loading={fetcher.state !== "idle"}>
            <Trash2 size={18} strokeWidth={2} aria-hidden="true" />
          </Button>
        }
        title={prompt}
        description={label}
        onConfirm={() => fetcher.submit({ intent, id, confirmed: "sim" }, { method: "post" })}
      />
    </fetcher.Form>
  );
}

/** Without JavaScript a delete comes back here to be confirmed on the page. */
export function PendingConfirm({ intent, nameOf }: { intent: string; nameOf?: (id: string) => string | undefined }) {
  const result = useIntentResult(intent);
  const location = useLocation();
  if (!result?.confirm) return null;
  return (
    <div role="alertdialog" aria-labelledby="confirmar-exclusao" className="mb-4 rounded-2xl border-2 border-danger bg-danger-bg p-4">
      <p id="confirmar-exclusao" className="font-bold text-danger">
        {result.confirm.prompt}
      </p>
      {nameOf?.(result.confirm.id) ? <p className="mt-1 text-sm text-ink">{nameOf(result.confirm.id)}</p> : null}
      <Form method="post" className="mt-3 flex gap-3">
        <IntentInput intent={intent} />
        <input type="hidden" name="id" value={result.confirm.id} />
        <input type="hidden" name="confirmed" value="sim" />
        <Button type="submit" variant="destructive" size="sm">
          Excluir
        </Button>
        <Link to={location.pathname + location.search} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Cancelar
        </Link>
      </Form>
    </div>
  );
}

/** The outcome of the last action, shown on the page too (toasts need JavaScript). */
export function ResultNotice({ intents }: { intents: string[] }) {
  const result = useIntentResult(intents);
  if (!result?.message || result.confirm) return null;
  return (
    <p
      role="status"
      className={cn(
        "mb-4 rounded-xl px-4 py-3 text-sm font-semibold",
        result.ok ? "bg-indigo-100 text-indigo-800" : "bg-danger-bg text-danger",
      )}
    >
      {result.message}
    </p>
  );
}
