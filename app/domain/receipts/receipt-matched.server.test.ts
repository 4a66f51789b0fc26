/**
 * A matched gift's receipt (issue 29): the page's data and the PDF say what the sponsor adds to it,
 * apart from the gift's own amounts (the sponsor's money is not in this receipt); a refund that
 * releases the match leaves no such line.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift } from "@tests/donations";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { findGiftReceipt } from "./receipts.server";
import { renderReceiptPdf } from "./receipt-pdf.server";

useTestDatabase();

const config = parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "10" });

function pdfText(bytes: Buffer | Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "r.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("the receipt of a matched gift", () => {
  it("says what the sponsor adds, apart from the gift's amounts; a gift with no match says nothing of it", async () => {
    const { party } = await givingSetup();
    await db.insert(schema.matchPledges).values({
      partyId: party.id,
      sponsorName: "Padaria Pão Quente",
      sponsorDocument: "11222333000181",
      capCents: 6_000,
      status: "ativa",
      deadline: new Date(Date.now() + 86_400_000),
      confirmedAt: new Date(),
    });
    const matched = await insertPendingGift(party.id, { amountCents: 5_000 });
    await processPaymentEvent(donationEvent(matched, "paid"), testDeps({ config }));
    // The cap has R$ 10,00 left: the next gift of R$ 30,00 gets R$ 10,00; a third, nothing.
    const partly = await insertPendingGift(party.id, { amountCents: 3_000 });
    await processPaymentEvent(donationEvent(partly, "paid"), testDeps({ config }));
    const unmatched = await insertPendingGift(party.id, { amountCents: 2_000 });
    await processPaymentEvent(donationEvent(unmatched, "paid"), testDeps({ config }));

    const receipt = await findGiftReceipt(matched.id);
    expect(receipt).toMatchObject({
      grossCents: 5_000,
      matched: { sponsorName: "Padaria Pão Quente", amountCents: 5_000, ratioPercent: 100 },
    });
    const text = pdfText(
      await renderReceiptPdf(receipt!, { publicUrl: "https://festa.test", generatedAt: new Date(), operator: config.operator }),
    );
    expect(text).toContain("Cada real vale dois: Padaria Pão Quente soma R$ 50,00 a esta doação.");
    expect(text).toContain("Valor doado R$ 50,00");
    expect((await findGiftReceipt(partly.id))!.matched).toMatchObject({ amountCents: 1_000 });
    expect((await findGiftReceipt(unmatched.id))!.matched).toBeNull();
  });
});
