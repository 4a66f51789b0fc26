/**
 * An institution's team: its owner (the applicant whose application was approved) and the members
 * the owner invites. Plain rules; the guards are `institution-guards.server.ts`.
 */
export const INSTITUTION_ROLES = ["owner", "member"] as const;
export type InstitutionRole = (typeof INSTITUTION_ROLES)[number];

export const INSTITUTION_ROLE_LABELS: Record<InstitutionRole, string> = { owner: "Responsável", member: "Membro da equipe" };
