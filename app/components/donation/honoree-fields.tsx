import { TextField } from "~/components/ui/field";

type Errors = Record<string, string[] | undefined>;

/**
 * "Doar em homenagem a alguém" (issue 29, item 3; decision 214): a closed <details> (no script
 * needed to open or send it), open again after a refused gift that used it, with what was typed.
 */
export function HonoreeFields({
  posted,
  errors,
  festa,
}: {
  posted: (name: string) => string | undefined;
  errors: Errors;
  /** A party gift: only a party page lists gifts, so only then is the homage offered there. */
  festa: boolean;
}) {
  const used = ["homenageado", "homenageadoEmail", "homenagemValor", "homenagemPublica"].some((name) => posted(name));
  const open = used || Boolean(errors.homenageado || errors.homenageadoEmail);
  return (
    <details open={open || undefined} className="rounded-xl border border-coral-100 bg-cream">
      <summary className="cursor-pointer rounded-xl p-4 font-extrabold text-indigo-800 marker:text-coral-600">
        Doar em homenagem a alguém
        <span className="block pl-4 text-sm font-normal text-muted">
          Opcional: a pessoa homenageada recebe um cartão por e-mail quando o pagamento for confirmado.
        </span>
      </summary>
      <div className="space-y-4 px-4 pb-4">
        <TextField
          label="Nome de quem você homenageia"
          name="homenageado"
          autoComplete="off"
          maxLength={100}
          defaultValue={posted("homenageado")}
          error={errors.homenageado}
        />
        <TextField
          label="E-mail da pessoa homenageada (opcional)"
          name="homenageadoEmail"
          type="email"
          autoComplete="off"
          defaultValue={posted("homenageadoEmail")}
          hint="Usamos só para enviar o cartão e apagamos o endereço logo depois; ele nunca aparece na festa. Sem e-mail, não há cartão."
          error={errors.homenageadoEmail}
        />
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name="homenagemValor"
            defaultChecked={posted("homenagemValor") === "on"}
            className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
          />
          <span>
            Mostrar o valor no cartão
            <span className="block text-sm text-muted">Sem marcar, o cartão conta a doação sem dizer quanto.</span>
          </span>
        </label>
        {festa ? (
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              name="homenagemPublica"
              defaultChecked={posted("homenagemPublica") === "on"}
              className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
            />
            <span>
              Mostrar “em homenagem a …” na página da festa
              <span className="block text-sm text-muted">O nome aparece ao lado da sua doação na lista de contribuições.</span>
            </span>
          </label>
        ) : null}
      </div>
    </details>
  );
}
