/**
 * Who may see and change an institution's pages (`/ong/:slug/…`): its team, read from
 * institution_members on every request. Someone outside the team gets the same 404 as for an
 * institution that does not exist (nothing is revealed); a member asking for an owner's action
 * gets 403. Lives with the institution's rules; the session comes from the accounts guards.
 */
import { data } from "react-router";
import { requireUser, type SessionUser } from "~/domain/accounts/index.server";
import type { InstitutionRole } from "./institution-team";
import { findInstitutionBySlug, findMembership } from "./institution-team.server";

export type InstitutionAccess = { user: SessionUser; institution: { id: string; name: string; slug: string }; role: InstitutionRole };

export async function requireInstitutionMember(request: Request, slug: string | undefined): Promise<InstitutionAccess> {
  const user = await requireUser(request);
  const membership = slug ? await findMembership(slug, user.id) : null;
  if (!membership) throw data({ error: "Página não encontrada" }, { status: 404 });
  const { role, ...institution } = membership;
  return { user, institution, role };
}

export async function requireInstitutionOwner(request: Request, slug: string | undefined): Promise<InstitutionAccess> {
  const access = await requireInstitutionMember(request, slug);
  if (access.role !== "owner") throw data({ error: "Só o responsável pela instituição pode fazer isto." }, { status: 403 });
  return access;
}

/**
 * The institution's dashboard and its downloads (decision 190): its team, and the site's admins
 * (who answer the institution's questions about its money). Anyone else: the same 404.
 */
export async function requireInstitutionViewer(
  request: Request,
  slug: string | undefined,
): Promise<Omit<InstitutionAccess, "role"> & { role: InstitutionRole | "admin" }> {
  const user = await requireUser(request);
  const membership = slug ? await findMembership(slug, user.id) : null;
  if (membership) {
    const { role, ...institution } = membership;
    return { user, institution, role };
  }
  const institution = user.isAdmin && slug ? await findInstitutionBySlug(slug) : null;
  if (!institution) throw data({ error: "Página não encontrada" }, { status: 404 });
  return { user, institution, role: "admin" };
}
