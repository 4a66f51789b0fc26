import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatCnpj } from "~/domain/organizations/cnpj";
import type { PublicOrganization } from "~/domain/organizations/organizations.server";
import { VerifiedMark } from "./institution";

const FALLBACK_BANNER = "/images/banners/aadora.svg";

type Org = Pick<
  PublicOrganization,
  "slug" | "name" | "city" | "state" | "description" | "bannerUrl" | "causeName" | "isMain" | "cnpj" | "verifiedAt"
>;

/** A gift to this institution: only a verified one takes gifts (the server refuses the others too). */
const donateHref = (slug: string) => `/doar?ong=${encodeURIComponent(slug)}`;

const primaryLink = "inline-flex h-11 items-center rounded-full bg-coral-600 px-5 font-bold text-white hover:bg-coral-700";
const secondaryLink =
  "inline-flex h-11 items-center rounded-full border-2 border-indigo-700 px-5 font-bold text-indigo-700 hover:bg-indigo-50";

export function DonateLink({ org }: { org: Pick<Org, "slug" | "name" | "verifiedAt"> }) {
  if (!org.verifiedAt) return <p className="text-sm font-semibold text-muted">Instituição em verificação: em breve recebe doações.</p>;
  return (
    <Link to={donateHref(org.slug)} aria-label={`Doar Agora para ${org.name}`} className={primaryLink}>
      Doar Agora
    </Link>
  );
}

export function OrganizationCard({ org, eager }: { org: Org; eager?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-coral-100 bg-white shadow-soft">
      <img
        src={org.bannerUrl ?? FALLBACK_BANNER}
        alt=""
        width={640}
        height={320}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[2/1] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        {org.causeName ? <Badge className="self-start">{org.causeName}</Badge> : null}
        <h3 className="mt-3 text-lg">{org.name}</h3>
        {org.verifiedAt ? <VerifiedMark className="mt-1 self-start" /> : null}
        <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted">
          <MapPin size={16} strokeWidth={2} aria-hidden="true" /> {org.city} - {org.state}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-4">
          <DonateLink org={org} />
          <Link to={`/causas#${org.slug}`} aria-label={`Saiba mais sobre ${org.name}`} className={secondaryLink}>
            Saiba mais
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The anchored section `/causas#slug` lands on; scroll margin clears the sticky header. */
export function OrganizationDetails({ org }: { org: Org }) {
  return (
    <article
      id={org.slug}
      aria-labelledby={`${org.slug}-nome`}
      tabIndex={-1}
      className="scroll-mt-24 overflow-hidden rounded-3xl border border-coral-100 bg-white shadow-soft md:grid md:grid-cols-[2fr_3fr]"
    >
      <img
        src={org.bannerUrl ?? FALLBACK_BANNER}
        alt=""
        width={640}
        height={320}
        loading="lazy"
        decoding="async"
        className="aspect-[2/1] h-full w-full object-cover md:aspect-auto"
      />
      <div className="p-6 md:p-8">
        <div className="flex flex-wrap gap-2">
          {org.causeName ? <Badge>{org.causeName}</Badge> : null}
          {org.isMain ? <Badge tone="info">Instituição apoiada</Badge> : null}
          {org.verifiedAt ? <VerifiedMark /> : null}
        </div>
        <h3 id={`${org.slug}-nome`} className="mt-3 text-2xl">
          {org.name}
        </h3>
        <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-muted">
          <MapPin size={16} strokeWidth={2} aria-hidden="true" /> {org.city} - {org.state}
        </p>
        {org.cnpj ? <p className="mt-1 text-sm text-muted">CNPJ {formatCnpj(org.cnpj)}</p> : null}
        <p className="mt-4 text-ink">{org.description}</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <DonateLink org={org} />
          <Link to="/criar-festa" className={secondaryLink}>
            Criar Festa Solidária
          </Link>
          <Link to={`/causas/${org.slug}`} className="font-bold text-indigo-700 underline underline-offset-4">
            Prestação de contas
          </Link>
        </div>
      </div>
    </article>
  );
}
