import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, donationRow, expireAsStale, givingSetup, insertPendingGift, outboxEmails } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anonymiseSubjectData, collectPersonalData } from "~/domain/accounts/personal-data.server";
import { db, schema } from "~/platform/db.server";
import { action as doarAction } from "~/routes/doar";
import { loader as partyLoader } from "~/routes/festa.$id";
import { listRecentPaidGifts } from "./gifts.server";
import { processDonationEventAlone, processPaymentEvent } from "./payment-events.server";

useTestDatabase();

/** Gifts "em homenagem" (issue 29, item 3; decision 214). */
const MARIA = { name: "Vó Maria", email: "maria@exemplo.com.br" };
const cards = async () => (await outboxEmails()).filter((m) => m.template === "donation-honoree");

describe("/doar stores the homage", () => {
  it("keeps the honoree and the two choices on the gift (unticked: off)", async () => {
    const { party } = await givingSetup();
    const post = (fields: Record<string, string>, ip: string) =>
      doarAction({
        request: new Request("http://localhost:3000/doar", {
          method: "POST",
          body: new URLSearchParams({ preset: "50", nome: "Beatriz Lima", email: "bia@exemplo.com.br", festa: party.shareCode, ...fields }),
        }),
        params: {},
        context: testContext({ clientIp: ip }),
      } as never);
    expect(
      await post({ chave: "honra-0001", homenageado: "Vó Maria", homenageadoEmail: "Maria@Exemplo.com.br" }, "10.8.0.1"),
    ).toBeInstanceOf(Response);
    expect(
      await post({ chave: "honra-0002", homenageado: "Tio Zé", homenagemValor: "on", homenagemPublica: "on" }, "10.8.0.2"),
    ).toBeInstanceOf(Response);
    const refused = await post({ chave: "honra-0003", homenageadoEmail: "maria@exemplo.com.br" }, "10.8.0.3").catch((r: unknown) => r);
    expect(refused).not.toBeInstanceOf(Response);
    const gifts = await db
      .select({
        name: schema.donations.honoreeName,
        email: schema.donations.honoreeEmail,
        amount: schema.donations.honoreeShowsAmount,
        page: schema.donations.honoreeOnPartyPage,
      })
      .from(schema.donations);
    expect(gifts.sort((a, b) => a.name!.localeCompare(b.name!))).toEqual([
      { name: "Tio Zé", email: null, amount: true, page: true },
      { name: "Vó Maria", email: "maria@exemplo.com.br", amount: false, page: false },
    ]);
  });
});

describe("the e-card", () => {
  it("is queued once when the gift is paid, even with the event delivered twice, and the gift forgets the address", async () => {
    const { party } = await givingSetup({ partyName: "Aniversário da Ana" });
    const gift = await insertPendingGift(party.id, { amountCents: 5000, message: "Com carinho!", honoree: MARIA });
    const event = donationEvent(gift, "paid");
    await processPaymentEvent(event, testDeps());
    expect(await processPaymentEvent(event, testDeps())).toEqual({ outcome: "duplicate" });
    // The same payment under another event id changes nothing either.
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const [card, ...more] = await cards();
    expect(more).toHaveLength(0);
    expect(card!.to).toBe("maria@exemplo.com.br");
    expect(card!.subject).toBe("Beatriz Lima fez uma doação em sua homenagem");
    expect(card!.text).toContain("Olá, Vó!");
    expect(card!.text).toContain("em sua homenagem para AADORA");
    expect(card!.text).toContain("Aniversário da Ana");
    expect(card!.text).toContain("Com carinho!");
    expect(card!.text).toContain(`http://localhost:3000/festa/${party.shareCode}`);
    expect(card!.html).toContain(`src="http://localhost:3000/festa/${party.shareCode}/previa.png"`);
    // No amount unless chosen; never the donor's e-mail.
    expect(`${card!.text}${card!.html}`).not.toContain("R$");
    expect(`${card!.subject}${card!.text}${card!.html}`).not.toContain("beatriz@exemplo.com.br");
    expect((await donationRow(gift.id)).honoreeEmail).toBeNull();
    expect((await donationRow(gift.id)).honoreeName).toBe("Vó Maria");
  });

  it("the single path (a gift our expiry had cancelled) queues it once too, and states the amount when chosen", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, {
      amountCents: 7500,
      anonymous: true,
      donorName: null,
      honoree: { ...MARIA, showsAmount: true },
    });
    await expireAsStale(gift.id);
    const event = donationEvent(gift, "paid");
    expect((await processDonationEventAlone(event, testDeps())).outcome).toBe("applied");
    expect((await processDonationEventAlone(event, testDeps())).outcome).toBe("duplicate");
    const [card, ...more] = await cards();
    expect(more).toHaveLength(0);
    // Anonymous: "Alguém".
    expect(card!.subject).toBe("Alguém fez uma doação em sua homenagem");
    expect(card!.text).toContain("Alguém fez uma doação de R$ 75,00 em sua homenagem");
    expect((await donationRow(gift.id)).honoreeEmail).toBeNull();
  });

  it("is not sent without an e-mail, for a gift never paid, or for one refunded before its payment arrived", async () => {
    const { party, org } = await givingSetup();
    const noEmail = await insertPendingGift(party.id, { honoree: { name: "Tio Zé" } });
    await processPaymentEvent(donationEvent(noEmail, "paid"), testDeps());
    const failed = await insertPendingGift(party.id, { honoree: MARIA });
    await processPaymentEvent(donationEvent(failed, "failed"), testDeps());
    await insertPendingGift(party.id, { honoree: MARIA });
    const refunded = await insertPendingGift(null, { organizationId: org.id, honoree: MARIA });
    await processPaymentEvent(donationEvent(refunded, "refunded"), testDeps());
    await processPaymentEvent(donationEvent(refunded, "paid"), testDeps());
    expect((await donationRow(refunded.id)).status).toBe("reembolsada");
    expect(await cards()).toHaveLength(0);
    expect((await outboxEmails()).map((m) => m.template)).toContain("donation-receipt");
  });

  it("to an institution (no party): the site's image and the institution's page", async () => {
    const { org } = await givingSetup();
    const gift = await insertPendingGift(null, { organizationId: org.id, honoree: MARIA });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const [card] = await cards();
    expect(card!.html).toContain('src="http://localhost:3000/images/og-festa-solidaria.jpg"');
    expect(card!.text).toContain(`http://localhost:3000/causas/${org.slug}`);
  });
});

describe("the party page", () => {
  it("shows 'em homenagem a …' only when allowed (anonymous gifts too), never the honoree's e-mail", async () => {
    const { party } = await givingSetup();
    const shown = await insertPendingGift(party.id, { honoree: { ...MARIA, onPartyPage: true } });
    const hidden = await insertPendingGift(party.id, { honoree: { name: "Tio Zé", email: "ze@exemplo.com.br" } });
    const anonymous = await insertPendingGift(party.id, {
      anonymous: true,
      donorName: null,
      honoree: { name: "Dona Cida", onPartyPage: true },
    });
    // Read before the card goes (the address is still on the gift) and after.
    await db.update(schema.donations).set({ status: "paga" }).where(eq(schema.donations.id, hidden.id));
    for (const gift of [shown, anonymous]) await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const loaded = (await partyLoader({
      request: new Request(`http://localhost:3000/festa/${party.shareCode}`),
      params: { id: party.shareCode },
      context: testContext(),
    } as never)) as unknown as { data: { gifts: Array<{ id: string; name: string | null; honoree: string | null }> } };
    const byId = new Map(loaded.data.gifts.map((g) => [g.id, g]));
    expect(byId.get(shown.id)).toMatchObject({ name: "Beatriz Lima", honoree: "Vó Maria" });
    expect(byId.get(hidden.id)).toMatchObject({ honoree: null });
    expect(byId.get(anonymous.id)).toMatchObject({ name: null, honoree: "Dona Cida" });
    const json = JSON.stringify(loaded.data);
    expect(json).not.toContain("exemplo.com.br");
    expect(json).not.toContain("Tio Zé");
    expect(JSON.stringify(await listRecentPaidGifts(party.id, 10))).not.toContain("ze@exemplo.com.br");
  });
});

describe("LGPD", () => {
  it("the donor's export lists the honoree; erasing the donor clears the honoree and the homage", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { honoree: { ...MARIA, onPartyPage: true } });
    const subject = { kind: "email" as const, email: "beatriz@exemplo.com.br" };
    const exported = await collectPersonalData(subject, new Date());
    expect(exported.gifts[0]).toMatchObject({ honoreeName: "Vó Maria", honoreeEmail: "maria@exemplo.com.br", honoreeOnPartyPage: true });
    await db.transaction((tx) => anonymiseSubjectData(tx, subject, ["Beatriz Lima"]));
    expect(await donationRow(gift.id)).toMatchObject({
      honoreeName: null,
      honoreeEmail: null,
      honoreeShowsAmount: false,
      honoreeOnPartyPage: false,
    });
  });

  it("the honoree's own erasure removes their address from a gift not paid yet and the card queued to them", async () => {
    const { party } = await givingSetup();
    const paid = await insertPendingGift(party.id, { honoree: MARIA });
    await processPaymentEvent(donationEvent(paid, "paid"), testDeps());
    const pending = await insertPendingGift(party.id, { honoree: MARIA });
    expect(await cards()).toHaveLength(1);
    await db.transaction((tx) => anonymiseSubjectData(tx, { kind: "email", email: "MARIA@exemplo.com.br" }));
    expect((await donationRow(pending.id)).honoreeEmail).toBeNull();
    expect((await donationRow(pending.id)).honoreeName).toBe("Vó Maria");
    expect(await cards()).toHaveLength(0);
  });
});
