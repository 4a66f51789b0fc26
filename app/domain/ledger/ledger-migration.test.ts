/**
 * The migration that creates the ledger gives the data already there its rows (drizzle/0005_ledger.sql):
 * a database at the previous migration, with paid, refunded and charged-back gifts, a party already
 * paid out, direct gifts and monthly charges, comes out reconciled.
 */
import { useTestDatabase } from "@tests/database";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Connection, MIGRATIONS_FOLDER, getConnection, openPglite, setConnection } from "~/platform/db.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { reconcile } from "./reconcile.server";

useTestDatabase();

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};

async function apply(conn: Connection, tag: string) {
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) await conn.pglite!.exec(statement);
}

let own: Connection | undefined;
let previous: Connection | undefined;
afterEach(async () => {
  if (previous) setConnection(previous);
  await own?.close();
  own = previous = undefined;
});

describe("ledger migration", () => {
  it("backfills every movement already recorded; fees of a party already paid out add up to its payout's", async () => {
    own = await openPglite();
    const ledgerAt = journal.entries.findIndex((e) => e.tag.endsWith("_ledger"));
    for (const entry of journal.entries.slice(0, ledgerAt)) await apply(own, entry.tag);
    const q = (text: string) => own!.pglite!.query<Record<string, unknown>>(text);
    await own.pglite!.exec(`
      insert into causes (id, name, description) values ('00000000-0000-4000-8000-00000000000c', 'Fome', 'Comida');
      insert into organizations (id, name, slug, cause_id, city, state, description, is_main) values
        ('00000000-0000-4000-8000-0000000000a1', 'AADORA', 'aadora', '00000000-0000-4000-8000-00000000000c', 'BH', 'MG', 'x', true),
        ('00000000-0000-4000-8000-0000000000a2', 'Prato Cheio', 'prato-cheio', '00000000-0000-4000-8000-00000000000c', 'SP', 'SP', 'x', false);
      insert into parties (id, name, event_type, event_date, cause_id, organization_id, share_code, share_link, raised_cents, paid_count) values
        ('00000000-0000-4000-8000-0000000000f1', 'Paga e repassada', 'Aniversário', '2026-01-10', '00000000-0000-4000-8000-00000000000c',
          '00000000-0000-4000-8000-0000000000a1', 'pagar', 'http://x/festa/pagar', 21111, 3),
        ('00000000-0000-4000-8000-0000000000f2', 'Ainda no ar', 'Casamento', '2026-12-10', '00000000-0000-4000-8000-00000000000c',
          '00000000-0000-4000-8000-0000000000a2', 'noar1', 'http://x/festa/noar1', 5000, 1);
      insert into donations (id, party_id, organization_id, amount_cents, status, provider, paid_at, status_changed_at) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 10001, 'paga', 'sandbox', '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 3333, 'paga', 'sandbox', '2026-01-02T10:00:00Z', '2026-01-02T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 7777, 'paga', 'sandbox', '2026-01-03T10:00:00Z', '2026-01-03T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a2', 5000, 'paga', 'sandbox', '2026-02-01T10:00:00Z', '2026-02-01T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a2', 4005, 'reembolsada', 'sandbox', '2026-02-02T10:00:00Z', '2026-02-05T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a2', 2500, 'contestada', 'sandbox', null, '2026-02-06T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a2', 9999, 'falhou', 'sandbox', null, '2026-02-06T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000008', null, null, 1234, 'paga', 'sandbox', '2026-02-07T10:00:00Z', '2026-02-07T10:00:00Z');
      insert into donation_status_history (donation_id, from_status, to_status, provider_event_id, occurred_at, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'pendente', 'paga', 'evt_1', '2026-01-01T10:00:00Z', '2026-01-01T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000002', 'pendente', 'paga', 'evt_2', '2026-01-02T10:00:00Z', '2026-01-02T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000003', 'pendente', 'paga', 'evt_3', '2026-01-03T10:00:00Z', '2026-01-03T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000004', 'pendente', 'paga', 'evt_4', '2026-02-01T10:00:00Z', '2026-02-01T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000005', 'pendente', 'paga', 'evt_5', '2026-02-02T10:00:00Z', '2026-02-02T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000005', 'paga', 'reembolsada', 'evt_6', '2026-02-05T10:00:00Z', '2026-02-05T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000006', 'pendente', 'contestada', 'evt_7', '2026-02-06T10:00:00Z', '2026-02-06T10:00:01Z'),
        ('00000000-0000-4000-8000-000000000008', 'pendente', 'paga', 'evt_8', '2026-02-07T10:00:00Z', '2026-02-07T10:00:01Z');
      -- Paid out at 12% before the ledger: round(21111 * 0.12) = 2533.
      insert into payouts (party_id, gross_cents, fee_cents, net_cents, settlement_date, transfer_deadline, status, transferred_at) values
        ('00000000-0000-4000-8000-0000000000f1', 21111, 2533, 18578, '2026-02-12', '2026-02-18', 'transferido', '2026-02-13T15:00:00Z');
      insert into "user" (id, name, email) values ('u1', 'Ana', 'ana@exemplo.com.br');
      insert into subscriptions (id, user_id, plan, status, provider, provider_customer_id, provider_subscription_id, last_event_at) values
        ('00000000-0000-4000-8000-0000000000b1', 'u1', 'prata', 'active', 'sandbox', 'cus_1', 'sub_1', '2026-02-01T00:00:00Z');
      insert into subscription_charges (subscription_id, provider_invoice_id, amount_cents, paid_at) values
        ('00000000-0000-4000-8000-0000000000b1', 'in_1', 5000, '2026-01-15T00:00:00Z'),
        ('00000000-0000-4000-8000-0000000000b1', 'in_2', 5000, '2026-02-15T00:00:00Z');
    `);
    await apply(own, journal.entries[ledgerAt]!.tag);

    const rows = (
      await q(`select kind, donation_id, gross_cents, fee_cents, net_cents, fee_percent::text as pct, provider_event_id, backfilled,
        organization_id from ledger_entries order by kind, donation_id, gross_cents -- kind in the enum's order`)
    ).rows;
    const byGift = (id: string) => rows.filter((r) => r.donation_id === `00000000-0000-4000-8000-00000000000${id}`);
    // The paid-out party: its three rows add up to the payout's fee and net exactly.
    const paidOut = ["1", "2", "3"].flatMap(byGift);
    expect(paidOut.reduce((s, r) => s + Number(r.fee_cents), 0)).toBe(2533);
    expect(paidOut.reduce((s, r) => s + Number(r.net_cents), 0)).toBe(18578);
    const [payout] = rows.filter((r) => r.kind === "payout");
    expect(payout).toMatchObject({
      gross_cents: -21111,
      fee_cents: -2533,
      net_cents: -18578,
      organization_id: "00000000-0000-4000-8000-0000000000a1",
    });
    // Everything else at 10%, with the event that moved it.
    expect(byGift("4")).toEqual([expect.objectContaining({ kind: "gift_paid", fee_cents: 500, pct: "10", provider_event_id: "evt_4" })]);
    expect(byGift("5").map((r) => [r.kind, r.gross_cents, r.fee_cents, r.provider_event_id])).toEqual([
      ["gift_paid", 4005, 401, "evt_5"],
      ["refund", -4005, -401, "evt_6"],
    ]);
    // Charged back before we ever saw it paid: paid and charged back by the same event, netting zero.
    expect(byGift("6").map((r) => [r.kind, r.gross_cents, r.provider_event_id])).toEqual([
      ["gift_paid", 2500, "evt_7"],
      ["chargeback", -2500, "evt_7"],
    ]);
    expect(byGift("7")).toEqual([]);
    // A gift with neither party nor institution goes to the main charity.
    expect(byGift("8")).toEqual([expect.objectContaining({ organization_id: "00000000-0000-4000-8000-0000000000a1" })]);
    expect(rows.filter((r) => r.kind === "subscription_charge_paid").map((r) => [r.gross_cents, r.fee_cents])).toEqual([
      [5000, 500],
      [5000, 500],
    ]);
    expect(rows.every((r) => r.backfilled === true)).toBe(true);

    // And, with the later migrations applied (reconciliation reads their tables), it all
    // reconciles: totals, balances, the sandbox's events.
    for (const entry of journal.entries.slice(ledgerAt + 1)) await apply(own, entry.tag);
    previous = getConnection();
    setConnection(own);
    const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
    const result = await reconcile({ providers: [sandbox], range: { from: new Date("2026-01-01"), to: new Date("2026-03-01") } });
    expect(result.discrepancies).toEqual([]);
    expect(result.notices).toEqual([]);
  });
});
