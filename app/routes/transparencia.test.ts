import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { seedDemoData } from "~/seed/seed.server";
import { recordPayout } from "~/domain/ledger/ledger.server";
import { insertPaidGift } from "@tests/parties";
import { loader as pageLoader } from "./transparencia";
import { loader as reportLoader } from "./transparencia.relatorio.$mes";

const args = (params: Record<string, string> = {}) =>
  ({ request: new Request("http://localhost/transparencia"), params, context: testContext() }) as never;

/** Text of a PDF through poppler's pdftotext when the machine has it (CI images may not). */
function pdfText(bytes: Buffer): string | null {
  try {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pdf-")), "r.pdf");
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } catch {
    return null;
  }
}

async function download(month: string) {
  const response = (await reportLoader(args({ mes: month }))) as Response;
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("/transparencia", () => {
  it("splits paid gifts by cause in whole percentages that add up to 100", async () => {
    await seedDemoData();
    const [party] = await db.select().from(schema.parties).limit(1);
    // Three odd amounts make plain rounding miss 100.
    for (const reais of [333, 333, 334]) await insertPaidGift(party!.id, { amountCents: reais * 100 + 1 });
    const data = await pageLoader(args());
    expect(data.shares.length).toBeGreaterThan(1);
    expect(data.shares.reduce((s, c) => s + c.percent, 0)).toBe(100);
    expect(data.shares.reduce((s, c) => s + c.totalCents, 0)).toBe(data.figures.donationsCents);
    expect(data.feeCents + data.netCents).toBe(data.figures.raisedCents);
    // The stored fee of each movement, added up (not 10% of the total, which rounds once).
    const rows = await db.select().from(schema.ledgerEntries);
    expect(data.feeCents).toBe(rows.reduce((s, r) => s + r.feeCents, 0));
    expect(data.chargedFees).toBe("10%");
    expect(data.months).toHaveLength(4);
    expect(data.months[0]!.key).toBe(todayInSaoPaulo().slice(0, 7));
  });

  it("groups gifts without a party under their NGO's cause and shows an empty distribution when nothing was paid", async () => {
    expect((await pageLoader(args())).shares).toEqual([]);
    await seedDemoData({ withUsers: false });
    const [org] = await db.select().from(schema.organizations).limit(1);
    await insertPaidGift(null, { organizationId: org!.id, amountCents: 5_000 });
    // No institution at all (no main charity either): the general fund.
    await db.update(schema.organizations).set({ isMain: false });
    await insertPaidGift(null, { amountCents: 1_000 });
    const { shares } = await pageLoader(args());
    expect(shares.map((s) => s.totalCents).sort()).toEqual([1_000, 5_000]);
    expect(shares.reduce((s, c) => s + c.percent, 0)).toBe(100);
  });
});

describe("monthly PDF report", () => {
  it("is a valid PDF that says so for a month without data", async () => {
    const { response, bytes } = await download("2021-05");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain('filename="festa-solidaria-transparencia-2021-05.pdf"');
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.subarray(-6).toString()).toContain("%%EOF");
    const text = pdfText(bytes);
    if (text !== null) expect(text).toContain("Nenhuma doação, assinatura ou repasse foi registrado em maio de 2021");
  });

  it("reports the month's totals, causes, parties and payouts without donor data", async () => {
    await seedDemoData();
    const [party] = await db.select().from(schema.parties).limit(1);
    await db.update(schema.parties).set({ name: "Festa 🎉 da Ana" });
    await db.transaction(async (tx) => {
      const [payout] = await tx
        .insert(schema.payouts)
        .values({
          partyId: party!.id,
          grossCents: 100_000,
          feeCents: 10_000,
          netCents: 90_000,
          settlementDate: "2026-01-01",
          transferDeadline: "2026-01-06",
          status: "transferido",
          transferredAt: new Date(),
        })
        .returning();
      const amounts = { grossCents: 100_000, feeCents: 10_000, netCents: 90_000 };
      await recordPayout(tx, { payoutId: payout!.id, partyId: party!.id, organizationId: party!.organizationId, amounts });
    });
    const { bytes } = await download(todayInSaoPaulo().slice(0, 7));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    if (text === null) return;
    expect(text).toContain("Doações por causa");
    expect(text).toContain("Festa da Ana"); // the emoji is dropped, not printed as garbage
    expect(text).toContain("R$ 900,00");
    expect(text).not.toMatch(/@exemplo\.com\.br/);
  });

  it("refuses malformed and future months with 404", async () => {
    for (const bad of ["2026-13", "abc", "2019-12", "9999-01", "2026-1"]) {
      const { response } = await download(bad);
      expect(response.status, bad).toBe(404);
    }
  });
});
