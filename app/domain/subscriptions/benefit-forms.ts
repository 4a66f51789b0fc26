/**
 * The /conta forms of the subscriber's benefits: the mural opt-in and the guided-visit request.
 * One schema each for browser and server (docs/decisions/111-forms.md), pt-BR messages.
 */
import * as z from "zod/mini";

export const MURAL_NAME_MAX = 40;
export const VISIT_PEOPLE_MAX = 10;

const optionalText = (max: number, message: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, message)));

/** "Mostrar meu nome no mural": off unless ticked; the name is optional (default: "Mariana C."). */
export const muralSchema = z
  .object({
    intent: z.literal("mural"),
    mostrar: z.optional(z.literal("sim")),
    nomeMural: optionalText(MURAL_NAME_MAX, `Use no máximo ${MURAL_NAME_MAX} caracteres.`),
  })
  .check(
    z.refine((v) => !v.nomeMural?.includes("@"), {
      path: ["nomeMural"],
      message: "Use um nome, não um e-mail: o mural é público.",
    }),
  );

export const visitSchema = z.object({
  intent: z.literal("visita"),
  datas: z
    .string({ error: "Diga quando você prefere ir." })
    .check(z.trim(), z.minLength(3, "Diga quando você prefere ir."), z.maxLength(200, "Use no máximo 200 caracteres.")),
  pessoas: z
    .pipe(
      z.string({ error: "Informe quantas pessoas vão." }).check(z.trim(), z.regex(/^\d{1,2}$/, `De 1 a ${VISIT_PEOPLE_MAX} pessoas.`)),
      z.transform(Number),
    )
    .check(z.refine((n) => n >= 1 && n <= VISIT_PEOPLE_MAX, `De 1 a ${VISIT_PEOPLE_MAX} pessoas.`)),
  mensagem: optionalText(1000, "Use no máximo 1.000 caracteres."),
});

export const benefitActionSchema = z.discriminatedUnion("intent", [muralSchema, visitSchema]);
export const BENEFIT_INTENTS = ["mural", "visita"] as const;
