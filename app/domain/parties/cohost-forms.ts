/** The party dashboard's co-host forms (decision 217): the owner invites by e-mail and revokes. */
import * as z from "zod/mini";

const EMAIL = "Informe um e-mail válido, como nome@exemplo.com.br.";

export const inviteCohostSchema = z.object({
  intent: z.literal("convidar-coanfitriao"),
  email: z.pipe(
    z.string({ error: EMAIL }).check(z.trim(), z.toLowerCase(), z.minLength(1, EMAIL), z.maxLength(254, EMAIL)),
    z.email(EMAIL),
  ),
});

export const revokeCohostSchema = z.object({
  intent: z.literal("remover-coanfitriao"),
  cohostId: z.uuid("Co-anfitrião inválido."),
});

/** What a co-host row shows on the dashboard. */
export const COHOST_STATUS_LABELS: Record<string, string> = { invited: "Convite enviado", accepted: "Co-anfitrião" };
