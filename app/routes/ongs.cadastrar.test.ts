import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { outcome } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import { applicationDocuments, applicationFields, applicationForm, OFFLINE_REGISTRY_CNPJS, quickTwin } from "@tests/institutions";
import { insertCause, insertInstitution } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPLICATION_MESSAGES, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "~/domain/organizations/application";
import { CNPJ_MESSAGES } from "~/domain/organizations/cnpj";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { action, loader } from "./ongs.cadastrar";

const ctx = testContext({ cnpjRegistry: quickTwin() });
const args = (request: Request) => ({ request, params: {}, context: ctx }) as never;

async function page(cookie: string | undefined, query = "") {
  return outcome(() => loader(args(authedRequest(`/ongs/cadastrar${query}`, { cookie }))));
}

async function apply(cookie: string, fields: Record<string, string>, files = applicationDocuments()) {
  const r = await outcome(() =>
    action(args(authedRequest("/ongs/cadastrar", { method: "POST", body: applicationForm(fields, files), cookie }))),
  );
  const body = r.body as { result?: FormResult; formError?: string } | null;
  return { ...r, errors: fieldErrors(body?.result), values: postedValues(body?.result), formError: body?.formError };
}

const applications = () => db.select().from(schema.institutionApplications);
const documentsOf = (id: string) =>
  db.select().from(schema.institutionApplicationDocuments).where(eq(schema.institutionApplicationDocuments.applicationId, id));

describe("/ongs/cadastrar: the CNPJ step", () => {
  it("asks a visitor to sign in first", async () => {
    const r = await page(undefined);
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/auth\?.*ongs%2Fcadastrar/);
  });

  it("prefills the form from the registry for an active CNPJ", async () => {
    const { cookie, user } = await createTestUser();
    const r = await page(cookie, "?cnpj=24.581.367/0001-04");
    expect(r.body).toMatchObject({
      step: "form",
      lookup: { kind: "found", status: "ATIVA", legalName: "ASSOCIACAO MAOS QUE AJUDAM" },
      prefill: {
        cnpj: "24.581.367/0001-04",
        legalName: "ASSOCIACAO MAOS QUE AJUDAM",
        tradeName: "Maos Que Ajudam",
        city: "Belo Horizonte",
        state: "MG",
        contactEmail: user.email,
      },
    });
  });

  it("prefills an alphanumeric CNPJ", async () => {
    const { cookie } = await createTestUser();
    const r = await page(cookie, "?cnpj=12.abc.345/01de-35");
    expect(r.body).toMatchObject({ step: "form", prefill: { cnpj: "12.ABC.345/01DE-35", legalName: "COLETIVO HORTA VIVA", state: "SP" } });
  });

  it("stops an inactive CNPJ at the first step, with the registry's status", async () => {
    const { cookie } = await createTestUser();
    const r = await page(cookie, `?cnpj=${OFFLINE_REGISTRY_CNPJS.inactive}`);
    expect(r.body).toMatchObject({ step: "cnpj", cnpjError: APPLICATION_MESSAGES.inactive("BAIXADA") });
  });

  it("never blocks: a registry that times out, or does not know the CNPJ, leaves an empty form to type", async () => {
    const { cookie } = await createTestUser();
    const started = Date.now();
    const slow = await page(cookie, `?cnpj=${OFFLINE_REGISTRY_CNPJS.timeout}`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(slow.body).toMatchObject({ step: "form", lookup: { kind: "unavailable" }, prefill: { cnpj: "40.291.735/0001-36" } });
    expect((slow.body as { prefill: object }).prefill).not.toHaveProperty("legalName");
    const unknown = await page(cookie, `?cnpj=${OFFLINE_REGISTRY_CNPJS.unknown}`);
    expect(unknown.body).toMatchObject({ step: "form", lookup: { kind: "not-found" } });
  });

  it("gives a typo its message on the CNPJ field", async () => {
    const { cookie } = await createTestUser();
    expect((await page(cookie, "?cnpj=12.ABC.345/01DE-36")).body).toMatchObject({
      step: "cnpj",
      cnpjError: CNPJ_MESSAGES.checkDigits,
      typed: "12.ABC.345/01DE-36",
    });
  });
});

describe("/ongs/cadastrar: sending the application", () => {
  it("keeps the application, the registry's answer and the four documents; e-mails the applicant", async () => {
    const { cookie, user } = await createTestUser();
    const cause = await insertCause();
    const r = await apply(cookie, applicationFields(cause.id));
    expect(r.status).toBe(302);
    expect(r.location).toBe("/ongs/cadastrar?enviado=1");
    const [row] = await applications();
    expect(row).toMatchObject({
      userId: user.id,
      cnpj: "24581367000104",
      pixKey: "24581367000104",
      status: "submitted",
      registryResult: "found",
      registryData: expect.objectContaining({ status: "ATIVA", legalName: "ASSOCIACAO MAOS QUE AJUDAM" }),
    });
    const docs = await documentsOf(row!.id);
    expect(docs.map((d) => d.kind).sort()).toEqual(["board_minutes", "bylaws", "cnpj_card", "pix_proof"]);
    const stored = await getStorage().get(docs[0]!.storageKey);
    expect(new TextDecoder().decode((await readAll(stored!)).slice(0, 5))).toBe("%PDF-");
    const mails = await db.select().from(schema.emailOutbox);
    expect(mails).toEqual([expect.objectContaining({ to: "contato@maosqueajudam.org.br", template: "institution-application-received" })]);
    const mine = await page(cookie);
    expect(mine.body).toMatchObject({ applications: [{ status: "submitted", cnpj: "24581367000104" }] });
  });

  it("takes an alphanumeric CNPJ and its Pix key", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const r = await apply(
      cookie,
      applicationFields(cause.id, { cnpj: "12.ABC.345/01DE-35", pixKey: "12abc34501de35", legalName: "COLETIVO HORTA VIVA" }),
    );
    expect(r.status).toBe(302);
    expect((await applications())[0]).toMatchObject({ cnpj: "12ABC34501DE35", pixKey: "12ABC34501DE35", registryResult: "found" });
  });

  it("records 'não consultado' when the registry times out, and still accepts the application", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const r = await apply(
      cookie,
      applicationFields(cause.id, { cnpj: "40.291.735/0001-36", pixKeyType: "email", pixKey: "pix@instituto.org.br" }),
    );
    expect(r.status).toBe(302);
    expect((await applications())[0]).toMatchObject({ registryResult: "unavailable", registryData: null, registryCheckedAt: null });
  });

  it("refuses an inactive CNPJ on the server, even if the first step was skipped", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const r = await apply(
      cookie,
      applicationFields(cause.id, { cnpj: OFFLINE_REGISTRY_CNPJS.inactive, pixKeyType: "email", pixKey: "pix@sol.org.br" }),
    );
    expect(r.status).toBe(400);
    expect(r.errors.cnpj).toBe(APPLICATION_MESSAGES.inactive("BAIXADA"));
    expect(await applications()).toEqual([]);
  });

  it("refuses a second open application for the same CNPJ, and a CNPJ that is already an institution", async () => {
    const cause = await insertCause();
    const first = await createTestUser();
    expect((await apply(first.cookie, applicationFields(cause.id))).status).toBe(302);
    const second = await createTestUser();
    expect((await apply(second.cookie, applicationFields(cause.id))).errors.cnpj).toBe(APPLICATION_MESSAGES.openForCnpj);
    await insertInstitution(cause.id, { cnpj: "12ABC34501DE35" });
    const taken = await apply(
      second.cookie,
      applicationFields(cause.id, { cnpj: "12ABC34501DE35", pixKeyType: "email", pixKey: "a@b.org.br" }),
    );
    expect(taken.errors.cnpj).toBe(APPLICATION_MESSAGES.alreadyInstitution);
  });

  it("refuses a file that is not what it claims and one that is too big, keeps what was typed, stores nothing", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const fake = new File([new TextEncoder().encode("<html><script>alert(1)</script></html>")], "estatuto.pdf", {
      type: "application/pdf",
    });
    const big = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x25)], "ata.pdf", { type: "application/pdf" });
    const r = await apply(cookie, applicationFields(cause.id), applicationDocuments({ docEstatuto: fake, docAta: big }));
    expect(r.status).toBe(400);
    expect(r.errors).toMatchObject({ docEstatuto: DOCUMENT_MESSAGES.wrongType, docAta: DOCUMENT_MESSAGES.tooLarge });
    expect(r.values).toMatchObject({ legalName: "ASSOCIACAO MAOS QUE AJUDAM", contactPhone: "(31) 99876-5432" });
    expect(await applications()).toEqual([]);
  });

  it("asks for every document and puts field errors and file errors together", async () => {
    const { cookie } = await createTestUser();
    const cause = await insertCause();
    const r = await apply(cookie, applicationFields(cause.id, { contactEmail: "contato@" }), {});
    expect(r.status).toBe(400);
    expect(r.errors).toMatchObject({ docEstatuto: DOCUMENT_MESSAGES.required, docComprovantePix: DOCUMENT_MESSAGES.required });
    expect(r.errors.contactEmail).toBeTruthy();
    expect(r.values.contactEmail).toBe("contato@");
  });
});
