/** The /campanhas/nova form (decision 217); the creator comes from the session, never the form. */
import * as z from "zod/mini";

const requiredText = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

export const createCampaignSchema = z.object({
  name: requiredText("Informe o nome da campanha.").check(
    z.minLength(3, "Use pelo menos 3 caracteres."),
    z.maxLength(120, "Use no máximo 120 caracteres."),
  ),
  // The institution every party of the campaign gives to (the same list as /criar-festa).
  organizationId: z.pipe(requiredText("Escolha a instituição da campanha."), z.uuid({ error: "Escolha uma instituição da lista." })),
  description: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(500, "Use no máximo 500 caracteres."))),
    z.transform((v) => v?.replace(/\r\n?/g, "\n") || null),
  ),
});

export type CreateCampaignInput = z.output<typeof createCampaignSchema>;

/** /campanha/{slug}/editar (decision 222): the creator fixes the name and the description; the link stays. */
export const editCampaignSchema = z.object({
  name: createCampaignSchema.shape.name,
  description: createCampaignSchema.shape.description,
});
export type EditCampaignInput = z.output<typeof editCampaignSchema>;

/**
 * Admin → Festas → Campanhas: hide a campaign (with a reason its creator reads, at least 10
 * characters) or show it again.
 */
export const campaignVisibilitySchema = z
  .object({
    campaignId: z.uuid({ error: "Campanha inválida." }),
    hidden: z.enum(["1", "0"], { error: "Escolha ocultar ou mostrar." }),
    reason: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(300, "Use no máximo 300 caracteres."))),
      z.transform((v) => v || null),
    ),
  })
  .check(
    z.refine((v) => v.hidden === "0" || (v.reason?.length ?? 0) >= 10, {
      message: "Explique o motivo (pelo menos 10 caracteres): o criador da campanha vai ler.",
      path: ["reason"],
    }),
  );
export type CampaignVisibilityInput = z.output<typeof campaignVisibilitySchema>;
