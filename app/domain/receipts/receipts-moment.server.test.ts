/**
 * Labels from their moment (issue 28, item 1): a receipt or statement reads what the charge was for
 * (plan, amount, institution) from the rows written when the money moved, never today's state of
 * the subscription or the institution.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { insertPaidGift } from "@tests/parties";
import { createTestUser } from "@tests/auth";
import { sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { findGiftReceipt, findReceiptByCode, listReceiptsOfYear } from "./receipts.server";
import { renderReceiptPdf, renderYearlyStatementPdf } from "./receipt-pdf.server";

useTestDatabase();

function pdfText(bytes: Buffer | Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "r.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("labels from their moment", () => {
  it("a charge paid on Prata keeps saying Prata R$ 50 after the subscriber changes to Ouro", async () => {
    await givingSetup(); // the main charity
    const { user } = await createTestUser({ name: "Helena Souza" });
    const customerId = await sandboxSubscriber(user.id);
    const at = (day: number) => new Date(`${new Date().getFullYear()}-01-${String(day).padStart(2, "0")}T15:00:00Z`);
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "prata", at: at(1) }), testDeps());
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, plan: "prata", at: at(2), invoice: { id: "in_prata", amountCents: 5000 } }),
      testDeps(),
    );
    // The plan change from the e-mail's link: the subscription now says Ouro.
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "ouro", at: at(3) }), testDeps());
    expect((await subscriptionRow())!.plan).toBe("ouro");

    const [charge] = await db.select().from(schema.subscriptionCharges);
    const receipt = await findReceiptByCode(charge!.receiptCode);
    expect(receipt).toMatchObject({ kind: "subscription", plan: "prata", grossCents: 5000 });
    const receiptText = pdfText(
      await renderReceiptPdf(receipt!, { publicUrl: "https://festa.test", generatedAt: new Date(), operator: testDeps().config.operator }),
    );
    expect(receiptText).toContain("plano Prata");
    expect(receiptText).toContain("R$ 50,00");
    expect(receiptText).not.toContain("Ouro");

    const year = new Date().getFullYear();
    const list = await listReceiptsOfYear({ userId: user.id, email: user.email, emailVerified: true }, year);
    expect(list.map((r) => r.plan)).toEqual(["prata"]);
    const statement = pdfText(
      await renderYearlyStatementPdf(
        { year, donorName: "Helena Souza", receipts: list },
        { publicUrl: "https://festa.test", generatedAt: new Date(), operator: testDeps().config.operator },
      ),
    );
    expect(statement).toContain("Prata");
    expect(statement).toContain("R$ 50,00");
    expect(statement).not.toContain("Ouro");
  });

  it("a receipt names the institution as it was when the money moved, not after a rename", async () => {
    const { org, party } = await givingSetup();
    await db
      .update(schema.organizations)
      .set({ name: "AADORA", legalName: "Associação AADORA", cnpj: "10485736000150" })
      .where(eq(schema.organizations.id, org.id));
    const gift = await insertPaidGift(party.id, { amountCents: 3000, name: "Rui Barbosa" });
    // Later the admin renames the institution and corrects its CNPJ.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db
      .update(schema.organizations)
      .set({ name: "Instituto Novo", legalName: "Instituto Novo Ltda", cnpj: "11222333000181" })
      .where(eq(schema.organizations.id, org.id));

    const receipt = await findGiftReceipt(gift.id);
    expect(receipt!.institution).toMatchObject({ name: "AADORA", legalName: "Associação AADORA", cnpj: "10485736000150" });
    // A gift paid after the rename names the new one.
    const later = await insertPaidGift(party.id, { amountCents: 3000, name: "Rui Barbosa" });
    expect((await findGiftReceipt(later.id))!.institution).toMatchObject({ name: "Instituto Novo", cnpj: "11222333000181" });
  });
});
