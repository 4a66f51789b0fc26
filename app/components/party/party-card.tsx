import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatCalendarDate } from "~/platform/dates";
import { DEFAULT_PARTY_BANNER, defaultAvatar } from "~/domain/parties/party-images";

type CardParty = {
  name: string;
  eventType: string;
  eventDate: string;
  shareCode: string;
  bannerUrl: string | null;
  causeName: string;
  causeIcon: string | null;
  creatorName: string | null;
  creatorImage: string | null;
};

/** An /eventos card (product-spec §2, Events); `index` picks the default avatar. */
export function PartyCard({ party, index }: { party: CardParty; index: number }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-coral-100 bg-white shadow-soft">
      <div className="relative">
        <img
          src={party.bannerUrl ?? DEFAULT_PARTY_BANNER}
          alt=""
          width={640}
          height={320}
          loading={index < 3 ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[2/1] w-full object-cover"
        />
        <img
          src={party.creatorImage ?? defaultAvatar(index)}
          alt={party.creatorName ? `Foto de ${party.creatorName}` : ""}
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="absolute -bottom-7 left-4 h-14 w-14 rounded-full border-4 border-white bg-white object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col px-5 pt-9 pb-5">
        <p className="flex items-center gap-1.5 text-sm font-bold text-coral-700">
          <CalendarDays size={16} strokeWidth={2} aria-hidden="true" />
          {formatCalendarDate(party.eventDate)}
        </p>
        <h2 className="mt-1 text-lg leading-snug">{party.name}</h2>
        <p className="mt-1 text-sm font-semibold text-muted">{party.eventType}</p>
        <p className="mt-3 text-sm text-ink">
          {party.causeIcon ? <span aria-hidden="true">{party.causeIcon} </span> : null}
          {party.causeName}
        </p>
        <Link
          to={`/festa/${party.shareCode}`}
          className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-4 self-start" })}
          aria-label={`Saiba mais sobre ${party.name}`}
        >
          Saiba mais
        </Link>
      </div>
    </article>
  );
}
