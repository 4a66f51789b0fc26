import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatCalendarDate } from "~/platform/dates";

type CardParty = {
  name: string;
  eventType: string;
  eventDate: string;
  shareCode: string;
  /** Computed on the server (eventos' loader): the cover with its srcset, the avatar, the totals' line. */
  cover: { src: string; srcSet?: string; width: number; height: number };
  causeName: string;
  causeIcon: string | null;
  creatorName: string | null;
  /** The organiser's photo, else one of the four default avatars by the card's position. */
  avatar: string;
  organizer: string | null;
  raisedText: string | null;
  percent: number | null;
};

/** An /eventos card (product-spec §2, Events); `index` (its place in the list) decides eager loading. */
export function PartyCard({ party, index }: { party: CardParty; index: number }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-coral-100 bg-white shadow-soft">
      <div className="relative">
        <img
          {...party.cover}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          alt=""
          loading={index < 3 ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[2/1] w-full object-cover"
        />
        <img
          src={party.avatar}
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
        <h2 className="mt-1 text-lg leading-snug [overflow-wrap:anywhere]">{party.name}</h2>
        <p className="mt-1 text-sm font-semibold text-muted">{party.eventType}</p>
        {party.organizer ? <p className="mt-1 text-sm text-muted">Organizado por {party.organizer}</p> : null}
        <p className="mt-3 text-sm text-ink">
          {party.causeIcon ? <span aria-hidden="true">{party.causeIcon} </span> : null}
          {party.causeName}
        </p>
        {party.raisedText ? (
          <p className="mt-3 text-sm font-bold text-indigo-800">
            {party.raisedText}
            {party.percent === null ? null : (
              <span className="mt-1 block h-2 overflow-hidden rounded-full bg-coral-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-coral-600" style={{ width: `${party.percent}%` }} />
              </span>
            )}
          </p>
        ) : null}
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
