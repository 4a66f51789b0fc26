import { FlaskConical } from "lucide-react";

/** The sandbox provider's hosted pages: a test banner, a summary column and the action panel. */
export function SandboxFrame({ summary, children, label = "Pagamento" }: { summary: React.ReactNode; children: React.ReactNode; label?: string }) {
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <div role="note" className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-bold text-amber-950">
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
