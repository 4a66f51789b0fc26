import { FieldError } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { PRESET_REAIS } from "~/domain/donations/donation-form";
import { cn } from "~/platform/ui/cn";

/**
 * Preset amounts as a native radio group styled as buttons (works without JavaScript) plus a
 * typed amount. With JavaScript, choosing one clears the other; without it, the server takes
 * the typed amount when both arrive.
 */
export function AmountPicker({
  preset,
  custom,
  onPresetChange,
  onCustomChange,
  error,
}: {
  preset: string;
  custom: string;
  onPresetChange: (value: string) => void;
  onCustomChange: (value: string) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? "campo-valor-erro" : undefined}>
      <legend className="mb-3 text-lg font-extrabold text-indigo-800">Escolha o valor</legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {PRESET_REAIS.map((reais) => (
          <label key={reais} className="relative block">
            <input
              type="radio"
              name="preset"
              value={String(reais)}
              checked={preset === String(reais)}
              onChange={(e) => onPresetChange(e.currentTarget.value)}
              className="peer sr-only"
              aria-invalid={error ? true : undefined}
            />
            <span
              className={cn(
                "flex h-14 cursor-pointer items-center justify-center rounded-xl border-2 border-coral-200 bg-white text-lg font-extrabold text-indigo-800 transition-colors select-none hover:border-coral-400",
                "peer-checked:border-coral-600 peer-checked:bg-coral-600 peer-checked:text-white",
                "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600",
              )}
            >
              R$ {reais}
            </span>
          </label>
        ))}
      </div>
      <div className="mt-4">
        <Label htmlFor="campo-valorPersonalizado">Outro valor</Label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 font-bold text-muted" aria-hidden="true">
            R$
          </span>
          <Input
            id="campo-valorPersonalizado"
            name="valorPersonalizado"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={custom}
            onChange={(e) => onCustomChange(e.currentTarget.value)}
            emphasis
            className="pl-11"
            aria-invalid={error ? true : undefined}
            aria-describedby="campo-valor-dica"
          />
        </div>
        <p id="campo-valor-dica" className="mt-1 text-sm text-muted">
          De R$ 5,00 a R$ 50.000,00.
        </p>
      </div>
      <FieldError id="campo-valor-erro" error={error} />
    </fieldset>
  );
}
