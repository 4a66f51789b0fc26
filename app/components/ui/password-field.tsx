import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { FieldFrame, controlProps, useFieldIds, type FieldCommon } from "./field";
import { Input } from "./input";

/**
 * Every password box of the site: a text field whose "Mostrar senha" button shows what was typed,
 * for people who type on a phone or are unsure of a capital letter. A toggle button (aria-pressed)
 * with a fixed name, so a screen reader says "Mostrar senha, botão de alternância, pressionado"; reachable and
 * pressed by keyboard like any button. It never submits the form.
 */
export function PasswordField({ label, error, hint, className, id, ...props }: FieldCommon & Omit<React.ComponentProps<"input">, "type">) {
  const ids = useFieldIds(props.name, id);
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <Input
          {...controlProps(ids, error, hint)}
          type={shown ? "text" : "password"}
          // Shown text is still a password: no spelling fixes, no capital first letter.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="pr-12"
          {...props}
        />
        {/* Named by its (hidden) text, not aria-label: "label" lookups for the box stay unambiguous. */}
        <button
          type="button"
          aria-pressed={shown}
          aria-controls={ids.id}
          title={shown ? "Esconder senha" : "Mostrar senha"}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {shown ? <EyeOff size={20} strokeWidth={2} aria-hidden="true" /> : <Eye size={20} strokeWidth={2} aria-hidden="true" />}
          <span className="sr-only">Mostrar senha</span>
        </button>
      </div>
    </FieldFrame>
  );
}
