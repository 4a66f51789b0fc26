import { data, Link } from "react-router";
import type { Route } from "./+types/ong.$slug.painel";
import { DashboardGifts } from "~/components/institutions/dashboard-gifts";
import { DashboardMoney } from "~/components/institutions/dashboard-money";
import { DashboardContacts, DashboardParties, DashboardPayouts, DashboardStatement } from "~/components/institutions/dashboard-sections";
import { DashboardUnits, PROPOSE_UNIT_INTENT } from "~/components/institutions/dashboard-units";
import { DashboardUpdates } from "~/components/institutions/dashboard-updates";
import { impactUnitProposalSchema } from "~/domain/impact/impact-forms";
import { PageHeader } from "~/components/ui/page-header";
import { monthKeyLabel, monthLabel, recentReportMonths } from "~/domain/content/report-month";
import { listSharedContacts } from "~/domain/donations/institution-contacts.server";
import { insertImpactUnitProposal, listImpactUnitProposals } from "~/domain/impact/impact-unit-proposals.server";
import { insertInstitutionUpdate, listInstitutionUpdates } from "~/domain/impact/institution-updates.server";
import { institutionUpdateSchema } from "~/domain/impact/institution-update-form";
import { filterRange, parseGiftFilters } from "~/domain/ledger/gift-filters";
import {
  institutionGiftRows,
  institutionMonths,
  institutionOpenPartyMoney,
  institutionPayoutRows,
  institutionTotals,
} from "~/domain/ledger/institution-ledger.server";
import { listImpactUnits } from "~/domain/organizations/index.server";
import { requireInstitutionMember, requireInstitutionViewer } from "~/domain/organizations/institution-guards.server";
import { listPartiesForInstitution } from "~/domain/parties/institution-parties.server";
import { institutionMoneyStates } from "~/domain/payouts/institution-money";
import { listOpenInstitutionItems } from "~/domain/payouts/institution-payouts.server";
import { todayInSaoPaulo } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Painel da instituição", description: "Doações, repasses e prestação de contas da instituição.", noindex: true });

/** How many gift rows the page lists (the CSV has them all); the totals count every row of the filter. */
const SHOWN_GIFTS = 100;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { institution, role } = await requireInstitutionViewer(request, params.slug);
  const id = institution.id;
  const filters = parseGiftFilters(new URL(request.url).searchParams);
  const now = context.clock.now();
  const [totals, months, gifts, payouts, parties, contacts, updates, directItems, openParties, units, unitProposals] = await Promise.all([
    institutionTotals(id),
    institutionMonths(id, 12),
    institutionGiftRows(id, { range: filterRange(filters), source: filters.origem, partyId: filters.festa }, 100_000),
    institutionPayoutRows(id),
    listPartiesForInstitution(id),
    listSharedContacts(id),
    listInstitutionUpdates(id),
    listOpenInstitutionItems(id),
    institutionOpenPartyMoney(id),
    listImpactUnits(id),
    listImpactUnitProposals(id),
  ]);
  const money = institutionMoneyStates({
    balanceCents: totals.balanceCents,
    paidOutCents: totals.paidOutCents,
    directItems,
    parties: openParties,
    today: todayInSaoPaulo(now),
    pixHoldDays: context.config.PIX_MED_HOLD_DAYS,
  });
  const add = (key: "grossCents" | "feeCents" | "netCents") => gifts.reduce((s, g) => s + g[key], 0);
  return {
    institution,
    role,
    totals,
    money,
    months: months.map((m) => ({ ...m, label: monthKeyLabel(m.month) })),
    filters,
    gifts: {
      rows: gifts.slice(0, SHOWN_GIFTS),
      count: gifts.length,
      totals: { grossCents: add("grossCents"), feeCents: add("feeCents"), netCents: add("netCents") },
    },
    payouts,
    parties,
    contacts,
    updates: updates.map((u) => ({ ...u, monthLabel: monthKeyLabel(u.month) })),
    units: units.map(({ id, singular, plural, costCents }) => ({ id, singular, plural, costCents })),
    unitProposals,
    thisMonth: todayInSaoPaulo(now).slice(0, 7),
    statementMonths: recentReportMonths(24, now).map((m) => ({ key: m.key, label: monthLabel(m) })),
  };
}

type ActionResult = { form: "update" | "unit"; result: FormResult };

/**
 * The team only (an admin reviews, never writes here): posts an impact update, or proposes an impact
 * unit (intent "propor-unidade", decision 191); both wait for an admin's approval.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { institution, user } = await requireInstitutionMember(request, params.slug);
  const form = await readFormData(request);
  if (form.get("intent") === PROPOSE_UNIT_INTENT) {
    const submission = parseFormSubmission(form, impactUnitProposalSchema);
    if (submission.status !== "success") return data<ActionResult>({ form: "unit", result: submission.reply() }, { status: 400 });
    const { unitId, singular, plural, cost } = submission.value;
    const saved = await insertImpactUnitProposal({
      organizationId: institution.id,
      submittedBy: user.id,
      unitId: unitId || null,
      singular,
      plural,
      costCents: cost,
    });
    if (!saved) {
      const result = submission.reply({ fieldErrors: { unitId: ["Escolha uma unidade da lista."] } });
      return data<ActionResult>({ form: "unit", result }, { status: 400 });
    }
    return redirectWithToast(`/ong/${institution.slug}/painel#unidades`, {
      type: "success",
      title: "Unidade enviada",
      description: "A equipe da Festa Solidária revisa antes de a unidade aparecer em /doar e nos certificados.",
    });
  }
  const submission = parseFormSubmission(form, institutionUpdateSchema);
  if (submission.status !== "success") return data<ActionResult>({ form: "update", result: submission.reply() }, { status: 400 });
  await insertInstitutionUpdate({ organizationId: institution.id, submittedBy: user.id, ...submission.value });
  return redirectWithToast(`/ong/${institution.slug}/painel#atualizacoes`, {
    type: "success",
    title: "Atualização enviada",
    description: "A equipe da Festa Solidária revisa e publica na página pública da instituição.",
  });
}

export default function InstitutionDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { institution, role } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={institution.name}
        title="Painel da instituição"
        description="As doações recebidas, o dinheiro em cada etapa, os repasses com comprovante e o extrato do mês para a contabilidade."
      />
      <div className="mx-auto max-w-6xl space-y-8 px-4 pb-16">
        <nav aria-label="Atalhos da instituição" className="flex flex-wrap gap-2 text-sm font-bold">
          {role !== "admin" ? (
            <Link
              to={`/ong/${institution.slug}/equipe`}
              className="rounded-full bg-indigo-50 px-3 py-1.5 text-indigo-700 hover:bg-indigo-100"
            >
              Equipe
            </Link>
          ) : null}
          <Link to={`/causas/${institution.slug}`} className="rounded-full bg-indigo-50 px-3 py-1.5 text-indigo-700 hover:bg-indigo-100">
            Página pública e prestação de contas
          </Link>
        </nav>
        <DashboardMoney money={loaderData.money} totals={loaderData.totals} months={loaderData.months} />
        <DashboardGifts slug={institution.slug} filters={loaderData.filters} gifts={loaderData.gifts} parties={loaderData.parties} />
        <DashboardStatement slug={institution.slug} months={loaderData.statementMonths} />
        <DashboardPayouts slug={institution.slug} payouts={loaderData.payouts} />
        <DashboardParties parties={loaderData.parties} />
        <DashboardContacts contacts={loaderData.contacts} />
        <DashboardUpdates
          updates={loaderData.updates}
          canWrite={role !== "admin"}
          thisMonth={loaderData.thisMonth}
          result={actionData?.form === "update" ? actionData.result : undefined}
        />
        <DashboardUnits
          units={loaderData.units}
          proposals={loaderData.unitProposals}
          canWrite={role !== "admin"}
          result={actionData?.form === "unit" ? actionData.result : undefined}
        />
      </div>
    </>
  );
}
