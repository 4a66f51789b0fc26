import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { formatCalendarDate } from "~/platform/dates";
import { formatCents, formatPercent, progressPercent } from "~/platform/money";
import type { PublicGift } from "~/domain/donations/gifts.server";
import { GiftList } from "./gift-list";
import { ShareButtons } from "./share-buttons";

type OwnerParty = {
  id: string;
  name: string;
  eventType: string;
  eventDate: string;
  goalCents: number;
  raisedCents: number;
  paidCount: number;
  shareCode: string;
  shareLink: string;
  causeName: string;
};

function contributions(n: number) {
  return n === 1 ? "1 contribuição" : `${n.toLocaleString("pt-BR")} contribuições`;
}

/** A live party on /painel: totals, goal progress, the 5 newest paid gifts and sharing. */
export function OwnerPartyCard({ party, gifts }: { party: OwnerParty; gifts: PublicGift[] }) {
  const percent = progressPercent(party.raisedCents, party.goalCents);
  const progressText = `${formatPercent(Math.floor(percent), 0)} de ${formatCents(party.goalCents)}`;
  return (
    <Card padding="md" className="flex flex-col gap-4 md:p-6" data-party={party.shareCode}>
      <div>
        <p className="text-sm font-bold text-coral-700">
          {formatCalendarDate(party.eventDate)} · {party.eventType}
        </p>
        <h3 className="mt-1 text-xl font-extrabold text-indigo-800">{party.name}</h3>
        <p className="text-sm text-muted">Em prol de {party.causeName}</p>
      </div>
      <div className="rounded-xl bg-cream p-4">
        <p className="text-sm font-semibold text-muted">Arrecadado</p>
        <p className="text-3xl font-extrabold text-indigo-800" data-testid="raised">
          {formatCents(party.raisedCents)}
        </p>
        <p className="text-sm font-semibold text-muted">{contributions(party.paidCount)}</p>
        {party.goalCents > 0 ? (
          <div className="mt-3">
            <Progress value={percent} label={progressText} />
            <p className="mt-1 text-sm font-semibold text-muted">{progressText}</p>
          </div>
        ) : null}
      </div>
      <div>
        <h4 className="font-bold text-indigo-800">Últimas contribuições</h4>
        {gifts.length > 0 ? (
          <GiftList gifts={gifts} compact />
        ) : (
          <p className="mt-1 text-sm text-muted">Nenhuma contribuição ainda. Compartilhe o link com seus convidados!</p>
        )}
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-coral-100 pt-4">
        <ShareButtons link={party.shareLink} title={party.name} size="sm" />
        <Link
          to={`/festa/${party.shareCode}`}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-indigo-700 hover:bg-indigo-50"
        >
          Ver página
          <ExternalLink size={16} strokeWidth={2} aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}

/** An ended party on /painel: read-only totals. */
export function EndedPartyRow({ party }: { party: OwnerParty }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-coral-100 bg-white px-5 py-4">
      <div className="min-w-0">
        <p className="font-bold text-indigo-800">{party.name}</p>
        <p className="text-sm text-muted">
          {formatCalendarDate(party.eventDate)} · {party.causeName}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-right">
          <span className="block font-extrabold text-indigo-800">{formatCents(party.raisedCents)}</span>
          <span className="block text-xs text-muted">{contributions(party.paidCount)}</span>
        </span>
        <Badge tone="info">Encerrada</Badge>
      </div>
    </li>
  );
}
