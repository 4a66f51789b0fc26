import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { fieldErrors } from "@tests/forms";
import { insertParty } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { DONATION_MESSAGES } from "~/domain/donations/donation-form";
import type { FormResult } from "~/platform/forms/submission";
import { TARGET_MESSAGES } from "~/domain/donations/gift-target.server";
import { CheckoutError, type PaymentProvider } from "~/domain/payments/types";
import { solveChallengePayload } from "@tests/challenge";
import type { Challenge } from "altcha-lib";
import { eq } from "drizzle-orm";
import { PAYMENT_ABUSE_LIMITS } from "~/domain/donations/payment-abuse.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { action, loader } from "./doar";

useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
let ipCounter = 0;

function post(fields: Record<string, string>, options: { ip?: string; query?: string; provider?: PaymentProvider } = {}) {
  const request = new Request(`http://localhost:3000/doar${options.query ?? ""}`, { method: "POST", body: new URLSearchParams(fields) });
  const clientIp = options.ip ?? `10.0.0.${++ipCounter % 250}`;
  const context = testContext({ clientIp, ...(options.provider ? { payments: { checkout: options.provider } } : {}) });
  return action({ request, params: {}, context } as unknown as ActionArgs);
}

const guest = { nome: "Beatriz Lima", email: "bia@exemplo.com.br" };

async function failure(result: Awaited<ReturnType<typeof action>>) {
  expect(result).not.toBeInstanceOf(Response);
  const { data, init } = result as unknown as { data: { result: FormResult }; init: { status: number } };
  // Field errors from Conform's reply; the form-level one (Conform's "") is the page's `form` message.
  const { "": form, ...errors } = fieldErrors(data.result);
  return { errors: form ? { ...errors, form } : errors, status: init.status };
}

const allDonations = () => db.select().from(schema.donations);

function challengeOf(result: Awaited<ReturnType<typeof action>>): Challenge {
  const { data } = result as unknown as { data: { challenge: Challenge | null } };
  expect(data.challenge).toBeTruthy();
  return data.challenge!;
}

/** `count` checkouts from `ip`, each declined by the provider (a signed event, as the webhook would apply it). */
async function declineFrom(ip: string, festa: string, count: number, cardFingerprint?: string) {
  for (let i = 0; i < count; i++) {
    const location = ((await post({ preset: "10", ...guest, festa }, { ip })) as Response).headers.get("Location")!;
    const checkoutId = location.split("/").pop()!;
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.providerCheckoutId, checkoutId));
    const outcome = await processPaymentEvent(
      {
        kind: "donation",
        id: `evt_decline_${checkoutId}`,
        provider: "sandbox",
        type: "checkout.failed",
        occurredAt: new Date(),
        action: "failed",
        ref: { donationId: gift!.id, checkoutId },
        cardFingerprint: cardFingerprint ?? null,
      },
      testDeps(),
    );
    expect(outcome).toMatchObject({ outcome: "applied", to: "falhou" });
  }
}

type LoaderArgs = Parameters<typeof loader>[0];
const load = async (query = "", ip = "10.9.9.9") =>
  (await loader({
    request: new Request(`http://localhost:3000/doar${query}`),
    params: {},
    context: testContext({ clientIp: ip }),
  } as unknown as LoaderArgs)) as unknown as {
    challenge: Challenge | null;
    target: { partyName: string; causeName: string; festa: string };
  };

describe("/doar action", () => {
  it("creates a pending gift with the server's amount and redirects to the provider", async () => {
    const { party } = await givingSetup();
    const result = await post({ preset: "50", ...guest, mensagem: "Parabéns!", festa: party.shareCode, chave: "form-key-0001" });
    expect(result).toBeInstanceOf(Response);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sbx_[0-9a-f]{32}$/);
    const [row] = await allDonations();
    expect(row).toMatchObject({
      partyId: party.id,
      amountCents: 5000,
      status: "pendente",
      donorName: "Beatriz Lima",
      donorEmail: "bia@exemplo.com.br",
      message: "Parabéns!",
      provider: "sandbox",
      providerCheckoutId: location.split("/").pop(),
    });
    const history = await db.select().from(schema.donationStatusHistory);
    expect(history).toMatchObject([{ donationId: row!.id, fromStatus: null, toStatus: "pendente" }]);
  });

  it("tampered hidden fields change nothing", async () => {
    const { party } = await givingSetup();
    await post({
      preset: "25",
      ...guest,
      festa: party.shareCode,
      amount: "1",
      amountCents: "1",
      valor: "1",
      status: "paga",
      provider: "stripe",
      partyId: "x",
    });
    const [row] = await allDonations();
    expect(row).toMatchObject({ amountCents: 2500, status: "pendente", provider: "sandbox", partyId: party.id });
  });

  it("the typed amount wins over a preset (no JavaScript sends both)", async () => {
    await givingSetup();
    await post({ preset: "10", valorPersonalizado: "37,90", ...guest });
    expect((await allDonations())[0]!.amountCents).toBe(3790);
  });

  it.each([
    [{ valorPersonalizado: "0" }, DONATION_MESSAGES.invalidAmount],
    [{ valorPersonalizado: "-10" }, DONATION_MESSAGES.invalidAmount],
    [{ valorPersonalizado: "abc" }, DONATION_MESSAGES.invalidAmount],
    [{ valorPersonalizado: "4,99" }, DONATION_MESSAGES.belowMin],
    [{ valorPersonalizado: "50.000,01" }, DONATION_MESSAGES.aboveMax],
    [{ valorPersonalizado: "10,555" }, DONATION_MESSAGES.tooManyDecimals],
    [{ preset: "1" }, DONATION_MESSAGES.invalidAmount],
    [{}, DONATION_MESSAGES.invalidAmount],
  ])("amount %o is refused with a message and no row", async (amount, message) => {
    await givingSetup();
    const { errors, status } = await failure(await post({ ...amount, ...guest }));
    expect(status).toBe(400);
    expect(errors.valor).toBe(message);
    expect(await allDonations()).toHaveLength(0);
  });

  it("name and e-mail are required unless anonymous", async () => {
    await givingSetup();
    expect((await failure(await post({ preset: "50", nome: "Bia" }))).errors.doador).toBe("Por favor, preencha seu nome e email.");
    expect((await failure(await post({ preset: "50", email: "bia@exemplo.com.br" }))).errors.doador).toBe(DONATION_MESSAGES.missingDonor);
    expect((await failure(await post({ preset: "50", nome: "Bia", email: "não-é-email" }))).errors.email).toBe(
      DONATION_MESSAGES.invalidEmail,
    );
    expect(await allDonations()).toHaveLength(0);
  });

  it("anonymous: no name stored, e-mail optional", async () => {
    await givingSetup();
    await post({ preset: "10", anonima: "on", nome: "Quem Sou Eu" });
    await post({ preset: "10", anonima: "on", email: "recibo@exemplo.com.br" });
    const rows = await allDonations();
    expect(rows.map((r) => [r.anonymous, r.donorName, r.donorEmail])).toEqual(
      expect.arrayContaining([
        [true, null, null],
        [true, null, "recibo@exemplo.com.br"],
      ]),
    );
  });

  it("without festa the gift goes to the main charity", async () => {
    const { org } = await givingSetup();
    await post({ preset: "100", ...guest });
    expect((await allDonations())[0]).toMatchObject({ partyId: null, organizationId: org.id, amountCents: 10000 });
  });

  it("refuses ended, inactive and unknown parties", async () => {
    const { owner, cause } = await givingSetup();
    const ended = await insertParty({ userId: owner.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -6) });
    const lastDay = await insertParty({ userId: owner.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -5) });
    const inactive = await insertParty({ userId: owner.id, causeId: cause.id, active: false });
    expect((await failure(await post({ preset: "50", ...guest, festa: ended.shareCode }))).errors.festa).toBe(TARGET_MESSAGES.ended);
    expect((await failure(await post({ preset: "50", ...guest, festa: inactive.shareCode }))).errors.festa).toBe(TARGET_MESSAGES.inactive);
    expect((await failure(await post({ preset: "50", ...guest, festa: "zzzzz" }))).errors.festa).toBe(TARGET_MESSAGES.notFound);
    expect(await allDonations()).toHaveLength(0);
    // Five days after the event it still accepts gifts.
    expect(await post({ preset: "50", ...guest, festa: lastDay.shareCode })).toBeInstanceOf(Response);
  });

  it("the same form submitted twice is one gift and one checkout", async () => {
    const { party } = await givingSetup();
    const fields = { preset: "50", ...guest, festa: party.shareCode, chave: "same-form-key-1" };
    const [a, b] = [await post(fields), await post(fields)];
    expect((a as Response).headers.get("Location")).toBe((b as Response).headers.get("Location"));
    expect(await allDonations()).toHaveLength(1);
  });

  it("50 checkouts from one address within a minute all reach the provider (a crowd behind one Wi-Fi)", async () => {
    const { party } = await givingSetup();
    const sandbox = testDeps().payments.checkout;
    let calls = 0;
    const provider: PaymentProvider = {
      ...sandbox,
      createDonationCheckout: (request) => (calls++, sandbox.createDonationCheckout(request)),
    };
    const ip = "203.0.113.9";
    for (let i = 0; i < 50; i++)
      expect(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip, provider })).toBeInstanceOf(Response);
    expect(calls).toBe(50);
    expect(await allDonations()).toHaveLength(50);
  });

  it("20 declined payments from one address bring the challenge; a solved one lets the next checkout through, once", async () => {
    const { party } = await givingSetup();
    const ip = "203.0.113.20";
    expect(PAYMENT_ABUSE_LIMITS.failuresPerIp.limit).toBe(20);
    await declineFrom(ip, party.shareCode, 19);
    expect(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip })).toBeInstanceOf(Response);
    await declineFrom(ip, party.shareCode, 1);
    const blocked = await failure(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip }));
    expect(blocked.status).toBe(428);
    expect(blocked.errors.form).toBe(DONATION_MESSAGES.challengeRequired);
    const challenge = challengeOf(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip }));
    // Another address giving to the same party is not asked.
    expect(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip: "198.51.100.77" })).toBeInstanceOf(Response);
    // The page itself asks for it up front, so the widget is there before the first submit.
    expect((await load(`?festa=${party.shareCode}`, ip)).challenge).toMatchObject({ parameters: { algorithm: "PBKDF2/SHA-256" } });
    expect((await load(`?festa=${party.shareCode}`, "198.51.100.77")).challenge).toBeNull();

    const solved = await solveChallengePayload(challenge);
    expect(await post({ preset: "10", ...guest, festa: party.shareCode, altcha: solved }, { ip })).toBeInstanceOf(Response);
    // A solution is spent once: replaying it is refused.
    const replay = await failure(await post({ preset: "10", ...guest, festa: party.shareCode, altcha: solved }, { ip }));
    expect(replay.status).toBe(428);
    expect(replay.errors.form).toBe(DONATION_MESSAGES.challengeFailed);
    expect((await failure(await post({ preset: "10", ...guest, altcha: "bm90LWEtc29sdXRpb24=" }, { ip }))).status).toBe(428);
  });

  it("the same card declined again and again challenges the addresses it is tried from", async () => {
    const { party } = await givingSetup();
    const ip = "203.0.113.30";
    await declineFrom(ip, party.shareCode, PAYMENT_ABUSE_LIMITS.failuresPerCard.limit + 1, "fp_card_tested");
    expect((await failure(await post({ preset: "10", ...guest }, { ip }))).status).toBe(428);
  });

  it("many declines for one party challenge everyone giving to it, and nobody else", async () => {
    const { party } = await givingSetup();
    const saved = PAYMENT_ABUSE_LIMITS.failuresPerParty.limit;
    PAYMENT_ABUSE_LIMITS.failuresPerParty.limit = 4;
    try {
      for (let i = 0; i < 4; i++) await declineFrom(`192.0.2.${i + 1}`, party.shareCode, 1);
      expect((await failure(await post({ preset: "10", ...guest, festa: party.shareCode }, { ip: "192.0.2.200" }))).status).toBe(428);
      expect(await post({ preset: "10", ...guest }, { ip: "192.0.2.200" })).toBeInstanceOf(Response);
    } finally {
      PAYMENT_ABUSE_LIMITS.failuresPerParty.limit = saved;
    }
  });

  it("a provider failure shows its message with ' - Tente novamente.'", async () => {
    await givingSetup();
    const failing: PaymentProvider = {
      name: "sandbox",
      createDonationCheckout: async () => {
        throw new CheckoutError("Cartões temporariamente indisponíveis");
      },
      parseWebhook: () => [],
    };
    expect((await failure(await post({ preset: "50", ...guest }, { provider: failing }))).errors.form).toBe(
      "Cartões temporariamente indisponíveis - Tente novamente.",
    );
    const hangsUp = { ...failing, createDonationCheckout: async () => Promise.reject(new Error("socket hang up")) };
    expect((await failure(await post({ preset: "50", ...guest }, { provider: hangsUp }))).errors.form).toBe(
      "Erro ao processar o pagamento - Tente novamente.",
    );
    const noUrl = { ...failing, createDonationCheckout: async () => ({ checkoutId: "cs_x", url: null }) };
    expect((await failure(await post({ preset: "50", ...guest }, { provider: noUrl }))).errors.form).toBe(
      "URL de pagamento não foi retornada",
    );
  });
});

describe("/doar loader", () => {
  type LoaderArgs = Parameters<typeof loader>[0];
  const load = (query = "") =>
    loader({ request: new Request(`http://localhost:3000/doar${query}`), params: {}, context: testContext() } as unknown as LoaderArgs);

  it("names the party and its cause", async () => {
    const { party } = await givingSetup({ partyName: "Festa da Bia" });
    const result = (await load(`?festa=${party.shareCode}`)) as { target: { partyName: string; causeName: string; festa: string } };
    expect(result.target).toMatchObject({ partyName: "Festa da Bia", causeName: "Doenças Raras", festa: party.shareCode });
  });

  it("answers 410 with the reason for an ended party", async () => {
    const { owner, cause } = await givingSetup();
    const ended = await insertParty({ userId: owner.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -10) });
    const result = (await load(`?festa=${ended.shareCode}`)) as unknown as {
      data: { refused: { message: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(410);
    expect(result.data.refused.message).toBe(TARGET_MESSAGES.ended);
  });

  it("does not name a deactivated party (security review finding 8)", async () => {
    const { owner, cause } = await givingSetup();
    const inactive = await insertParty({ userId: owner.id, causeId: cause.id, active: false, name: "Festa Secreta da Joana" });
    const result = (await load(`?festa=${inactive.shareCode}`)) as unknown as {
      data: { refused: { message: string; title: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(410);
    expect(result.data.refused).toMatchObject({ message: TARGET_MESSAGES.inactive, title: "Festa não encontrada" });
    expect(JSON.stringify(result.data)).not.toContain("Joana");
  });
});
