import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { insertParty } from "@tests/parties";
import { afterEach, describe, expect, it } from "vitest";
import { db, schema } from "~/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/lib/dates";
import { DONATION_RATE_LIMITS } from "~/lib/donation-checkout.server";
import { DONATION_MESSAGES } from "~/lib/donation-form";
import { TARGET_MESSAGES } from "~/lib/donation-target.server";
import { setPaymentProviderForTests } from "~/lib/payments/provider.server";
import { CheckoutError, type PaymentProvider } from "~/lib/payments/types";
import { action, loader } from "./doar";

useTestDatabase();
afterEach(() => setPaymentProviderForTests(undefined));

type ActionArgs = Parameters<typeof action>[0];
let ipCounter = 0;

function post(fields: Record<string, string>, options: { ip?: string; query?: string } = {}) {
  const request = new Request(`http://localhost:3000/doar${options.query ?? ""}`, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: { clientIp: options.ip ?? `10.0.0.${++ipCounter % 250}` } } as unknown as ActionArgs);
}

const guest = { nome: "Beatriz Lima", email: "bia@exemplo.com.br" };

async function failure(result: Awaited<ReturnType<typeof action>>) {
  expect(result).not.toBeInstanceOf(Response);
  const { data, init } = result as unknown as { data: { errors: Record<string, string> }; init: { status: number } };
  return { errors: data.errors, status: init.status };
}

const allDonations = () => db.select().from(schema.donations);

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
    await post({ preset: "25", ...guest, festa: party.shareCode, amount: "1", amountCents: "1", valor: "1", status: "paga", provider: "stripe", partyId: "x" });
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
    expect((await failure(await post({ preset: "50", nome: "Bia", email: "não-é-email" }))).errors.email).toBe(DONATION_MESSAGES.invalidEmail);
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

  it("rate limit per address", async () => {
    await givingSetup();
    const ip = "203.0.113.9";
    for (let i = 0; i < DONATION_RATE_LIMITS.perIp.limit; i++) expect(await post({ preset: "10", ...guest }, { ip })).toBeInstanceOf(Response);
    const { errors, status } = await failure(await post({ preset: "10", ...guest }, { ip }));
    expect(status).toBe(429);
    expect(errors.form).toBe("Muitas tentativas de doação em pouco tempo. Aguarde alguns minutos e tente novamente.");
    expect(await post({ preset: "10", ...guest }, { ip: "203.0.113.10" })).toBeInstanceOf(Response);
  });

  it("rate limit per party, across addresses", async () => {
    const { party } = await givingSetup();
    const saved = DONATION_RATE_LIMITS.perParty.limit;
    DONATION_RATE_LIMITS.perParty.limit = 3;
    try {
      for (let i = 0; i < 3; i++) expect(await post({ preset: "10", ...guest, festa: party.shareCode })).toBeInstanceOf(Response);
      expect((await failure(await post({ preset: "10", ...guest, festa: party.shareCode }))).status).toBe(429);
      // Other parties and the main charity are not affected.
      expect(await post({ preset: "10", ...guest })).toBeInstanceOf(Response);
    } finally {
      DONATION_RATE_LIMITS.perParty.limit = saved;
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
    setPaymentProviderForTests(failing);
    expect((await failure(await post({ preset: "50", ...guest }))).errors.form).toBe("Cartões temporariamente indisponíveis - Tente novamente.");
    setPaymentProviderForTests({ ...failing, createDonationCheckout: async () => Promise.reject(new Error("socket hang up")) });
    expect((await failure(await post({ preset: "50", ...guest }))).errors.form).toBe("Erro ao processar o pagamento - Tente novamente.");
    setPaymentProviderForTests({ ...failing, createDonationCheckout: async () => ({ checkoutId: "cs_x", url: null }) });
    expect((await failure(await post({ preset: "50", ...guest }))).errors.form).toBe("URL de pagamento não foi retornada");
  });
});

describe("/doar loader", () => {
  type LoaderArgs = Parameters<typeof loader>[0];
  const load = (query = "") => loader({ request: new Request(`http://localhost:3000/doar${query}`), params: {}, context: {} } as unknown as LoaderArgs);

  it("names the party and its cause", async () => {
    const { party } = await givingSetup({ partyName: "Festa da Bia" });
    const result = (await load(`?festa=${party.shareCode}`)) as { target: { partyName: string; causeName: string; festa: string } };
    expect(result.target).toMatchObject({ partyName: "Festa da Bia", causeName: "Doenças Raras", festa: party.shareCode });
  });

  it("answers 410 with the reason for an ended party", async () => {
    const { owner, cause } = await givingSetup();
    const ended = await insertParty({ userId: owner.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -10) });
    const result = (await load(`?festa=${ended.shareCode}`)) as unknown as { data: { refused: { message: string } }; init: { status: number } };
    expect(result.init.status).toBe(410);
    expect(result.data.refused.message).toBe(TARGET_MESSAGES.ended);
  });
});
