import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { fieldErrors } from "@tests/forms";
import { insertCause, insertInstitution, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { EDIT_PARTY_MESSAGES } from "~/domain/parties/party-form";
import { updateOwnParty } from "~/domain/parties/own-party.server";
import { GOAL_MESSAGES } from "~/domain/parties/party-goal";
import type { FormResult } from "~/platform/forms/submission";
import { action, loader } from "./painel.festa.$id.editar";
import { photoStorageKey } from "~/platform/images/photos.server";
import { getStorage } from "~/platform/storage/index.server";

// The host edits their own party (issue 17, item 5): reason, goal and photo; every change audited;
// the institution is not theirs to change here; another account's party is a 404. Issue 29 (item 6,
// decision 212): the name and the date too, until the party ends, and the share link never changes.

async function edit(cookie: string, code: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = authedRequest(`/painel/festa/${code}/editar`, { method: "POST", body: form, cookie });
  const result = await action({ request, params: { id: code }, context: testContext() } as never).catch((r: unknown) => r);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), errors: {} };
  const r = result as { data: { result?: FormResult; photoError?: string } | string; init: { status: number } };
  const body = typeof r.data === "string" ? {} : r.data;
  return { status: r.init.status, location: null, errors: body.result ? fieldErrors(body.result) : {}, photoError: body.photoError };
}

async function world() {
  const host = await createTestUser();
  const other = await createTestUser();
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  const party = await insertParty({
    userId: host.user.id,
    causeId: cause.id,
    organizationId: org.id,
    shareCode: "edit1",
    goalCents: 100_000,
    message: "Antes",
  });
  return { host, other, party, org };
}

const partyRow = async (id: string) => (await db.select().from(schema.parties).where(eq(schema.parties.id, id)))[0]!;

describe("/painel/festa/:id/editar", () => {
  it("saves the host's new reason, goal and photo, audits what changed, and leaves the institution alone", async () => {
    const { host, party, org } = await world();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ffaa00" } })
      .png()
      .toBuffer();
    const done = await edit(host.cookie, "edit1", {
      goal: "2.500,00",
      message: "Porque a Lia ama os bichos.\nE eu também!",
      organizationId: "00000000-0000-0000-0000-000000000000",
      foto: new File([new Uint8Array(photo)], "capa.png"),
    });
    expect(done).toMatchObject({ status: 302, location: "/painel/festa/edit1" });
    const after = await partyRow(party.id);
    expect(after).toMatchObject({
      goalCents: 250_000,
      message: "Porque a Lia ama os bichos.\nE eu também!",
      eventDate: party.eventDate,
      organizationId: org.id,
      coverPhotoKey: expect.stringMatching(/^capa-[0-9a-f]{24}$/),
    });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, party.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: host.user.id, action: "party.host_update", entity: "party" });
    expect(audit[0]!.details).toEqual({
      goalCents: { from: 100_000, to: 250_000 },
      message: { from: "Antes", to: "Porque a Lia ama os bichos.\nE eu também!" },
      coverPhotoKey: { from: null, to: after.coverPhotoKey },
    });

    // Saving again without changes records nothing more.
    await edit(host.cookie, "edit1", { goal: "2.500,00", message: "Porque a Lia ama os bichos.\nE eu também!" });
    expect(await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, party.id))).toHaveLength(1);
  });

  it("a replaced cover's files are deleted from storage (issue 31)", async () => {
    const { host, party } = await world();
    const cover = async (color: string) =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
              .png()
              .toBuffer(),
          ),
        ],
        "capa.png",
      );
    await edit(host.cookie, "edit1", { goal: "1.000", message: "Antes", foto: await cover("#ff0000") });
    const first = (await partyRow(party.id)).coverPhotoKey!;
    expect(await getStorage().exists(photoStorageKey(first, 640))).toBe(true);
    await edit(host.cookie, "edit1", { goal: "1.000", message: "Antes", foto: await cover("#00ff00") });
    const second = (await partyRow(party.id)).coverPhotoKey!;
    expect(second).not.toBe(first);
    expect(await getStorage().exists(photoStorageKey(second, 640))).toBe(true);
    expect(await getStorage().exists(photoStorageKey(first, 640))).toBe(false);
  });

  it.each([
    ["49,99", GOAL_MESSAGES.tooSmall],
    ["10.000.000,01", GOAL_MESSAGES.tooBig],
    ["-10", GOAL_MESSAGES.negative],
    ["dez reais", GOAL_MESSAGES.format],
  ])("refuses the goal %s with its own message and changes nothing", async (goal, message) => {
    const { host, party } = await world();
    const refused = await edit(host.cookie, "edit1", { goal, message: "Outro" });
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({ goal: message });
    expect(await partyRow(party.id)).toMatchObject({ goalCents: 100_000, message: "Antes" });
    expect(await db.select().from(schema.auditLog)).toHaveLength(0);
  });

  it("refuses a non-image photo with its message and changes nothing", async () => {
    const { host, party } = await world();
    const refused = await edit(host.cookie, "edit1", { goal: "3.000", message: "Outro", foto: new File(["<svg/>"], "x.png") });
    expect(refused).toMatchObject({ status: 400, photoError: "Envie uma foto em JPEG, PNG ou WebP." });
    expect(await partyRow(party.id)).toMatchObject({ goalCents: 100_000, coverPhotoKey: null });
  });

  it("answers 404 to another account, which can neither read nor edit the party", async () => {
    const { other, party } = await world();
    const read = await loader({
      request: authedRequest("/painel/festa/edit1/editar", { cookie: other.cookie }),
      params: { id: "edit1" },
      context: testContext(),
    } as never).catch((r: unknown) => r);
    expect((read as { init: { status: number } }).init.status).toBe(404);
    const refused = await edit(other.cookie, "edit1", { goal: "9.999", message: "Invasão" });
    expect(refused.status).toBe(404);
    expect(await partyRow(party.id)).toMatchObject({ goalCents: 100_000, message: "Antes" });
    expect(await db.select().from(schema.auditLog)).toHaveLength(0);
  });

  it("changes the name and the date while the party is on, audited, and the share link stays the same", async () => {
    const { host, party } = await world();
    const newDate = addCalendarDays(todayInSaoPaulo(), 30);
    const done = await edit(host.cookie, "edit1", { name: "  Aniversário   da Lia ", eventDate: newDate, goal: "1.000", message: "Antes" });
    expect(done).toMatchObject({ status: 302, location: "/painel/festa/edit1" });
    const after = await partyRow(party.id);
    expect(after).toMatchObject({ name: "Aniversário da Lia", eventDate: newDate, shareCode: "edit1", shareLink: party.shareLink });
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, party.id));
    expect(audit!.details).toEqual({
      name: { from: party.name, to: "Aniversário da Lia" },
      eventDate: { from: party.eventDate, to: newDate },
    });
  });

  it("refuses an empty name and a date in the past or beyond 2 years, changing nothing", async () => {
    const { host, party } = await world();
    const today = todayInSaoPaulo();
    const past = await edit(host.cookie, "edit1", { name: "", eventDate: addCalendarDays(today, -1), goal: "1.000", message: "Antes" });
    expect(past.status).toBe(400);
    expect(past.errors).toMatchObject({ name: EDIT_PARTY_MESSAGES.name, eventDate: EDIT_PARTY_MESSAGES.pastDate });
    const far = await edit(host.cookie, "edit1", {
      name: "Outra",
      eventDate: addCalendarDays(today, 800),
      goal: "1.000",
      message: "Antes",
    });
    expect(far.errors).toMatchObject({ eventDate: EDIT_PARTY_MESSAGES.farDate });
    expect(await partyRow(party.id)).toMatchObject({ name: party.name, eventDate: party.eventDate });
    expect(await db.select().from(schema.auditLog)).toHaveLength(0);
  });

  it("keeps a date already past while the party is still on (3 days after it), changing only the name", async () => {
    const { host, party } = await world();
    const threeDaysAgo = addCalendarDays(todayInSaoPaulo(), -3);
    await db.update(schema.parties).set({ eventDate: threeDaysAgo }).where(eq(schema.parties.id, party.id));
    const done = await edit(host.cookie, "edit1", { name: "Festa da Lia", eventDate: threeDaysAgo, goal: "1.000", message: "Antes" });
    expect(done.status).toBe(302);
    expect(await partyRow(party.id)).toMatchObject({ name: "Festa da Lia", eventDate: threeDaysAgo });
  });

  it("after the party ends, the name and the date no longer change (the page does not offer them; the service refuses)", async () => {
    const { host, party } = await world();
    const ended = addCalendarDays(todayInSaoPaulo(), -6);
    await db.update(schema.parties).set({ eventDate: ended }).where(eq(schema.parties.id, party.id));
    const page = (await loader({
      request: authedRequest("/painel/festa/edit1/editar", { cookie: host.cookie }),
      params: { id: "edit1" },
      context: testContext(),
    } as never)) as { rules: { nameAndDate: boolean } };
    expect(page.rules.nameAndDate).toBe(false);
    // A forged post: the name and date are ignored, the rest is saved.
    const done = await edit(host.cookie, "edit1", { name: "Tarde demais", eventDate: todayInSaoPaulo(), goal: "1.500", message: "Antes" });
    expect(done.status).toBe(302);
    expect(await partyRow(party.id)).toMatchObject({ name: party.name, eventDate: ended, goalCents: 150_000 });
    // The service itself refuses (a form loaded before the end and saved after it).
    const refused = await updateOwnParty(host.user.id, party.id, {
      name: "Tarde demais",
      eventDate: ended,
      goal: 150_000,
      message: "Antes",
    });
    expect(refused).toEqual({ ok: false, reason: "ended" });
    expect((await partyRow(party.id)).name).toBe(party.name);
  });
});
