import { Building2, CalendarX2 } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export type GiftRefusal = {
  message: string;
  title: string;
  forInstitution: boolean;
  /** A late guest gives to the party's own institution, not to the main one. */
  offer: { slug: string; name: string } | null;
};

/** /doar when the gift has nowhere to go (an ended or unknown party, an inactive institution): why, and where to give instead. */
export function GiftRefused({ refused }: { refused: GiftRefusal | null }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center md:py-24">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-coral-100 text-coral-700">
        {refused?.forInstitution ? (
          <Building2 size={32} strokeWidth={2} aria-hidden="true" />
        ) : (
          <CalendarX2 size={32} strokeWidth={2} aria-hidden="true" />
        )}
      </span>
      <h1 className="mt-6 text-3xl">{refused?.title}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {refused?.message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {refused?.forInstitution ? (
          <Link to="/causas" className={buttonVariants()}>
            Ver Causas e ONGs
          </Link>
        ) : refused?.offer ? (
          // A late guest gives to the party's own institution, not to the main one.
          <>
            <Link to={`/doar?ong=${refused.offer.slug}`} className={buttonVariants()}>
              Doar para {refused.offer.name}
            </Link>
            <Link to="/eventos" className={buttonVariants({ variant: "secondary" })}>
              Ver festas ativas
            </Link>
          </>
        ) : (
          <>
            <Link to="/doar" className={buttonVariants()}>
              Doar para a causa principal
            </Link>
            <Link to="/eventos" className={buttonVariants({ variant: "secondary" })}>
              Ver festas ativas
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
