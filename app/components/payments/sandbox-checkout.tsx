import { CreditCard, FlaskConical, Lock } from "lucide-react";
import { Button } from "~/components/ui/button";

/** The sandbox provider's hosted pages: a test banner, a summary column and the action panel. */
export function SandboxFrame({
  summary,
  children,
  label = "Pagamento",
}: {
  summary: React.ReactNode;
  children: React.ReactNode;
  label?: string;
}) {
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <div
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-bold text-amber-950"
      >
        <FlaskConical size={18} strokeWidth={2} aria-hidden="true" />
        Ambiente de testes — nenhum valor é cobrado
      </div>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-2 md:gap-16 md:py-16">
        <section aria-label="Resumo" className="md:pt-6">
          <p className="text-sm font-semibold text-slate-600">Festa Solidária · Sandbox Pagamentos</p>
          {summary}
        </section>
        <section aria-label={label} className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 md:p-8">
          {children}
        </section>
      </div>
    </div>
  );
}

/** The sandbox's test card: nothing is typed, nothing is stored. */
export function SandboxTestCard() {
  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold text-slate-700">Cartão de teste</p>
      <div className="flex h-11 items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm whitespace-nowrap text-slate-700 sm:text-base">
        <CreditCard size={18} strokeWidth={2} className="shrink-0" aria-hidden="true" />
        <span className="truncate">4242 4242 4242 4242</span>
        <span className="ml-auto shrink-0 text-xs">12/34 · 123</span>
      </div>
      <p className="mt-1.5 text-xs text-slate-600">Nenhum dado de cartão é pedido nem guardado no ambiente de testes.</p>
    </div>
  );
}

/**
 * Pagar / Recusar / Cancelar of the sandbox's hosted checkouts (one-off and subscription). They
 * submit `intent`; `busyIntent` is the intent being submitted, null when idle.
 */
export function SandboxOutcomeButtons({ amount, busyIntent }: { amount: string; busyIntent: string | null }) {
  const busy = busyIntent !== null;
  return (
    <>
      <Button
        type="submit"
        name="intent"
        value="pagar"
        size="lg"
        variant="provider"
        shape="rounded"
        className="w-full"
        loading={busyIntent === "pagar"}
        loadingText="Processando..."
        disabled={busy}
      >
        <Lock size={18} strokeWidth={2} aria-hidden="true" />
        Pagar {amount}
      </Button>
      <div className="grid grid-cols-2 gap-3">
        <Button type="submit" name="intent" value="recusar" variant="dangerOutline" shape="rounded" disabled={busy}>
          Recusar
        </Button>
        <Button type="submit" name="intent" value="cancelar" variant="ghost" shape="rounded" disabled={busy}>
          Cancelar
        </Button>
      </div>
    </>
  );
}
