import * as z from "zod/mini";

/** /conta/confirmar-endereco's one form: ask for a new confirmation link. */
export const resendConfirmationSchema = z.object({ intent: z.literal("reenviar") });
