import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { startAppServer } from "@tests/app-server";
import { insertPaidGift } from "@tests/parties";
import { parseConfig } from "~/platform/config.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { RETRY_MESSAGES, signGiftRef } from "~/domain/donations/gift-result.server";
import type { FormResult } from "~/platform/forms/submission";
import { action as doarAction, loader as doarLoader } from "./doar";
import { action as sandboxAction } from "./sandbox.checkout.$id";
import { loader } from "./doacao-sucesso";

useTestDatabase();

const ctx = testContext({ clientIp: "10.9.8.7" });
const queue = ctx.payments.sandboxEvents as unknown as { flush(): Promise<Response[]> };
const call = <T>(fn: (a: never) => T, url: string, init?: RequestInit, params: Record<string, string> = {}) =>
  fn({ request: new Request(new URL(url, "http://localhost:3000"), init), params, context: ctx } as never);

type Loaded = {
  state: string;
  reason?: string;
  amount?: string;
  receipt?: { number: string; pdf: string; verify: string };
  partyLink?: string | null;
  next?: string | null;
  status?: string;
  retry?: string | null;
};
async function resultPage(url: string): Promise<{ status: number; data: Loaded }> {
  const out = (await call(loader, url)) as unknown;
  if (out && typeof out === "object" && "init" in out) {
    const { data, init } = out as { data: Loaded; init: { status: number } };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: out as Loaded };
}

/** /doar → the sandbox's checkout page, as a donor's browser goes: returns where the sandbox sends them back. */
async function giveThroughSandbox(festa: string, intent: "pagar" | "recusar" | "cancelar", fields: Record<string, string> = {}) {
  const form = new URLSearchParams({
    valorPersonalizado: "37,50",
    nome: "Cecília Araújo",
    email: "cecilia@exemplo.com.br",
    mensagem: "Parabéns!",
    festa,
    ...fields,
  });
  const toCheckout = (await call(doarAction, `/doar?festa=${festa}`, { method: "POST", body: form })) as Response;
  const checkoutUrl = new URL(toCheckout.headers.get("Location")!);
  const id = checkoutUrl.pathname.split("/").pop()!;
  const back = (await call(
    sandboxAction,
    checkoutUrl.pathname,
    { method: "POST", body: new URLSearchParams({ intent }) },
    { id },
  )) as Response;
  return { back: back.headers.get("Location")!, checkoutId: id };
}

describe("/doacao-sucesso: the gift behind the signed reference, as it really is", () => {
  it("without a reference, or with a tampered or expired one, claims nothing", async () => {
    const { party } = await givingSetup();
    const { back } = await giveThroughSandbox(party.shareCode, "pagar");
    await queue.flush();
    const ref = new URL(back, "http://x").searchParams.get("ref")!;

    const none = await resultPage("/doacao-sucesso");
    expect(none).toMatchObject({ status: 404, data: { state: "unknown", reason: "missing" } });
    // The old links (?festa=) are not a reference either.
    expect((await resultPage(`/doacao-sucesso?festa=${party.shareCode}`)).data.state).toBe("unknown");
    const tampered = ref.slice(0, 10) + (ref[10] === "A" ? "B" : "A") + ref.slice(11);
    const bad = await resultPage(`/doacao-sucesso?ref=${encodeURIComponent(tampered)}`);
    expect(bad).toMatchObject({ status: 404, data: { state: "unknown", reason: "invalid" } });
    expect(bad.data.amount).toBeUndefined();

    const [gift] = await db.select().from(schema.donations);
    const old = signGiftRef(gift!.id, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    const expired = await resultPage(`/doacao-sucesso?ref=${encodeURIComponent(old)}`);
    expect(expired).toMatchObject({ status: 410, data: { state: "unknown", reason: "expired" } });
    // A reference signed for another purpose does not open a gift.
    const { signToken } = await import("~/platform/signed-link.server");
    const other = signToken("plan-manage", { g: gift!.id }, 3600);
    expect((await resultPage(`/doacao-sucesso?ref=${encodeURIComponent(other)}`)).data.state).toBe("unknown");
  });

  it("says 'Confirmando…' until the provider's event, then shows the amount, the receipt and a party link no cache has seen", async () => {
    const { party } = await givingSetup();
    const { back } = await giveThroughSandbox(party.shareCode, "pagar");
    expect(back).toMatch(/^\/doacao-sucesso\?ref=/);

    const pending = await resultPage(back);
    expect(pending.data).toMatchObject({ state: "waiting", amount: "R$ 37,50" });
    expect(pending.data.next).toContain("verificacao=1");
    expect(pending.data.receipt).toBeUndefined();

    await queue.flush(); // the signed event reaches the webhook
    const paid = await resultPage(back);
    const [gift] = await db.select().from(schema.donations);
    const [row] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, gift!.id));
    expect(row!.grossCents).toBe(3750);
    expect(paid.data).toMatchObject({
      state: "paid",
      amount: "R$ 37,50",
      receipt: {
        number: String(gift!.receiptNumber).padStart(6, "0"),
        pdf: `/recibo/${gift!.receiptCode}/pdf`,
        verify: `/recibo/${gift!.receiptCode}`,
      },
      partyLink: `/festa/${party.shareCode}?doacao=${gift!.receiptNumber}`,
    });
  });

  it("a declined card goes back to /doar with the form kept and 'Pagamento recusado', and the retry is a new gift", async () => {
    const { party } = await givingSetup();
    const { back } = await giveThroughSandbox(party.shareCode, "recusar", { anonima: "on", nome: "" });
    const url = new URL(back, "http://localhost:3000");
    expect(url.pathname).toBe("/doar");
    expect(url.searchParams.get("festa")).toBe(party.shareCode);

    // Before and after the decline reaches the webhook: the same answer.
    for (const flush of [false, true]) {
      if (flush) await queue.flush();
      const page = (await call(doarLoader, back)) as { retry: FormResult | null; target: unknown };
      expect(page.target).toBeTruthy();
      expect(page.retry?.error?.[""]).toEqual([RETRY_MESSAGES.declined]);
      expect(page.retry?.initialValue).toMatchObject({
        preset: "",
        valorPersonalizado: "37,50",
        anonima: "on",
        email: "cecilia@exemplo.com.br",
        mensagem: "Parabéns!",
        metodo: "Cartão",
      });
    }
    const [gift] = await db.select().from(schema.donations);
    expect(gift!.status).toBe("falhou");
    // Sending the form again starts a new gift (the page gave it a new form key).
    const retried = new URLSearchParams({
      ...(((await call(doarLoader, back)) as { retry: FormResult }).retry.initialValue as Record<string, string>),
    });
    retried.set("festa", party.shareCode);
    retried.set("chave", ((await call(doarLoader, back)) as { formKey: string }).formKey);
    expect(((await call(doarAction, back, { method: "POST", body: retried })) as Response).status).toBe(302);
    expect(await db.select().from(schema.donations)).toHaveLength(2);
    // The result page of that reference says so too, with a way to try again.
    const ref = url.searchParams.get("ref")!;
    const result = await resultPage(`/doacao-sucesso?ref=${encodeURIComponent(ref)}`);
    expect(result.data).toMatchObject({ state: "not-paid", status: "falhou" });
    expect(result.data.retry).toContain(`/doar?festa=${party.shareCode}&ref=`);

    // Without the reference (or with a tampered one), /doar is the plain form.
    expect(((await call(doarLoader, `/doar?festa=${party.shareCode}`)) as { retry: unknown }).retry).toBeUndefined();
    expect(((await call(doarLoader, `/doar?festa=${party.shareCode}&ref=x${ref}`)) as { retry: unknown }).retry).toBeUndefined();
  });

  it("a donor who cancels at the provider gets the form back as 'Pagamento não concluído'; a paid gift's reference fills nothing", async () => {
    const { party } = await givingSetup();
    const { back } = await giveThroughSandbox(party.shareCode, "cancelar");
    const page = (await call(doarLoader, back)) as { retry: FormResult | null };
    expect(page.retry?.error?.[""]).toEqual([RETRY_MESSAGES.notCompleted]);
    expect(page.retry?.initialValue).toMatchObject({ nome: "Cecília Araújo", valorPersonalizado: "37,50" });

    const paid = await giveThroughSandbox(party.shareCode, "pagar", { preset: "50", valorPersonalizado: "" });
    await queue.flush();
    const ref = new URL(paid.back, "http://x").searchParams.get("ref")!;
    const again = (await call(doarLoader, `/doar?festa=${party.shareCode}&ref=${encodeURIComponent(ref)}`)) as { retry: unknown };
    expect(again.retry).toBeUndefined();
  });

  it("'Ver Festa' shows the gift at once: its URL is one no cache has kept, while the plain party URL may still be a cached copy", async () => {
    const { party } = await givingSetup();
    const app = await startAppServer({ deps: { config: parseConfig({ ...process.env, PAGE_CACHE_MS: "60000" }) } });
    try {
      const before = await (await fetch(`${app.url}/festa/${party.shareCode}`)).text();
      expect(before).not.toContain("Zuleica");
      const gift = await insertPaidGift(party.id, { name: "Zuleica Prado", amountCents: 4321 });
      // The plain URL is this process's cached copy (a CDN's would be up to 10 s old).
      expect(await (await fetch(`${app.url}/festa/${party.shareCode}`)).text()).not.toContain("Zuleica");
      const fresh = await (await fetch(`${app.url}/festa/${party.shareCode}?doacao=${gift.receiptNumber}`)).text();
      expect(fresh).toContain("Zuleica");
    } finally {
      await app.close();
    }
  });
});
