import { Repeat } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";

export type MonthlyNudge = {
  plan: { id: string; name: string; price: string; impact: string };
  /** The sealed reference to the paid gift (no e-mail, no id in clear): the server checks it again. */
  ref: string;
  /** Pix Automático is on: the donor picks it or the card, as on /assine-o-bem. */
  pixAutomatico: boolean;
  /** What of each month reaches the cause, and the fee (the one sentence money is asked with). */
  share: string;
  /** This page without the card ("Agora não"). */
  dismiss: string;
};

/**
 * "Que tal todo mês?" after a paid one-off gift (decision 213): the nearest plan and one tap into
 * its checkout. A plain form posting to /assine-o-bem (no script); nothing chosen for the donor.
 */
export function MonthlyNudgeCard({ nudge }: { nudge: MonthlyNudge }) {
  const { plan, ref, pixAutomatico, share, dismiss } = nudge;
  // Equal weight: the method is the donor's choice, and the page's own way on stays the main button.
  const button = `${buttonVariants({ variant: "secondary" })} w-full whitespace-normal text-center`;
  return (
    <aside aria-labelledby="todo-mes" className="mt-8 rounded-2xl border-2 border-indigo-100 bg-indigo-50 p-5 text-left sm:p-6">
      <p className="flex items-center gap-2 text-sm font-bold text-indigo-700">
        <Repeat size={18} strokeWidth={2} aria-hidden="true" />
        Assine o Bem
      </p>
      <h2 id="todo-mes" className="mt-1 text-2xl text-indigo-800">
        Que tal todo mês?
      </h2>
      <p className="mt-2 text-ink">
        Com o <strong>Plano {plan.name}</strong>, você doa <strong>{plan.price} por mês</strong>. {plan.impact}
      </p>
      <p className="mt-2 text-sm text-muted">{share} Cancele quando quiser.</p>
      <form method="post" action="/assine-o-bem" className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="assinar" />
        <input type="hidden" name="plano" value={plan.id} />
        <input type="hidden" name="convite" value={ref} />
        {pixAutomatico ? (
          <>
            <button type="submit" name="metodo" value="pix-automatico" className={button}>
              Assinar com Pix Automático
            </button>
            <button type="submit" name="metodo" value="cartao" className={button}>
              Assinar com cartão
            </button>
          </>
        ) : (
          <button type="submit" className={`${button} sm:col-span-2`}>
            Assinar o Plano {plan.name}
          </button>
        )}
      </form>
      <p className="mt-4 flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
        <a href={`/assine-o-bem?convite=${encodeURIComponent(ref)}`} className="font-bold text-indigo-700 underline">
          Ver todos os planos
        </a>
        <a href={dismiss} className="font-bold text-muted underline">
          Agora não
        </a>
      </p>
    </aside>
  );
}
