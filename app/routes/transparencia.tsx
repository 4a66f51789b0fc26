import { publicPageHeaders } from "~/platform/http/cache-headers";
import { Mail, MessageCircle } from "lucide-react";
import type { Route } from "./+types/transparencia";
import { whatsappLink } from "~/components/layout/whatsapp-button";
import { SectionHeading } from "~/components/home/sections";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { familiesReportLine } from "~/components/content/impact-stats";
import { CauseDistribution, Certifications, ReportList } from "~/components/transparency/sections";
import { PageHeader } from "~/components/ui/page-header";
import { largestRemainderPercentages } from "~/platform/distribution";
import { feeSentence } from "~/domain/donations/fee";
import { formatCents, formatCentsShort } from "~/platform/money";
import { isCurrentMonth, monthLabel, recentReportMonths } from "~/domain/content/report-month";
import { feePercentsLabel, GENERAL_FUND_LABEL } from "~/domain/content/monthly-report.server";
import { seoMeta } from "~/platform/ui/seo";
import { getSponsorAd } from "~/domain/content/ads.server";
import { getImpactFigures } from "~/domain/content/impact.server";
import { countActiveOrganizations } from "~/domain/content/transparency.server";
import { payoutTotals, raisedByCause, raisedTotals } from "~/domain/ledger/index.server";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Transparência",
    description:
      "Quanto foi arrecadado, quanto chegou a cada causa, a taxa da plataforma e os repasses às instituições, com relatórios mensais em PDF.",
  });

export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const feePercent = context.config.PLATFORM_FEE_PERCENT;
  const [figures, totals, causes, payouts, organizations, ad] = await Promise.all([
    getImpactFigures(),
    raisedTotals(),
    raisedByCause(),
    payoutTotals(),
    countActiveOrganizations(),
    getSponsorAd("transparencia"),
  ]);
  const percents = largestRemainderPercentages(causes.map((c) => c.totalCents));
  return {
    feePercent,
    figures,
    // The fees each payment was charged when it was confirmed (the ledger), never today's percent times the total.
    feeCents: totals.feeCents,
    netCents: totals.netCents,
    chargedFees: feePercentsLabel(totals.feePercents),
    shares: causes.map((c, i) => ({
      name: c.causeName ?? GENERAL_FUND_LABEL,
      totalCents: c.totalCents,
      gifts: c.gifts,
      percent: percents[i]!,
    })),
    payouts,
    organizations,
    months: recentReportMonths(4).map((m) => ({ key: m.key, label: monthLabel(m), partial: isCurrentMonth(m) })),
    ad,
  };
}

export default function Transparencia({ loaderData, matches }: Route.ComponentProps) {
  const { feePercent, figures, feeCents, netCents, chargedFees, shares, payouts, organizations, months, ad } = loaderData;
  const config = matches[0].loaderData.config;
  const n = (v: number) => v.toLocaleString("pt-BR");
  return (
    <>
      <PageHeader eyebrow="Transparência" title="Transparência em cada centavo" description={feeSentence(feePercent)} />

      <section aria-labelledby="totais" className="mx-auto max-w-7xl px-4">
        <h2 id="totais" className="sr-only">
          Totais arrecadados
        </h2>
        <dl className="grid gap-4 md:grid-cols-3">
          {[
            { label: "Total arrecadado", value: formatCents(figures.raisedCents), note: "Doações pagas e assinaturas do Assine o Bem" },
            {
              label: `Taxa da plataforma (${chargedFees || `${n(feePercent)}%`})`,
              value: formatCents(feeCents),
              note: "Operadora de cartão e administração, à taxa vigente em cada pagamento",
            },
            { label: "Destinado às causas", value: formatCents(netCents), note: "O que chega às instituições" },
          ].map((item) => (
            <div key={item.label} className="rounded-2xl border border-coral-100 bg-white p-6 shadow-soft">
              <dt className="text-sm font-bold text-muted">{item.label}</dt>
              <dd className="mt-2 text-3xl font-extrabold text-indigo-800">{item.value}</dd>
              <dd className="mt-1 text-sm text-muted">{item.note}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="distribuicao" className="mx-auto max-w-4xl px-4 py-16">
        <SectionHeading
          id="distribuicao"
          eyebrow="Para onde vai o dinheiro"
          title="Distribuição por causa"
          text="Doações pagas, agrupadas pela causa de cada festa ou instituição."
        />
        <div className="mt-10">
          <CauseDistribution shares={shares} totalCents={figures.donationsCents} />
        </div>
      </section>

      <section aria-labelledby="impacto" className="bg-indigo-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <SectionHeading id="impacto" eyebrow="Painel de impacto" title="O que já fizemos juntos" />
          <dl
            className={`mt-10 grid grid-cols-2 gap-4 [&>div:last-child:nth-child(odd)]:col-span-2 lg:[&>div:last-child]:col-span-1 ${figures.familiesReport && figures.familiesHelped > 0 ? "lg:grid-cols-5" : "lg:grid-cols-4"}`}
          >
            {[
              ...(figures.familiesReport && figures.familiesHelped > 0
                ? [{ label: "Famílias ajudadas", value: n(figures.familiesHelped), note: familiesReportLine(figures.familiesReport) }]
                : []),
              { label: "Festas criadas", value: n(figures.parties) },
              { label: "Assinantes ativos", value: n(figures.activeSubscribers) },
              { label: "Instituições apoiadas", value: n(organizations) },
              {
                label: `Repassados às instituições (${payouts.transfers === 1 ? "1 repasse" : `${n(payouts.transfers)} repasses`})`,
                value: formatCentsShort(payouts.netCents),
              },
            ].map((item) => (
              <div key={item.label} className="flex flex-col rounded-2xl bg-white p-5 text-center shadow-soft">
                <dt className="order-last mt-1 text-sm font-semibold text-muted">{item.label}</dt>
                <dd className="text-2xl font-extrabold text-indigo-800">{item.value}</dd>
                {"note" in item && item.note ? <dd className="order-last mt-1 text-xs text-muted">{item.note}</dd> : null}
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="relatorios" className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading
          id="relatorios"
          eyebrow="Relatórios públicos"
          title="Relatórios mensais"
          text="Baixe o relatório de cada mês, gerado a partir dos pagamentos confirmados."
        />
        <div className="mt-10">
          <ReportList months={months} />
        </div>
      </section>

      <section aria-labelledby="certificacoes" className="mx-auto max-w-7xl px-4 pb-16">
        <SectionHeading id="certificacoes" eyebrow="Segurança e confiança" title="Nossos compromissos" />
        <div className="mt-10">
          <Certifications />
        </div>
      </section>

      {ad ? (
        <div className="mx-auto max-w-5xl px-4 pb-16">
          <SponsorBanner ad={ad} />
        </div>
      ) : null}

      <section aria-labelledby="duvidas" className="mx-auto max-w-4xl px-4">
        <div className="rounded-3xl bg-indigo-800 p-8 text-center text-white md:p-12">
          <h2 id="duvidas" className="text-3xl text-white">
            Dúvidas sobre os números?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">
            Fale com a nossa equipe: respondemos sobre qualquer valor, festa ou repasse.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={`mailto:${config.contactEmail}`}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 font-bold text-indigo-800 hover:bg-indigo-50"
            >
              <Mail size={20} strokeWidth={2} aria-hidden="true" /> Enviar e-mail
            </a>
            {config.whatsappNumber ? (
              <a
                href={whatsappLink(config.whatsappNumber, "Olá! Tenho uma dúvida sobre a transparência da Festa Solidária.")}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-12 items-center gap-2 rounded-full border-2 border-white px-6 font-bold text-white hover:bg-white/10"
              >
                <MessageCircle size={20} strokeWidth={2} aria-hidden="true" /> Falar no WhatsApp
              </a>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
