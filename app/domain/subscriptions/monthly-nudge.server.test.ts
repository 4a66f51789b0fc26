import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { insertPendingGift } from "@tests/donations";
import { insertPaidGift, insertUser } from "@tests/parties";
import { sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import {
  claimMonthlyNudge,
  monthlyNudgeConversion,
  monthlyNudgeOffer,
  nudgeSignupPrefill,
  signNudgeRef,
  verifyNudgeRef,
} from "./monthly-nudge.server";

useTestDatabase();

const now = () => new Date();
const nudgeRows = () => db.select().from(schema.monthlyNudges);
/** A sandbox subscription of `userId` becoming active (its first event), as the provider's webhook delivers it. */
async function activate(userId: string, subscriptionId: string) {
  const customerId = await sandboxSubscriber(userId, `cus_${subscriptionId}`);
  await processPaymentEvent(subscriptionEvent("updated", { customerId, subscriptionId, plan: "prata" }), testDeps());
  return (await subscriptionRow(subscriptionId))!;
}

describe("monthlyNudgeOffer: the card on a gift's result page", () => {
  it("a paid one-off gift gets the nearest plan and a sealed reference, and counts as shown once", async () => {
    const gift = await insertPaidGift(null, { amountCents: 4500 });
    const offer = await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: null, now: now() });
    expect(offer?.plan).toMatchObject({ id: "prata", name: "Prata", price: "R$ 50,00" });
    // The reference names the gift, sealed: neither its id nor the donor's e-mail can be read in it.
    expect(offer!.ref).not.toContain(gift.id);
    expect(offer!.ref).not.toContain("convidado");
    expect(verifyNudgeRef(offer!.ref, now())).toBe(gift.id);
    await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: null, now: now() });
    expect(await nudgeRows()).toHaveLength(1);
  });

  it("a gift still pending, or failed, gets no card and is not counted", async () => {
    const pending = await insertPendingGift(null);
    expect(await monthlyNudgeOffer({ donationId: pending.id, viewerUserId: null, now: now() })).toBeNull();
    await db.update(schema.donations).set({ status: "falhou" }).where(eq(schema.donations.id, pending.id));
    expect(await monthlyNudgeOffer({ donationId: pending.id, viewerUserId: null, now: now() })).toBeNull();
    expect(await nudgeRows()).toHaveLength(0);
  });

  it("a viewer who already has a plan is not asked again", async () => {
    const gift = await insertPaidGift(null);
    const user = await insertUser("Helena Souza");
    await activate(user.id, "sub_sbx_already");
    expect(await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: user.id, now: now() })).toBeNull();
  });
});

describe("claimMonthlyNudge: the server checks the gift behind the reference", () => {
  it("a paid guest gift is claimed by the account that goes on to the checkout", async () => {
    const gift = await insertPaidGift(null);
    const user = await insertUser("Helena Souza");
    expect(await claimMonthlyNudge(signNudgeRef(gift.id, now()), user.id, now())).toBe(true);
    const [row] = await nudgeRows();
    expect(row).toMatchObject({ donationId: gift.id, userId: user.id, subscriptionId: null });
    expect(row!.startedAt).toBeInstanceOf(Date);
  });

  it("refuses a missing, tampered or expired reference, an unpaid gift and someone else's gift", async () => {
    const user = await insertUser("Helena Souza");
    const other = await insertUser("Outra Pessoa");
    const paid = await insertPaidGift(null);
    const ref = signNudgeRef(paid.id, now());
    expect(await claimMonthlyNudge(undefined, user.id, now())).toBe(false);
    expect(await claimMonthlyNudge(`${ref.slice(0, -2)}xx`, user.id, now())).toBe(false);
    expect(await claimMonthlyNudge(ref, user.id, new Date(Date.now() + 3 * 3600 * 1000))).toBe(false);
    const pending = await insertPendingGift(null);
    expect(await claimMonthlyNudge(signNudgeRef(pending.id, now()), user.id, now())).toBe(false);
    await db.update(schema.donations).set({ userId: other.id }).where(eq(schema.donations.id, paid.id));
    expect(await claimMonthlyNudge(ref, user.id, now())).toBe(false);
    expect(await nudgeRows()).toHaveLength(0);
  });

  it("the first account keeps the nudge: a second one cannot take it over", async () => {
    const gift = await insertPaidGift(null);
    const first = await insertUser("Primeira");
    const second = await insertUser("Segunda");
    const ref = signNudgeRef(gift.id, now());
    expect(await claimMonthlyNudge(ref, first.id, now())).toBe(true);
    expect(await claimMonthlyNudge(ref, second.id, now())).toBe(false);
    expect((await nudgeRows())[0]!.userId).toBe(first.id);
  });
});

describe("the subscription that follows is linked to the gift", () => {
  it("links the account's next active subscription, once, and the figure counts it", async () => {
    const gift = await insertPaidGift(null, { amountCents: 7000 });
    const user = await insertUser("Helena Souza");
    await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: null, now: now() });
    await claimMonthlyNudge(signNudgeRef(gift.id, now()), user.id, now());
    const subscription = await activate(user.id, "sub_sbx_nudged");
    const [row] = await nudgeRows();
    expect(row).toMatchObject({ donationId: gift.id, userId: user.id, subscriptionId: subscription.id });
    expect(row!.convertedAt).toBeInstanceOf(Date);
    // A later event of the same subscription changes nothing.
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId: subscription.providerCustomerId, subscriptionId: "sub_sbx_nudged" }),
      testDeps(),
    );
    expect(await monthlyNudgeConversion()).toEqual({ shown: 1, started: 1, converted: 1, donors: 1, stillActive: 1 });
    // The gift's result page asks no more: its card became a subscription.
    expect(await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: null, now: now() })).toBeNull();
  });

  it("never claims a subscription that existed before the checkout, nor one of another account", async () => {
    const user = await insertUser("Helena Souza");
    const stranger = await insertUser("Outra Pessoa");
    const old = await activate(user.id, "sub_sbx_old");
    // The old subscription ended; its late events must not link it to a nudge started afterwards.
    await db
      .update(schema.subscriptions)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(schema.subscriptions.id, old.id));
    const gift = await insertPaidGift(null);
    await claimMonthlyNudge(signNudgeRef(gift.id, now()), user.id, now());
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId: old.providerCustomerId, subscriptionId: "sub_sbx_old" }),
      testDeps(),
    );
    await activate(stranger.id, "sub_sbx_stranger");
    expect((await nudgeRows())[0]!.subscriptionId).toBeNull();
    expect(await monthlyNudgeConversion()).toMatchObject({ shown: 1, started: 1, converted: 0, donors: 0 });
  });

  it("counts distinct donors: two gifts of one person who subscribes once is one donor", async () => {
    const user = await insertUser("Helena Souza");
    const first = await insertPaidGift(null);
    const second = await insertPaidGift(null);
    for (const gift of [first, second]) await monthlyNudgeOffer({ donationId: gift.id, viewerUserId: null, now: now() });
    await claimMonthlyNudge(signNudgeRef(first.id, now()), user.id, now());
    await claimMonthlyNudge(signNudgeRef(second.id, now()), user.id, now());
    await activate(user.id, "sub_sbx_once");
    expect(await monthlyNudgeConversion()).toEqual({ shown: 2, started: 2, converted: 1, donors: 1, stillActive: 1 });
  });
});

describe("nudgeSignupPrefill: name and e-mail for the sign-up on the way to the plan", () => {
  it("reads the gift's, on the server, only for a recent paid guest gift behind a valid reference", async () => {
    const gift = await insertPaidGift(null, { name: "Cecília Araújo", email: "cecilia@exemplo.com.br" });
    const back = (ref: string) => `/assine-o-bem?plano=prata&convite=${encodeURIComponent(ref)}`;
    expect(await nudgeSignupPrefill(back(signNudgeRef(gift.id, now())), now())).toEqual({
      name: "Cecília Araújo",
      email: "cecilia@exemplo.com.br",
    });
    expect(await nudgeSignupPrefill(`/painel?convite=${encodeURIComponent(signNudgeRef(gift.id, now()))}`, now())).toBeNull();
    expect(await nudgeSignupPrefill(back("nada"), now())).toBeNull();
    const old = await insertPaidGift(null, { createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) });
    expect(await nudgeSignupPrefill(back(signNudgeRef(old.id, now())), now())).toBeNull();
  });
});
