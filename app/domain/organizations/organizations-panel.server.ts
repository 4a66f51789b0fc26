/**
 * The admin panel's ONGs tab: its list with the applications' queue, and the team's audited changes
 * to an institution (create, edit, switch off or on, verify). Each change runs in one transaction
 * with its audit entry and answers a plain outcome; the tab's route turns it into a toast.
 */
import { z } from "zod";
import { auditedChange } from "~/platform/audit.server";
import type { Executor } from "~/platform/db.server";
import { pixHolderCheck } from "./application";
import { findApplicationForReview, listApplicationsForReview } from "./application-review.server";
import { BRAZILIAN_STATES } from "./brazilian-states";
import { listCauseOptions } from "./causes-admin.server";
import { parseCnpj } from "./cnpj";
import {
  clearOtherMainOrganizations,
  cnpjTaken,
  findOrganizationForUpdate,
  insertOrganization,
  isCnpjConflict,
  listAllOrganizations,
  lockNamesOf,
  type OrganizationInput,
  organizationNameTaken,
  setOrganizationVerification,
  slugTaken,
  updateOrganization,
  updateOrganizationActive,
} from "./organizations-admin.server";
import { PIX_KEY_TYPES } from "./pix-key";

/** ONGs → Pedidos (decision 178): the applications waiting for a decision, and the one being read (`?pedido=`). */
async function loadApplications(params: URLSearchParams) {
  const id = z.uuid().safeParse(params.get("pedido"));
  const [queue, reviewing] = await Promise.all([listApplicationsForReview(), id.success ? findApplicationForReview(id.data) : null]);
  return { queue, reviewing: reviewing ? { ...reviewing, pixHolder: pixHolderCheck(reviewing) } : null };
}

/** The ONGs tab: every institution, the one being edited (`?editar=`) and the applications' queue. */
export async function loadOrganizationsPanel(params: URLSearchParams) {
  const editId = z.uuid().safeParse(params.get("editar"));
  const organizations = await listAllOrganizations();
  const causes = await listCauseOptions();
  const applications = await loadApplications(params);
  const editing = editId.success ? (organizations.find((o) => o.id === editId.data) ?? null) : null;
  return {
    organizations,
    causes,
    editing,
    states: BRAZILIAN_STATES,
    pixKeyTypes: PIX_KEY_TYPES,
    applications,
  };
}

/** Which unique field another institution already holds. */
export type OrganizationConflict = "name" | "slug" | "cnpj";

async function findConflict(tx: Executor, input: OrganizationInput, id: string | null): Promise<OrganizationConflict | null> {
  const except = id ?? undefined;
  await lockNamesOf(tx, "organizations");
  if (await organizationNameTaken(tx, input.name, except)) return "name";
  if (await slugTaken(tx, input.slug, except)) return "slug";
  if (await cnpjTaken(tx, input.cnpj, except)) return "cnpj";
  return null;
}

/**
 * Creates an institution (`id` null) or updates one. Name, anchor and CNPJ are unique; changing the
 * CNPJ or the Pix key of a verified institution withdraws its verification.
 */
export async function saveOrganization(
  actorUserId: string,
  id: string | null,
  input: OrganizationInput,
): Promise<{ ok: true } | { ok: false; reason: OrganizationConflict | "missing" }> {
  try {
    return await auditedChange(actorUserId, async (tx, audit) => {
      const conflict = await findConflict(tx, input, id);
      if (conflict) return { ok: false, reason: conflict } as const;
      let savedId = id;
      let verificationCleared = false;
      if (id) {
        const before = await findOrganizationForUpdate(tx, id);
        if (!before) return { ok: false, reason: "missing" } as const;
        // Unmark the old main first: the database allows one main institution at a time.
        if (input.isMain) await clearOtherMainOrganizations(tx, id);
        // A verification vouched for this CNPJ and Pix key: changing either needs a new one.
        verificationCleared =
          Boolean(before.verifiedAt) &&
          (before.cnpj !== input.cnpj || before.pixKey !== input.pixKey || before.pixKeyType !== input.pixKeyType);
        await updateOrganization(tx, id, input, {
          clearVerification: verificationCleared,
        });
      } else {
        if (input.isMain) await clearOtherMainOrganizations(tx, null);
        savedId = (await insertOrganization(tx, input)).id;
      }
      await audit({
        action: id ? "organization.update" : "organization.create",
        entity: "organization",
        entityId: savedId,
        details: { ...input, verificationCleared },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    if (!isCnpjConflict(error)) throw error;
    return { ok: false, reason: "cnpj" };
  }
}

/** The ONGs list's "Ativa" switch: the institution's name, or null when it is gone. */
export async function setOrganizationActive(actorUserId: string, id: string, active: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await updateOrganizationActive(tx, id, active);
    if (row) {
      await audit({
        action: active ? "organization.activate" : "organization.deactivate",
        entity: "organization",
        entityId: id,
        details: { name: row.name },
      });
    }
    return row;
  });
}

/**
 * "Verificar" (or withdraw it): who and when go on the row, and with the note into the audit log.
 * Only an institution with a valid CNPJ may be verified.
 */
export async function verifyOrganization(
  actorUserId: string,
  id: string,
  verification: { verified: boolean; note: string | null },
): Promise<{ ok: true; name: string } | { ok: false; reason: "missing" | "no-cnpj" }> {
  const { verified, note } = verification;
  return auditedChange(actorUserId, async (tx, audit) => {
    const before = await findOrganizationForUpdate(tx, id);
    if (!before) return { ok: false, reason: "missing" } as const;
    if (verified && !(before.cnpj && parseCnpj(before.cnpj).ok)) return { ok: false, reason: "no-cnpj" } as const;
    const row = await setOrganizationVerification(tx, id, {
      verified,
      by: actorUserId,
      note,
    });
    await audit({
      action: verified ? "organization.verify" : "organization.unverify",
      entity: "organization",
      entityId: id,
      details: {
        name: row!.name,
        cnpj: row!.cnpj,
        note,
        verifiedAt: row!.verifiedAt?.toISOString() ?? null,
      },
    });
    return { ok: true, name: row!.name } as const;
  });
}
