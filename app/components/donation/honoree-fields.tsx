import { TextField } from "~/components/ui/field";

/**
 * "Doar em homenagem a alguém" (issue 29, item 3; decision 214): a closed <details> (no script
 * needed to open or send it), open again after a refused gift that used it, with what was typed.
 * Lean on purpose: /doar's script budget is nearly spent.
 */
export function HonoreeFields({
  posted,
  errors,
  festa,
}: {
  posted: (name: string) => string | undefined;
  errors: Record<string, string[] | undefined>;
  /** A party gift: only a party page lists gifts, so only then is the homage offered there. */
  festa: boolean;
}) {
  // Any use without a name is refused under the name, so the name or an error says it was used.
  const open = Boolean(posted("homenageado") || errors.homenageado || errors.homenageadoEmail);
  const boxes: Array<[string, string]> = [["homenagemValor", "Mostrar o valor no cartão"]];
  if (festa) boxes.push(["homenagemPublica", "Mostrar “em homenagem a …” na página da festa"]);
  return (
    <details open={open || undefined} className="rounded-xl border border-coral-100 bg-cream">
      <summary className="cursor-pointer p-4 font-extrabold text-indigo-800">
        Doar em homenagem a alguém
        <span className="block text-sm font-normal text-muted">Opcional: a pessoa recebe um cartão por e-mail.</span>
      </summary>
      <div className="space-y-4 px-4 pb-4">
        <TextField
          label="Nome de quem você homenageia"
          name="homenageado"
          maxLength={100}
          defaultValue={posted("homenageado")}
          error={errors.homenageado}
        />
        <TextField
          label="E-mail da pessoa (opcional)"
          name="homenageadoEmail"
          type="email"
          defaultValue={posted("homenageadoEmail")}
          hint="Só para enviar o cartão; depois o apagamos. Nunca aparece na festa."
          error={errors.homenageadoEmail}
        />
        {boxes.map(([name, label]) => (
          <label key={name} className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              name={name}
              defaultChecked={posted(name) === "on"}
              className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
            />
            {label}
          </label>
        ))}
      </div>
    </details>
  );
}
