/**
 * Host and admin see the same payout status (issue 28, item 8): one function decides it, and both
 * the admin's Repasses tab and the creator's /painel read it for the same payout.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertPaidGift, insertParty, insertUser } from "@tests/parties";
import { getConfig } from "~/platform/config.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { loadPayoutsPanel } from "./payouts-panel.server";
import { listPartyPayouts } from "./party-payouts.server";
import { partyPayoutStage } from "./payout-texts";

useTestDatabase();

describe("payout status", () => {
  it("the rule: before the operator settles, ready, past the deadline, transferred", () => {
    const dates = { settlementDate: "2026-03-10", transferDeadline: "2026-03-13" };
    expect(partyPayoutStage({ ...dates, transferred: false }, "2026-03-09")).toMatchObject({ stage: "aguardando_operadora" });
    expect(partyPayoutStage({ ...dates, transferred: false }, "2026-03-10")).toMatchObject({ stage: "pronto" });
    expect(partyPayoutStage({ ...dates, transferred: false }, "2026-03-13")).toMatchObject({ stage: "pronto" });
    expect(partyPayoutStage({ ...dates, transferred: false }, "2026-03-14")).toMatchObject({ stage: "atrasado", label: "Atrasado" });
    expect(partyPayoutStage({ ...dates, transferred: true }, "2026-03-14")).toMatchObject({ stage: "transferido" });
  });

  it("a late payout is 'Atrasado' for the admin and for the host alike; an early one 'Aguardando a operadora' for both", async () => {
    const today = todayInSaoPaulo();
    const owner = await insertUser("Mariana Costa");
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    const late = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: addCalendarDays(today, -60) });
    const early = await insertParty({
      userId: owner.id,
      causeId: cause.id,
      organizationId: org.id,
      eventDate: addCalendarDays(today, -10),
    });
    await insertPaidGift(late.id, { amountCents: 5000 });
    await insertPaidGift(early.id, { amountCents: 5000 });

    const admin = await loadPayoutsPanel(new URL("http://x/admin/repasses"), { config: getConfig(), clock: { now: () => new Date() } });
    const host = await listPartyPayouts([late, early], getConfig().PIX_MED_HOLD_DAYS);
    const adminRow = (id: string) => admin.rows.find((r) => r.partyId === id)!;
    expect(adminRow(late.id).stage).toMatchObject({ stage: "atrasado", label: "Atrasado" });
    expect(host.get(late.id)!.stage).toEqual(adminRow(late.id).stage);
    expect(adminRow(early.id).stage).toMatchObject({ stage: "aguardando_operadora", label: "Aguardando a operadora" });
    expect(host.get(early.id)!.stage).toEqual(adminRow(early.id).stage);
  });
});
