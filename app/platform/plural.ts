/**
 * Plurals written out ("1 doação", "3 doações"), never with the plural in parentheses. The form comes from
 * Intl.PluralRules("pt-BR"), which puts 0 with "one" (CLDR: fractions under 2 are singular, "1,5
 * milhão"); Brazilian writing says "0 doações" or "nenhuma doação", so 0 takes `zero` when given,
 * else `other`. Browser-safe: components, e-mails and the server all use it.
 */
export type PluralForms = { one: string; other: string; zero?: string };

let rules: Intl.PluralRules | undefined;

/** The word for `count`: plural(2, { one: "doação", other: "doações" }) → "doações". */
export function plural(count: number, forms: PluralForms): string {
  if (count === 0) return forms.zero ?? forms.other;
  rules ??= new Intl.PluralRules("pt-BR");
  return rules.select(count) === "one" ? forms.one : forms.other;
}

/** The count and its word: countOf(1234, { one: "doação", other: "doações" }) → "1.234 doações". */
export function countOf(count: number, forms: PluralForms): string {
  if (count === 0 && forms.zero) return forms.zero;
  return `${count.toLocaleString("pt-BR")} ${plural(count, forms)}`;
}
