import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";

type Recovery = {
  planName: string;
  amountCents: number;
  status: "open" | "recovered" | "suspended";
  nextAttemptAt: string | null;
  href: string;
};

/** /conta's notice of a month in arrears (issue 30): "em atraso" with the next try, or suspended, and the way to pay. */
export function RecoveryNotice({ recovery }: { recovery: Recovery }) {
  const suspended = recovery.status === "suspended";
  return (
    <section
      aria-labelledby="assinatura-em-atraso"
      className="rounded-2xl border border-danger/30 bg-danger-bg p-5 md:p-6"
      data-testid="assinatura-em-atraso"
    >
      <h2 id="assinatura-em-atraso" className="text-xl text-danger md:text-2xl">
        {suspended ? "Assinatura suspensa" : "Assinatura em atraso"}
      </h2>
      <p className="mt-2 text-ink">
        A mensalidade de {formatCents(recovery.amountCents)} do Plano {recovery.planName} não foi paga.{" "}
        {suspended
          ? "As novas tentativas acabaram: pague este mês e a assinatura volta a ficar ativa na hora."
          : recovery.nextAttemptAt
            ? `Próxima tentativa em ${formatDate(recovery.nextAttemptAt)}.`
            : "Estamos tentando cobrar de novo."}
      </p>
      <Link to={recovery.href} className={buttonVariants({ className: "mt-4" })}>
        {suspended ? "Reativar com Pix" : "Regularizar pagamento"}
      </Link>
    </section>
  );
}
