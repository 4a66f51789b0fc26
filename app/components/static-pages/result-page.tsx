import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/platform/ui/cn";

export type ResultItem = { icon: LucideIcon; text: React.ReactNode };

const TONES = {
  success: "bg-paid-bg text-paid",
  neutral: "bg-pending-bg text-pending",
};

/** The shared layout of the four payment result pages: a big status mark, a list and the way on. */
export function ResultPage({
  tone,
  icon: Icon,
  title,
  lead,
  listTitle,
  items,
  actions,
  children,
  offer,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  lead: React.ReactNode;
  listTitle: string;
  items: ResultItem[];
  actions: React.ReactNode;
  children?: React.ReactNode;
  /** An invitation after the list (the monthly nudge): below what the donor came for, above the way on. */
  offer?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      <div className="mx-auto max-w-2xl rounded-3xl border border-coral-100 bg-white px-5 py-8 text-center shadow-soft sm:p-10">
        <span className={cn("mx-auto flex h-20 w-20 items-center justify-center rounded-full", TONES[tone])}>
          <Icon size={44} strokeWidth={2} aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl md:text-4xl">{title}</h1>
        <div className="mx-auto mt-3 max-w-lg text-lg text-muted">{lead}</div>
        {children}
        <div className="mt-8 rounded-2xl bg-cream p-4 text-left sm:p-6">
          <h2 className="text-lg">{listTitle}</h2>
          <ul className="mt-4 space-y-4">
            {items.map((item, index) => (
              <li key={index} className="flex gap-3">
                <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-700">
                  <item.icon size={18} strokeWidth={2} aria-hidden="true" />
                </span>
                <span className="pt-1 text-ink">{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
        {offer}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}

/** A result page's way on: back home, and the next step when there is one. */
export function ResultLinks({ next }: { next: { to: string; label: string } | null }) {
  return (
    <>
      <Link to="/" className={buttonVariants({ variant: "secondary" })}>
        Voltar ao Início
      </Link>
      {next ? (
        <Link to={next.to} className={buttonVariants()}>
          {next.label}
        </Link>
      ) : null}
    </>
  );
}
