/**
 * The admin's review of an institution application (Admin → ONGs → Pedidos): the form's schema and
 * the comparison of what the applicant typed with what the registry says. Browser-safe.
 */
import * as z from "zod/mini";
import type { RegistryCompany } from "./cnpj-registry";

const REVIEW_DECISIONS = ["aprovar", "ajustes", "recusar"] as const;

export const REVIEW_MESSAGES = {
  note: "Escreva uma nota sobre o que você conferiu (fica no registro de auditoria).",
  reason: "Escreva o motivo: ele vai por e-mail para quem fez o pedido.",
  registryNotChecked: "Marque que você conferiu os dados da Receita Federal, ou explique por que não foi possível conferir.",
  noRegistryReason: "A Receita Federal não foi consultada: explique como o CNPJ foi conferido (por exemplo, pelo cartão CNPJ enviado).",
  inactive: (status: string) => `A Receita Federal informa a situação "${status}" para este CNPJ: um CNPJ inativo não pode ser aprovado.`,
  notReviewable: "Este pedido já foi decidido ou foi substituído por outro.",
  missing: "Este pedido não existe mais.",
  alreadyInstitution: "Este CNPJ já é de uma instituição cadastrada: não é possível aprovar outra com ele.",
} as const;

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `Use no máximo ${max} caracteres.`))),
    z.transform((v) => v || null),
  );

export const applicationReviewSchema = z.pipe(
  z.object({
    id: z.uuid({ error: REVIEW_MESSAGES.missing }),
    decision: z.enum(REVIEW_DECISIONS, { error: "Escolha uma decisão." }),
    note: optionalText(1000),
    reason: optionalText(2000),
    registryChecked: z.pipe(
      z.optional(z.string()),
      z.transform((v) => v === "on" || v === "sim"),
    ),
    noRegistryReason: optionalText(1000),
  }),
  z.transform((value, ctx) => {
    const fail = (path: string, message: string) => {
      ctx.issues.push({ code: "custom", message, input: value, path: [path] });
      return z.NEVER;
    };
    if (value.decision === "aprovar") {
      if (!value.note || value.note.length < 5) return fail("note", REVIEW_MESSAGES.note);
      if (!value.registryChecked && !value.noRegistryReason) return fail("noRegistryReason", REVIEW_MESSAGES.registryNotChecked);
    } else if (!value.reason || value.reason.length < 10) {
      return fail("reason", REVIEW_MESSAGES.reason);
    }
    return value;
  }),
);

/** Letters only, no accents, one space: "Associação  Mãos" and "ASSOCIACAO MAOS" are the same. */
function comparable(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

export type FieldComparison = { label: string; typed: string; registry: string | null; differs: boolean };

/** Each field the registry also knows, side by side; `differs` ignores case, accents and punctuation. */
export function compareWithRegistry(
  typed: { legalName: string; tradeName: string | null; city: string; state: string },
  company: RegistryCompany | null,
): FieldComparison[] {
  const row = (label: string, mine: string | null, theirs: string | null | undefined, optional = false): FieldComparison => ({
    label,
    typed: mine ?? "",
    registry: company ? (theirs ?? "") : null,
    differs: company !== null && !(optional && !theirs) && comparable(mine) !== comparable(theirs),
  });
  return [
    row("Razão social", typed.legalName, company?.legalName),
    row("Nome fantasia", typed.tradeName, company?.tradeName, true),
    row("Cidade", typed.city, company?.address.city),
    row("UF", typed.state, company?.address.state),
  ];
}
