import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminPost, countAudit, outcome, routeArgs, snapshotDatabase } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CNPJ_MESSAGES, PIX_MESSAGES } from "~/domain/organizations";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { adminTabAction as action } from "@tests/admin";

type Body = { intent: string; ok: boolean; key?: number; result?: FormResult; message?: string };

async function post(cookie: string, fields: Record<string, string>) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields))));
  const body = r.body as Body;
  // A refused form answers Conform's reply; its first message per field is read from there.
  return { ...r, body: { ...body, errors: fieldErrors(body?.result) } };
}

// The fixture's AADORA has CNPJ 10.485.736/0001-50.
const pratoCheio = {
  intent: "createOrganization",
  name: "Instituto Prato Cheio",
  legalName: "Instituto Prato Cheio de Segurança Alimentar",
  cnpj: "21.593.847/0001-05",
  slug: "prato-cheio",
  city: "Contagem",
  state: "MG",
  description: "Cozinha comunitária",
  pixKeyType: "telefone",
  pixKey: "(31) 99876-5432",
};

const findOrg = async (slug: string) => (await db.select().from(schema.organizations).where(eq(schema.organizations.slug, slug)))[0];

describe("ONGs: institution fields", () => {
  it("stores the CNPJ as 14 digits and the Pix key as the directory writes it", async () => {
    await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const created = await post(cookie, pratoCheio);
    expect(created.status).toBe(200);
    expect(await findOrg("prato-cheio")).toMatchObject({
      cnpj: "21593847000105",
      legalName: "Instituto Prato Cheio de Segurança Alimentar",
      pixKeyType: "telefone",
      pixKey: "+5531998765432",
      verifiedAt: null,
    });
  });

  it("stores an alphanumeric CNPJ (IN RFB 2.229/2024) and a Pix key that is one, in capitals", async () => {
    await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const created = await post(cookie, { ...pratoCheio, cnpj: "12.abc.345/01de-35", pixKeyType: "cnpj", pixKey: "12.ABC.345/01DE-35" });
    expect(created.status).toBe(200);
    expect(await findOrg("prato-cheio")).toMatchObject({ cnpj: "12ABC34501DE35", pixKeyType: "cnpj", pixKey: "12ABC34501DE35" });
  });

  it.each([
    [{ cnpj: "12.ABC.345/01DE-36" }, "cnpj", CNPJ_MESSAGES.checkDigits],
    [{ cnpj: "21.593.847/0001-06" }, "cnpj", CNPJ_MESSAGES.checkDigits],
    [{ cnpj: "11.111.111/1111-11" }, "cnpj", CNPJ_MESSAGES.repeated],
    [{ cnpj: "" }, "cnpj", CNPJ_MESSAGES.required],
    [{ cnpj: "10.485.736/0001-50" }, "cnpj", CNPJ_MESSAGES.duplicate], // AADORA's
    [{ pixKeyType: "cpf", pixKey: "529.982.247-24" }, "pixKey", PIX_MESSAGES.cpf],
    [{ pixKeyType: "email", pixKey: "pix@" }, "pixKey", PIX_MESSAGES.email],
    [{ pixKeyType: "aleatoria", pixKey: "não-é-uuid" }, "pixKey", PIX_MESSAGES.aleatoria],
    [{ pixKeyType: "", pixKey: "pix@pratocheio.org.br" }, "pixKeyType", PIX_MESSAGES.keyWithoutType],
    [{ name: "AB" }, "name", "O nome da ONG precisa ter pelo menos 3 caracteres."],
    [{ name: " aadora " }, "name", "Já existe uma ONG com este nome."],
    [{ name: "Áadorá" }, "name", "Já existe uma ONG com este nome."], // accents and case do not make another name
    [{ slug: "aadora" }, "slug", "Esta âncora já é usada por outra ONG."],
    [{ state: "XX" }, "state", "Escolha o estado (UF)."],
    [{ email: "contato@" }, "email", "Informe um e-mail válido."],
  ])("refuses %o with a pt-BR message on %s and stores nothing", async (change, field, message) => {
    await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const before = await snapshotDatabase();
    const refused = await post(cookie, { ...pratoCheio, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[field]).toBe(message);
    expect(refused.setCookie).toContain("fs_toast");
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("refuses another NGO's CNPJ on update too", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    expect((await post(cookie, pratoCheio)).status).toBe(200);
    const audits = await countAudit();
    const { intent: _create, ...fields } = pratoCheio;
    const refused = await post(cookie, {
      ...fields,
      intent: "updateOrganization",
      id: fx.org.id,
      name: "AADORA",
      slug: "aadora",
      legalName: "AADORA",
    });
    expect(refused.body.errors?.cnpj).toBe(CNPJ_MESSAGES.duplicate);
    expect((await findOrg("aadora"))?.cnpj).toBe("10485736000150");
    expect(await countAudit()).toBe(audits);
  });
});

describe("ONGs: the form's reply", () => {
  it("puts back what was typed after a refusal (no JavaScript needed), and a save remounts the form", async () => {
    await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const refused = await post(cookie, { ...pratoCheio, cnpj: "21.593.847/0001-06", isMain: "on" });
    expect(refused.body).toMatchObject({ intent: "createOrganization", ok: false });
    expect(postedValues(refused.body.result)).toMatchObject({ name: pratoCheio.name, cnpj: "21.593.847/0001-06", isMain: "on" });
    const saved = await post(cookie, pratoCheio);
    expect(saved.body).toMatchObject({ intent: "createOrganization", ok: true, key: expect.any(Number) });
    expect(saved.body.result).toBeUndefined();
  });

  it("an update with a tampered id is refused on the form, nothing stored", async () => {
    await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const before = await snapshotDatabase();
    const { intent: _create, ...fields } = pratoCheio;
    const refused = await post(cookie, { ...fields, intent: "updateOrganization", id: "não-é-uuid" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ id: "Registro inválido." });
    expect(await snapshotDatabase()).toEqual(before);
  });
});

describe("ONGs: verification", () => {
  it("records who verified, when and the note, in the row and the audit log", async () => {
    const fx = await adminFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    const verified = await post(cookie, {
      intent: "verifyOrganization",
      id: fx.org.id,
      decision: "verificar",
      note: "Cartão CNPJ e estatuto conferidos",
    });
    expect(verified.status).toBe(200);
    const row = await findOrg("aadora");
    expect(row).toMatchObject({ verifiedBy: user.id, verificationNote: "Cartão CNPJ e estatuto conferidos" });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    const [entry] = await db.select().from(schema.auditLog);
    expect(entry).toMatchObject({ actorUserId: user.id, action: "organization.verify", entityId: fx.org.id });
    expect(entry?.details).toMatchObject({ cnpj: "10485736000150", note: "Cartão CNPJ e estatuto conferidos" });
  });

  it("cannot verify an NGO without a CNPJ (a legacy row)", async () => {
    const fx = await adminFixture();
    await db.update(schema.organizations).set({ cnpj: null }).where(eq(schema.organizations.id, fx.org.id));
    const { cookie } = await createTestUser({ admin: true });
    const before = await snapshotDatabase();
    const refused = await post(cookie, { intent: "verifyOrganization", id: fx.org.id, decision: "verificar", note: "Conferido" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/CNPJ válido antes de verificar/);
    // The form's own message (not a field's), and the note comes back as typed.
    expect(refused.body.errors).toEqual({ "": "Cadastre um CNPJ válido antes de verificar esta ONG." });
    expect(refused.body.result?.initialValue).toMatchObject({ note: "Conferido" });
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("a changed CNPJ or Pix key drops the verification; other edits keep it", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    await post(cookie, { intent: "verifyOrganization", id: fx.org.id, decision: "verificar" });
    const base = {
      intent: "updateOrganization",
      id: fx.org.id,
      name: "AADORA",
      legalName: "Associação AADORA",
      cnpj: "10.485.736/0001-50",
      slug: "aadora",
      city: "Belo Horizonte",
      state: "MG",
      description: "Apoio",
    };
    expect((await post(cookie, { ...base, description: "Apoio a famílias" })).status).toBe(200);
    expect((await findOrg("aadora"))?.verifiedAt).toBeInstanceOf(Date);
    expect((await post(cookie, { ...base, pixKeyType: "cnpj", pixKey: "10485736000150" })).status).toBe(200);
    expect(await findOrg("aadora")).toMatchObject({ verifiedAt: null, verifiedBy: null, pixKey: "10485736000150" });
  });
});
