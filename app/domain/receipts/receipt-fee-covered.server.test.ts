/**
 * A gift whose donor covered the fee (decision 216): the receipt, its PDF and the receipt e-mail
 * say "Taxa coberta por você", read from the gift's paid ledger row.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift, outboxEmails } from "@tests/donations";
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

const receiptEmail = async () => (await outboxEmails()).find((m) => m.template === "donation-receipt")!;

describe("the receipt of a gift whose donor covered the fee", () => {
  it("shows the fee covered from the paid row, in the PDF and in the e-mail", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000, feeCoveredCents: 500 });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps({ config }));
    // Whatever the gift's row says later, the receipt reads the ledger row of the moment.
    await db.update(schema.donations).set({ feeCoveredCents: 400 }).where(eq(schema.donations.id, gift.id));

    const receipt = await findGiftReceipt(gift.id);
    expect(receipt).toMatchObject({ grossCents: 5500, feeCents: 500, netCents: 5000, feeCoveredCents: 500 });
    const text = pdfText(
      await renderReceiptPdf(receipt!, { publicUrl: "https://festa.test", generatedAt: new Date(), operator: config.operator }),
    );
    expect(text).toContain("Valor doado R$ 50,00");
    expect(text).toContain("Taxa coberta por você R$ 5,00");
    expect(text).toContain("Total pago R$ 55,00");

    const mail = await receiptEmail();
    expect(mail.text.replace(/\s/g, " ")).toContain("Taxa coberta por você: R$ 5,00");
    expect(mail.text.replace(/\s/g, " ")).toContain("Valor líquido para a instituição: R$ 50,00");
    expect(mail.html).toContain("Taxa coberta por você");
  });

  it("says nothing of it when the donor did not cover the fee", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 5000 });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps({ config }));
    const receipt = await findGiftReceipt(gift.id);
    expect(receipt).toMatchObject({ grossCents: 5000, feeCoveredCents: 0 });
    const text = pdfText(
      await renderReceiptPdf(receipt!, { publicUrl: "https://festa.test", generatedAt: new Date(), operator: config.operator }),
    );
    expect(text).toContain("Valor doado R$ 50,00");
    expect(text).not.toContain("Taxa coberta");
    expect((await receiptEmail()).text).not.toContain("Taxa coberta");
  });
});
