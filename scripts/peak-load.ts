// The crowd of `npm run bench:peak`: donors (party page, /doar, the form POST, the provider's
// signed webhook, the result page until it says confirmed) arriving at a steady rate, and anonymous
// page views at another. Both are open-loop: started on the clock whatever the server's pace, so a
// slow server shows as latency and backlog, not as a politely lower rate.
import pg from "pg";
import { signGiftRef } from "~/domain/donations/gift-result.server";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, sandboxPaymentId, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { type Answer, donorAddress, send, Tally } from "./peak-http";

export type Party = { id: string; code: string; hot: boolean };
export type PaidGift = { donationId: string; partyId: string; amountCents: number; ackAt: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PRESETS = [10, 25, 50, 100] as const;
/** The provider's pace: the donor types the card, the provider charges it, then it tells us. */
const PSP_DELAY_MS = { min: 400, max: 1_500 };
/** The result page checks again every 3 s (RECHECK_SECONDS in app/routes/doacao-sucesso.tsx), 20 times at most. */
const RECHECK_MS = 3_000;
const MAX_CHECKS = 20;
/** Share of gifts (and of party page views) that go to the hot parties. */
const HOT_SHARE = 0.6;

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function pickParty(parties: Party[]): Party {
  const hot = parties.filter((p) => p.hot);
  return Math.random() < HOT_SHARE && hot.length > 0 ? pick(hot) : pick(parties.filter((p) => !p.hot));
}

/**
 * What the provider knows of its own checkouts (the gift's id, sent as metadata when the checkout was
 * created): looked up in batches, every 50 ms, by checkout id — one cheap query for many gifts.
 */
export function providerBook(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let waiting = new Map<string, Array<(id: string | null) => void>>();
  const timer = setInterval(() => {
    if (waiting.size === 0) return;
    const batch = waiting;
    waiting = new Map();
    pool
      .query(`select id, provider_checkout_id from donations where provider_checkout_id = any($1::text[])`, [[...batch.keys()]])
      .then((r) => {
        const ids = new Map(r.rows.map((row) => [row.provider_checkout_id as string, row.id as string]));
        for (const [checkoutId, resolvers] of batch) for (const resolve of resolvers) resolve(ids.get(checkoutId) ?? null);
      })
      .catch(() => {
        for (const resolvers of batch.values()) for (const resolve of resolvers) resolve(null);
      });
  }, 50);
  return {
    donationOf: (checkoutId: string) =>
      new Promise<string | null>((resolve) => waiting.set(checkoutId, [...(waiting.get(checkoutId) ?? []), resolve])),
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}

export type Crowd = {
  base: URL;
  appSecret: string;
  parties: Party[];
  book: ReturnType<typeof providerBook>;
  errors: Tally;
  postMs: number[];
  paid: PaidGift[];
  /** Gifts whose result page said confirmed. */
  confirmed: number;
  started: number;
};

async function step(crowd: Crowd, name: string, expect: number, run: () => Promise<Answer>): Promise<Answer | null> {
  try {
    const res = await run();
    if (res.status === expect) return res;
    crowd.errors.add(`${name} ${res.status}`);
  } catch (error) {
    crowd.errors.add(`${name} ${(error as Error).message}`);
  }
  return null;
}

/** One donor, start to end. Each step that fails is counted by kind and ends the donor's visit. */
export async function donor(crowd: Crowd, n: number) {
  crowd.started++;
  const { base } = crowd;
  const from = donorAddress(n);
  const party = pickParty(crowd.parties);
  if (!(await step(crowd, "party page", 200, () => send(base, { path: `/festa/${party.code}`, from, keepBody: false })))) return;
  const form = await step(crowd, "GET /doar", 200, () => send(base, { path: `/doar?festa=${party.code}`, from }));
  if (!form) return;
  // Past the card-testing thresholds the form asks for a proof of work (decision 102): with one
  // address per donor it never should, so it is counted, not solved.
  if (form.body.includes("altcha")) return crowd.errors.add("challenge asked");
  const formKey = /name="chave"[^>]*value="([^"]+)"/.exec(form.body)?.[1] ?? /value="([^"]+)"[^>]*name="chave"/.exec(form.body)?.[1];
  if (!formKey) return crowd.errors.add("form without its key");
  const reais = pick([...PRESETS]);
  const body = new URLSearchParams({
    festa: party.code,
    preset: String(reais),
    nome: `Convidado ${n}`,
    email: `convidado${n}@exemplo.com.br`,
    mensagem: n % 3 === 0 ? "Parabéns! Muita saúde." : "",
    chave: formKey,
  }).toString();
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: base.origin };
  const posted = await step(crowd, "POST /doar", 302, () => send(base, { path: "/doar", method: "POST", headers, body, from }));
  if (!posted) return;
  crowd.postMs.push(posted.ms);
  const location = posted.headers.location ?? "";
  const checkoutId = /\/sandbox\/checkout\/(cs_sbx_[0-9a-f]{32})$/.exec(location)?.[1];
  if (!checkoutId) return crowd.errors.add("POST /doar without a checkout");
  const [donationId] = await Promise.all([
    crowd.book.donationOf(checkoutId),
    sleep(PSP_DELAY_MS.min + Math.random() * (PSP_DELAY_MS.max - PSP_DELAY_MS.min)),
  ]);
  if (!donationId) return crowd.errors.add("checkout not in the provider's book");
  // Paid: the provider sends its signed event and sends the donor back to the result page at once.
  await Promise.all([
    webhook(crowd, { checkoutId, donationId, partyId: party.id, amountCents: reais * 100 }),
    resultPage(crowd, donationId, from),
  ]);
}

async function webhook(crowd: Crowd, gift: { checkoutId: string; donationId: string; partyId: string; amountCents: number }) {
  const event = sandboxEvent("checkout.paid", {
    checkoutId: gift.checkoutId,
    donationId: gift.donationId,
    paymentId: sandboxPaymentId(gift.checkoutId),
    amountCents: gift.amountCents,
  });
  const body = JSON.stringify(event);
  const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, crowd.appSecret) };
  const res = await step(crowd, "webhook", 200, () => send(crowd.base, { path: "/api/webhooks/sandbox", method: "POST", headers, body }));
  if (!res) return;
  const outcome = (JSON.parse(res.body) as { results?: Array<{ outcome: string }> }).results?.[0]?.outcome;
  if (outcome !== "applied") return crowd.errors.add(`webhook outcome ${outcome}`);
  crowd.paid.push({ donationId: gift.donationId, partyId: gift.partyId, amountCents: gift.amountCents, ackAt: Date.now() });
}

/** The result page, checked again every 3 s as the page does, until it shows the confirmed gift (its receipt). */
async function resultPage(crowd: Crowd, donationId: string, from: string) {
  const ref = encodeURIComponent(signGiftRef(donationId, new Date()));
  for (let check = 0; check <= MAX_CHECKS; check++) {
    const path = `/doacao-sucesso?ref=${ref}${check > 0 ? `&verificacao=${check}` : ""}`;
    const res = await step(crowd, "result page", 200, () => send(crowd.base, { path, from }));
    if (!res) return;
    if (res.body.includes('href="/recibo/')) return void crowd.confirmed++;
    await sleep(RECHECK_MS);
  }
  crowd.errors.add("result page never confirmed");
}

/** Runs `fn(n)` `rate` times a second, on the clock, until `until`; returns the promises still running. */
export async function onTheClock(rate: number, until: number, fn: (n: number) => Promise<void>) {
  const running = new Set<Promise<void>>();
  const t0 = performance.now();
  let n = 0;
  while (Date.now() < until) {
    const due = Math.floor(((performance.now() - t0) / 1000) * rate);
    while (n < due) {
      const p = fn(n++).catch(() => {});
      running.add(p);
      void p.finally(() => running.delete(p));
    }
    await sleep(10);
  }
  return running;
}

/** Anonymous page views: party pages (hot ones most), home, /causas — all answered by the cache but ~once per 10 s. */
export function pageViewer(base: URL, parties: Party[], tallies: { cache: Tally; errors: Tally; ms: number[] }) {
  let inFlight = 0;
  return async () => {
    // Past this many views waiting the generator is the bottleneck, not the server: skipped and counted.
    if (inFlight >= 400) return tallies.errors.add("view skipped (generator backlog)");
    const r = Math.random();
    const path = r < 0.6 ? `/festa/${pickParty(parties).code}` : r < 0.85 ? "/" : "/causas";
    inFlight++;
    try {
      const res = await send(base, { path, keepBody: false });
      tallies.ms.push(res.ms);
      tallies.cache.add(String(res.headers["x-cache-status"] ?? "none"));
      if (res.status !== 200) tallies.errors.add(`view ${res.status}`);
    } catch (error) {
      tallies.errors.add(`view ${(error as Error).message}`);
    } finally {
      inFlight--;
    }
  };
}
