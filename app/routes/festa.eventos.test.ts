import { testContext } from "@tests/context";
import { readUntil } from "@tests/event-stream";
import { testConnection, useTestDatabase } from "@tests/database";
import { insertCause, insertParty, insertPaidGift, insertUser } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { donationPaidFanout } from "~/domain/donations/live-events.server";
import { partyGiftStream } from "~/domain/parties/party-event-stream.server";
import { loader as streamLoader } from "./festa.$id.eventos";

useTestDatabase();

const args = (id: string, signal?: AbortSignal) =>
  ({ request: new Request(`http://localhost/festa/${id}/eventos`, { signal }), params: { id }, context: testContext() }) as never;

type Snapshot = { raisedCents: number; paidCount: number; gifts: Array<Record<string, unknown>> };
const snapshots = (text: string) =>
  text
    .split("\n\n")
    .filter((block) => block.startsWith("event: snapshot"))
    .map((block) => JSON.parse(block.split("data: ")[1]!) as Snapshot);

describe("/festa/:id/eventos (the guests' live stream)", () => {
  it("sends this party's totals and public gifts as they are paid — no e-mail, no owner, nothing of other parties", async () => {
    const owner = await insertUser("Dona da Festa");
    const cause = await insertCause();
    const party = await insertParty({ userId: owner.id, causeId: cause.id, shareCode: "aovi1" });
    const other = await insertParty({ userId: owner.id, causeId: cause.id, shareCode: "aovi2" });
    const abort = new AbortController();
    const response = (await streamLoader(args("aovi1", abort.signal))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const stream = response.body!;
    // On connect: the current numbers (a cached copy of the page catches up).
    expect(snapshots(await readUntil(stream, (t) => snapshots(t).length >= 1))).toEqual([
      { raisedCents: 0, paidCount: 0, gifts: [], match: null },
    ]);

    await insertPaidGift(other.id, { amountCents: 9900, name: "Outra Pessoa" });
    await insertPaidGift(party.id, {
      amountCents: 2500,
      name: "Bia",
      email: "bia.segredo@exemplo.com.br",
      message: "Parabéns!\nMuitas felicidades",
    });
    await insertPaidGift(party.id, { amountCents: 1000, name: null, email: "anonimo.segredo@exemplo.com.br" });
    const text = await readUntil(stream, (t) => snapshots(t).some((s) => s.paidCount === 2));
    const last = snapshots(text).at(-1)!;
    expect(last).toMatchObject({ raisedCents: 3500, paidCount: 2 });
    expect(last.gifts.map((g) => [g.name, g.amountCents, g.message])).toEqual([
      [null, 1000, null],
      ["Bia", 2500, "Parabéns!\nMuitas felicidades"],
    ]);
    // The public fields only: "honoree" is the name of whom a gift honours, when its donor allowed it (decision 214).
    expect(Object.keys(last.gifts[0]!).sort()).toEqual(["amountCents", "createdAt", "honoree", "id", "message", "name"]);
    expect(last.gifts.map((g) => g.honoree)).toEqual([null, null]);
    expect(text).not.toContain("@");
    expect(text).not.toContain("segredo");
    expect(text).not.toContain(owner.id);
    expect(text).not.toContain("Outra Pessoa");

    const fanout = donationPaidFanout(testConnection());
    expect(fanout.subscriberCount()).toBe(1);
    abort.abort();
    expect(fanout.subscriberCount()).toBe(0);
  });

  it("catches up on a gift whose announcement was lost (a crash between the commit and the NOTIFY)", async () => {
    const owner = await insertUser("Dona da Festa");
    const cause = await insertCause();
    const party = await insertParty({ userId: owner.id, causeId: cause.id, shareCode: "aovi3" });
    const abort = new AbortController();
    // A subscription that never hears anything: every announcement is lost.
    const stream = partyGiftStream(party.id, abort.signal, { subscribe: async () => () => {}, catchUpMs: 100 });
    expect(snapshots(await readUntil(stream, (t) => snapshots(t).length >= 1))).toEqual([
      { raisedCents: 0, paidCount: 0, gifts: [], match: null },
    ]);
    await insertPaidGift(party.id, { amountCents: 2500, name: "Bia" });
    const text = await readUntil(stream, (t) => snapshots(t).some((s) => s.paidCount === 1));
    expect(snapshots(text).at(-1)).toMatchObject({ raisedCents: 2500, paidCount: 1 });
    // Once caught up, nothing more is sent while the totals stay put (several catch-up rounds).
    const quietUntil = Date.now() + 500;
    expect(snapshots(await readUntil(stream, () => Date.now() > quietUntil))).toEqual([]);
    abort.abort();
  });

  it("has no stream for an unknown, malformed or ended party", async () => {
    const owner = await insertUser();
    const cause = await insertCause();
    await insertParty({ userId: owner.id, causeId: cause.id, shareCode: "velha", eventDate: addCalendarDays(todayInSaoPaulo(), -10) });
    for (const id of ["nao00", "../x", "velha"]) expect(((await streamLoader(args(id))) as Response).status, id).toBe(404);
  });
});
