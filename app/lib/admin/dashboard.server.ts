import { z } from "zod";
import { progressPercent } from "~/lib/money";
import { countActiveSubscriptions, countParties, getFamiliesHelped, sumPaidDonationsCents } from "~/models/impact.server";
import { countPaidDonations, listLatestPaidDonations, listLivePartiesProgress, setFamiliesHelped } from "~/models/admin-stats.server";
import { type AdminActionHandler, auditedChange, fail, firstError, parseForm, succeed } from "./action-kit.server";

export async function loadDashboard() {
  const totalRaisedCents = await sumPaidDonationsCents();
  const paidDonations = await countPaidDonations();
  const partiesCreated = await countParties();
  const activeSubscribers = await countActiveSubscriptions();
  const familiesHelped = await getFamiliesHelped();
  const parties = await listLivePartiesProgress();
  const latest = await listLatestPaidDonations(10);
  return {
    stats: { totalRaisedCents, paidDonations, partiesCreated, activeSubscribers, familiesHelped },
    parties: parties.map((p) => ({ ...p, progress: progressPercent(p.raisedCents, p.goalCents) })),
    latest,
  };
}

const familiesSchema = z.object({
  familiesHelped: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/\./g, "") : v),
    z
      .string({ error: "Informe o número de famílias." })
      .min(1, "Informe o número de famílias.")
      .regex(/^\d+$/, "Use só números inteiros, por exemplo 2847.")
      .transform(Number)
      .refine((n) => n <= 100_000_000, "Esse número parece grande demais."),
  ),
});

export const setFamiliesHelpedAction: AdminActionHandler = async ({ admin, form }) => {
  const parsed = parseForm(familiesSchema, form);
  if (!parsed.ok) return fail("setFamiliesHelped", { title: "Erro ao salvar", description: firstError(parsed.errors) }, parsed);
  const value = parsed.data.familiesHelped;
  await auditedChange(admin, async (tx, audit) => {
    const before = await getFamiliesHelped(tx);
    await setFamiliesHelped(tx, value);
    await audit({ action: "settings.families_helped", entity: "site_settings", entityId: "families_helped", details: { from: before, to: value } });
  });
  return succeed("setFamiliesHelped", { title: "Famílias ajudadas atualizado", description: `Agora o site mostra ${value.toLocaleString("pt-BR")} famílias ajudadas.` });
};
