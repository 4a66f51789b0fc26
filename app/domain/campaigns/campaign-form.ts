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
