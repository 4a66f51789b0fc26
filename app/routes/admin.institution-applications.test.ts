import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminGet, adminPost, outcome, routeArgs } from "@tests/admin";
import { authedRequest, createTestUser } from "@tests/auth";
import { fieldErrors } from "@tests/forms";
import { applicationFields, applicationForm, OFFLINE_REGISTRY_CNPJS, quickTwin } from "@tests/institutions";
import { insertCause } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "~/domain/organizations";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";
import { loader as documentLoader } from "./admin.ongs.pedidos.$id.documentos.$tipo";
import { action as applyAction } from "./ongs.cadastrar";

const deps = { cnpjRegistry: quickTwin() };

/** An application sent the real way, through /ongs/cadastrar. */
async function applied(overrides: Record<string, string> = {}) {
  const applicant = await createTestUser();
  const cause = await insertCause({ name: `Causa ${Math.random()}` });
  const r = await outcome(() =>
    applyAction(
      routeArgs(
        authedRequest("/ongs/cadastrar", {
          method: "POST",
          body: applicationForm(applicationFields(cause.id, overrides)),
          cookie: applicant.cookie,
        }),
        deps,
      ),
    ),
  );
  expect(r.status).toBe(302);
  const [application] = await db
    .select()
    .from(schema.institutionApplications)
    .where(eq(schema.institutionApplications.userId, applicant.user.id));
  return { applicant, application: application! };
}

async function review(cookie: string, fields: Record<string, string>) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, { intent: "reviewApplication", ...fields }), deps)));
  const body = r.body as { ok: boolean; result?: FormResult; message?: string };
  return { ...r, ok: body?.ok, message: body?.message, errors: fieldErrors(body?.result) };
}

const organizations = () => db.select().from(schema.organizations);
const auditOf = (action: string) => db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action));
const mailsTo = (to: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to));

describe("Admin → ONGs → Pedidos", () => {
  it("shows the registry beside what was typed, the Pix holder check and the documents", async () => {
    const { application } = await applied({ city: "Contagem" });
    const admin = await createTestUser({ admin: true });
    const r = await outcome(() => loader(routeArgs(adminGet(`/admin/ongs?pedido=${application.id}`, admin.cookie), deps)));
    const { applications } = (r.body as { data: { applications: { queue: { waiting: unknown[] }; reviewing: Record<string, unknown> } } })
      .data;
    expect(applications.queue.waiting).toHaveLength(1);
    expect(applications.reviewing).toMatchObject({
      registryResult: "found",
      registryData: { status: "ATIVA", address: { city: "BELO HORIZONTE" } },
      pixHolder: { result: "matches" },
      documents: expect.arrayContaining([expect.objectContaining({ kind: "bylaws", contentType: "application/pdf" })]),
    });
  });

  it("approves with the registry checked and a note: a verified institution, its owner, the audit entry, the e-mail", async () => {
    const { applicant, application } = await applied();
    const admin = await createTestUser({ admin: true });
    const r = await review(admin.cookie, {
      id: application.id,
      decision: "aprovar",
      note: "Estatuto, ata e cartão CNPJ conferidos.",
      registryChecked: "on",
    });
    expect(r).toMatchObject({ status: 200, ok: true });
    const [org] = await organizations();
    expect(org).toMatchObject({
      cnpj: "24581367000104",
      name: "Mãos que Ajudam",
      pixKey: "24581367000104",
      verifiedBy: admin.user.id,
      verificationNote: "Estatuto, ata e cartão CNPJ conferidos.",
    });
    expect(org!.verifiedAt).toBeInstanceOf(Date);
    expect(await db.select().from(schema.institutionMembers)).toEqual([
      expect.objectContaining({ organizationId: org!.id, userId: applicant.user.id, role: "owner" }),
    ]);
    const [row] = await db.select().from(schema.institutionApplications);
    expect(row).toMatchObject({ status: "approved", organizationId: org!.id, reviewedBy: admin.user.id });
    const [entry] = await auditOf("institution_application.approve");
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      entityId: application.id,
      details: expect.objectContaining({
        note: "Estatuto, ata e cartão CNPJ conferidos.",
        registry: expect.objectContaining({ result: "found", status: "ATIVA", checkedByAdmin: true }),
        pixHolder: "matches",
      }),
    });
    expect((await mailsTo("contato@maosqueajudam.org.br")).map((m) => m.template)).toContain("institution-application-approved");
  });

  it("refuses an approval without a note, or without the registry check or a reason why not", async () => {
    const { application } = await applied();
    const admin = await createTestUser({ admin: true });
    expect((await review(admin.cookie, { id: application.id, decision: "aprovar", registryChecked: "on" })).errors.note).toBe(
      REVIEW_MESSAGES.note,
    );
    const noCheck = await review(admin.cookie, { id: application.id, decision: "aprovar", note: "Documentos conferidos." });
    expect(noCheck.errors.noRegistryReason).toBe(REVIEW_MESSAGES.registryNotChecked);
    expect(await organizations()).toEqual([]);
  });

  it("never approves an inactive CNPJ, even when the application says it was active", async () => {
    const { application } = await applied();
    // The registry now says BAIXADA for this CNPJ (the twin's inactive one).
    await db
      .update(schema.institutionApplications)
      .set({ cnpj: OFFLINE_REGISTRY_CNPJS.inactive })
      .where(eq(schema.institutionApplications.id, application.id));
    const admin = await createTestUser({ admin: true });
    const r = await review(admin.cookie, {
      id: application.id,
      decision: "aprovar",
      note: "Documentos conferidos.",
      registryChecked: "on",
    });
    expect(r.status).toBe(409);
    expect(r.errors.note).toBe(REVIEW_MESSAGES.inactive("BAIXADA"));
    expect(await organizations()).toEqual([]);
    expect(await auditOf("institution_application.approve")).toEqual([]);
  });

  it("with the registry not consulted, approval needs a written reason, and the audit log keeps it", async () => {
    const { application } = await applied({ cnpj: OFFLINE_REGISTRY_CNPJS.timeout, pixKeyType: "email", pixKey: "pix@instituto.org.br" });
    expect(application.registryResult).toBe("unavailable");
    const admin = await createTestUser({ admin: true });
    const refused = await review(admin.cookie, {
      id: application.id,
      decision: "aprovar",
      note: "Documentos conferidos.",
      registryChecked: "on",
    });
    expect(refused.errors.noRegistryReason).toBe(REVIEW_MESSAGES.noRegistryReason);
    const why = "Receita fora do ar; conferi o cartão CNPJ emitido ontem.";
    expect(
      (await review(admin.cookie, { id: application.id, decision: "aprovar", note: "Documentos conferidos.", noRegistryReason: why })).ok,
    ).toBe(true);
    const [entry] = await auditOf("institution_application.approve");
    expect(entry!.details).toMatchObject({ registry: { result: "unavailable", whyNot: why }, pixHolder: "unverified" });
  });

  it("asks for changes or refuses with a reason the applicant gets by e-mail; the applicant can send again", async () => {
    const { applicant, application } = await applied();
    const admin = await createTestUser({ admin: true });
    const reason = "O estatuto enviado está sem a última página. Envie o documento completo.";
    expect((await review(admin.cookie, { id: application.id, decision: "ajustes", reason })).ok).toBe(true);
    const mails = await mailsTo("contato@maosqueajudam.org.br");
    const changes = mails.find((m) => m.template === "institution-application-changes-requested");
    expect(changes?.text).toContain(reason);
    expect((await auditOf("institution_application.request_changes"))[0]).toMatchObject({ details: { reason } });
    // A second decision on the same application is refused.
    expect((await review(admin.cookie, { id: application.id, decision: "recusar", reason: "Motivo qualquer longo." })).status).toBe(409);
    // The applicant answers with a new application for the same CNPJ.
    const cause = await insertCause({ name: "Outra causa" });
    const again = await outcome(() =>
      applyAction(
        routeArgs(
          authedRequest("/ongs/cadastrar", {
            method: "POST",
            body: applicationForm(applicationFields(cause.id)),
            cookie: applicant.cookie,
          }),
          deps,
        ),
      ),
    );
    expect(again.status).toBe(302);
  });

  it("serves the documents to admins only", async () => {
    const { applicant, application } = await applied();
    const admin = await createTestUser({ admin: true });
    const get = (cookie?: string, kind = "bylaws") =>
      outcome(() =>
        documentLoader({
          request: authedRequest(`/admin/ongs/pedidos/${application.id}/documentos/${kind}`, { cookie }),
          params: { id: application.id, tipo: kind },
          context: {},
        } as never),
      );
    const ok = await get(admin.cookie);
    expect(ok.status).toBe(200);
    expect((await get(applicant.cookie)).status).not.toBe(200);
    expect((await get(undefined)).status).toBe(302);
    expect((await get(admin.cookie, "senha")).status).toBe(404);
  });
});
