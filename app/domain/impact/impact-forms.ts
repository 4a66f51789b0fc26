/**
 * Impacto tab forms (docs/decisions/111-forms.md): impact units and impact updates per institution,
 * and the review of what an institution's team sent. The action parses the post with these schemas,
 * and the forms check the same ones in the browser. Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { atLeast, idField, text } from "~/platform/forms/fields";
import { parseReaisToCents } from "~/platform/money";

const IMPACT_MESSAGES = {
  organization: "Escolha a instituição.",
  cost: "Informe o custo em reais (ex.: 80 ou 80,50).",
  month: "Informe o mês no formato AAAA-MM.",
} as const;

/** What a unit is (words and cost), for the admin's form and an institution's proposal alike. */
const impactUnitFields = {
  singular: text("Informe a unidade no singular (ex.: consulta).", 60),
  plural: text("Informe a unidade no plural (ex.: consultas).", 60),
  cost: z.pipe(
    text(IMPACT_MESSAGES.cost, 20),
    z.transform((v, ctx) => {
      const cents = parseReaisToCents(v);
      if (cents === null || cents <= 0 || cents > 100_000_000) {
        ctx.issues.push({ code: "custom", message: IMPACT_MESSAGES.cost, input: v });
        return z.NEVER;
      }
      return cents;
    }),
  ),
};

export const impactUnitSchema = z.object({
  organizationId: z.uuid({ error: IMPACT_MESSAGES.organization }),
  ...impactUnitFields,
});

/**
 * An institution's impact unit proposal from its dashboard (decision 191): the admin form's rules,
 * the institution taken from the URL, and the unit it changes (empty: a new unit). Spelled with the
 * schema parts every form page already loads (no union, extend or omit): zod's code for those
 * would join the shared form chunk of /doar and the other public forms (their 150 KB budget).
 */
export const impactUnitProposalSchema = z.object({
  ...impactUnitFields,
  // Empty ("Uma unidade nova"): the browser's check keeps the empty option's value.
  unitId: z.optional(
    z
      .string({ error: "Escolha uma unidade da lista." })
      .check(z.regex(/^$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Escolha uma unidade da lista.")),
  ),
});

/** What an institution's team sent for review (an update, a unit): approved as is, or sent back with a reason the team reads. */
const approveReviewSchema = z.object({ id: idField });
const refuseReviewSchema = z.object({
  id: idField,
  reason: text("Explique à instituição o que ajustar.", 500).check(atLeast(10, "Explique o motivo em pelo menos 10 caracteres.")),
});

/** Impacto → "Unidades propostas pelas ONGs" (decision 191). */
export const approveImpactUnitProposalSchema = approveReviewSchema;
export const refuseImpactUnitProposalSchema = refuseReviewSchema;

export const impactUpdateSchema = z.object({
  organizationId: z.uuid({ error: IMPACT_MESSAGES.organization }),
  month: text(IMPACT_MESSAGES.month, 7).check(z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, IMPACT_MESSAGES.month)),
  title: text("Informe o título da atualização.", 120),
  body: text("Escreva o texto da atualização.", 4000),
});

/** Impacto → "Atualizações das ONGs" (decision 190). */
export const approveInstitutionUpdateSchema = approveReviewSchema;
export const refuseInstitutionUpdateSchema = refuseReviewSchema;
