import { testContext } from "@tests/context";
import { readUntil } from "@tests/event-stream";
import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertParty, insertPaidGift } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { donationPaidFanout } from "~/domain/donations/live-events.server";
import { ownerDonationStream } from "~/domain/parties/owner-event-stream.server";
import { db, schema } from "~/platform/db.server";
import { signOut } from "~/domain/accounts/auth-flows.server";
import { loader as streamLoader } from "./painel.eventos";
import { loader } from "./painel";

const args = (request: Request) => ({ request, params: {}, context: testContext() }) as never;

const donationEvents = (text: string) =>
  text
    .split("\n\n")
    .filter((block) => block.startsWith("event: donation"))
    .map((block) => JSON.parse(block.split("data: ")[1]!) as { partyId: string; amountCents: number });

describe("/painel", () => {
  it("asks a visitor to log in and come back", async () => {
    const response = (await loader(args(authedRequest("/painel"))).catch((r) => r)) as Response;
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fpainel");
    const stream = (await streamLoader(args(authedRequest("/painel/eventos")))) as Response;
    expect(stream.status).toBe(401);
  });

  it("shows only the signed-in creator's parties, ended ones apart, with their 5 newest paid gifts", async () => {
    const a = await createTestUser({ name: "Ana Lima" });
    const b = await createTestUser({ name: "Bruno" });
    const cause = await insertCause();
    const mine = await insertParty({ userId: a.user.id, causeId: cause.id, name: "Festa da Ana", goalCents: 10000 });
    await insertParty({ userId: a.user.id, causeId: cause.id, name: "Festa antiga", eventDate: addCalendarDays(todayInSaoPaulo(), -6) });
    await insertParty({ userId: b.user.id, causeId: cause.id, name: "Festa do Bruno" });
    for (let i = 0; i < 6; i++) await insertPaidGift(mine.id, { amountCents: 1000, email: "segredo@exemplo.com.br" });

    const data = await loader(args(authedRequest("/painel", { cookie: a.cookie })));
    expect(data.firstName).toBe("Ana");
    expect(data.live.map((p) => p.name)).toEqual(["Festa da Ana"]);
    expect(data.ended.map((p) => p.name)).toEqual(["Festa antiga"]);
    expect(data.live[0]).toMatchObject({ raisedCents: 6000, paidCount: 6 });
    expect(data.live[0]!.gifts).toHaveLength(5);
    expect(JSON.stringify(data)).not.toContain("segredo@");
  });

  it("streams user A's paid gifts to A only, never B's, and unsubscribes when the browser leaves", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const cause = await insertCause();
    const partyA = await insertParty({ userId: a.user.id, causeId: cause.id });
    const partyB = await insertParty({ userId: b.user.id, causeId: cause.id });

    const abortA = new AbortController();
    const abortB = new AbortController();
    const responseA = (await streamLoader(args(authedRequest("/painel/eventos", { cookie: a.cookie, signal: abortA.signal })))) as Response;
    const responseB = (await streamLoader(args(authedRequest("/painel/eventos", { cookie: b.cookie, signal: abortB.signal })))) as Response;
    expect(responseA.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const streamA = responseA.body!;
    const streamB = responseB.body!;
    await readUntil(streamA, (t) => t.includes("event: ready"));
    await readUntil(streamB, (t) => t.includes("event: ready"));

    await insertPaidGift(partyB.id, { amountCents: 2200 });
    await insertPaidGift(partyA.id, { amountCents: 1100 });
    await insertPaidGift(partyB.id, { amountCents: 3300 });

    const textB = await readUntil(streamB, (t) => donationEvents(t).length >= 2);
    const textA = await readUntil(streamA, (t) => donationEvents(t).length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    const moreA = await readUntil(streamA, () => true);
    expect(donationEvents(textA + moreA)).toEqual([
      { partyId: partyA.id, donationId: expect.any(String), amountCents: 1100, gifts: 1, raisedCents: 1100, paidCount: 1 },
    ]);
    expect(donationEvents(textB).map((e) => e.partyId)).toEqual([partyB.id, partyB.id]);
    expect(textA + textB).not.toContain("@");

    const fanout = donationPaidFanout(testConnection());
    expect(fanout.subscriberCount()).toBe(2);
    abortA.abort();
    abortB.abort();
    expect(fanout.subscriberCount()).toBe(0);
  });

  it("sends a keep-alive comment on the interval", async () => {
    const abort = new AbortController();
    const stream = ownerDonationStream("someone", abort.signal, { keepAliveMs: 50, subscribe: async () => () => {} });
    const text = await readUntil(stream, (t) => t.includes(": keep-alive"));
    expect(text).toMatch(/^retry: 3000\n\n/);
    abort.abort();
  });

  it("stops delivering after logout and after a password reset (security review finding 8)", async () => {
    const cause = await insertCause();
    for (const revoke of ["logout", "reset"] as const) {
      const owner = await createTestUser();
      const party = await insertParty({ userId: owner.user.id, causeId: cause.id });
      const abort = new AbortController();
      const response = (await streamLoader(
        args(authedRequest("/painel/eventos", { cookie: owner.cookie, signal: abort.signal })),
      )) as Response;
      const stream = response.body!;
      await readUntil(stream, (t) => t.includes("event: ready"));
      await insertPaidGift(party.id, { amountCents: 1500 });
      expect(donationEvents(await readUntil(stream, (t) => donationEvents(t).length >= 1))).toHaveLength(1);

      if (revoke === "logout") await signOut({ request: authedRequest("/auth", { cookie: owner.cookie }), ip: "127.0.0.1" });
      else await db.delete(schema.session).where(eq(schema.session.userId, owner.user.id)); // what a reset does
      await insertPaidGift(party.id, { amountCents: 2500 });
      const after = await readUntil(stream, (t) => t.includes("event: end"));
      expect(donationEvents(after), revoke).toEqual([]);
      abort.abort();
    }
  });
});
