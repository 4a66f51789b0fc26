import { ExternalLink, FileCheck2, Pencil, Send, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { formatCents, formatPercent, progressPercent } from "~/platform/money";
import type { PublicGift } from "~/domain/donations/gifts.server";
import type { PartyPayoutView } from "~/domain/payouts/party-payouts.server";
import { PayoutStatusBadge } from "~/components/payouts/payout-status-badge";
import { CertificateLinks } from "./certificate-links";
import { GiftList } from "./gift-list";
import { ShareButtons } from "./share-buttons";
import { editPagePath, guestListPath, sharePagePath } from "~/domain/parties/share-links";
import { partyCover } from "~/domain/parties/party-images";

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
  coverPhotoKey?: string | null;
  /** "cohost" when the signed-in person co-hosts the party (decision 217). */
  role?: "owner" | "cohost";
};

/** Marks a party the signed-in person co-hosts. */
function CohostBadge({ party }: { party: OwnerParty }) {
  return party.role === "cohost" ? (
    <Badge tone="info" className="ml-2 align-middle" data-testid="cohost-badge">
      co-anfitrião
    </Badge>
  ) : null;
}

function contributions(n: number) {
  return n === 1 ? "1 contribuição" : `${n.toLocaleString("pt-BR")} contribuições`;
}

/** A live party on /painel: totals, goal progress, the 5 newest paid gifts and sharing. */
export function OwnerPartyCard({ party, gifts }: { party: OwnerParty; gifts: PublicGift[] }) {
  const percent = progressPercent(party.raisedCents, party.goalCents);
  const progressText = `${formatPercent(Math.floor(percent), 0)} de ${formatCents(party.goalCents)}`;
  return (
    <Card padding="md" className="flex flex-col gap-4 [overflow-wrap:anywhere] md:p-6" data-party={party.shareCode}>
      <img
        {...partyCover(party.coverPhotoKey)}
        sizes="(min-width: 1024px) 36rem, 100vw"
        alt=""
        loading="lazy"
        className="aspect-[3/1] w-full rounded-xl bg-coral-100 object-cover"
      />
      <div>
        <p className="text-sm font-bold text-coral-700">
          {formatCalendarDate(party.eventDate)} · {party.eventType}
        </p>
        <h3 className="mt-1 text-xl font-extrabold text-indigo-800">
          {party.name}
          <CohostBadge party={party} />
        </h3>
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
          <>
            <GiftList gifts={gifts} compact />
            {party.paidCount > gifts.length ? (
              <Link
                to={guestListPath(party.shareCode)}
                className="mt-1 inline-flex items-center gap-1.5 text-sm font-bold text-indigo-700 hover:underline"
              >
                <Users size={16} strokeWidth={2} aria-hidden="true" />
                Ver todas as {party.paidCount.toLocaleString("pt-BR")} contribuições
              </Link>
            ) : null}
          </>
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
        <Link
          to={sharePagePath(party.shareCode)}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-indigo-700 hover:bg-indigo-50"
        >
          <Send size={16} strokeWidth={2} aria-hidden="true" />
          QR code, convite e stories
        </Link>
        <Link
          to={editPagePath(party.shareCode)}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-indigo-700 hover:bg-indigo-50"
        >
          <Pencil size={16} strokeWidth={2} aria-hidden="true" />
          Editar
        </Link>
      </div>
    </Card>
  );
}

/** An ended party on /painel: read-only totals and its payout (settlement, deadline, transfer, proof). */
export function EndedPartyRow({
  party,
  payout,
  certificateCode = null,
}: {
  party: OwnerParty;
  payout: PartyPayoutView;
  certificateCode?: string | null;
}) {
  const transfer = payout.transfer;
  return (
    <li className="rounded-2xl border border-coral-100 bg-white px-5 py-4" data-ended-party={party.shareCode}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold text-indigo-800">
            {party.name}
            <CohostBadge party={party} />
          </p>
          <p className="text-sm text-muted">
            {formatCalendarDate(party.eventDate)} · {party.causeName}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-right">
            <span className="block font-extrabold text-indigo-800">{formatCents(party.raisedCents)}</span>
            <span className="block text-xs text-muted">{contributions(party.paidCount)}</span>
          </span>
          {transfer ? <Badge tone="paid">Repassada</Badge> : <Badge tone="info">Encerrada</Badge>}
        </div>
      </div>
      {party.raisedCents > 0 || transfer ? (
        <div className="mt-3 border-t border-coral-100 pt-3">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs font-bold text-muted">{payout.settlementLabel}</dt>
              <dd className="font-semibold text-ink">{formatCalendarDate(payout.settlementDate)}</dd>
            </div>
            <div>
              <dt className="text-xs font-bold text-muted">Prazo do repasse</dt>
              <dd className="font-semibold text-ink">{formatCalendarDate(payout.transferDeadline)}</dd>
            </div>
            <div>
              <dt className="text-xs font-bold text-muted">Repasse</dt>
              <dd className="font-semibold text-ink">
                {transfer ? `Transferido em ${formatDate(transfer.at)}` : <PayoutStatusBadge status={payout.stage} />}
              </dd>
            </div>
          </dl>
          {transfer ? (
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <p className="text-muted">{transfer.amountLine}</p>
              {transfer.proofHref ? (
                <a
                  href={transfer.proofHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-bold text-indigo-700 underline-offset-2 hover:underline"
                >
                  <FileCheck2 size={16} strokeWidth={2} aria-hidden="true" />
                  Ver comprovante do repasse
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">Sem doações: não há repasse a fazer.</p>
      )}
      {party.raisedCents > 0 ? <CertificateLinks partyId={party.id} code={certificateCode} /> : null}
      {party.paidCount > 0 ? (
        <Link
          to={guestListPath(party.shareCode)}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-bold text-indigo-700 underline-offset-2 hover:underline"
        >
          <Users size={16} strokeWidth={2} aria-hidden="true" />
          Convidados que doaram
        </Link>
      ) : null}
    </li>
  );
}
