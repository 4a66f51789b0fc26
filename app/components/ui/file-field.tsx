import { useEffect, useRef, useState } from "react";
import { uploadRefusal, type UploadRule } from "~/platform/storage/upload-check";
import { FieldFrame, controlProps, useFieldIds, type FieldCommon } from "./field";
import { Input } from "./input";

/**
 * Every file input of the site. The moment a file is picked it is checked in the browser with the
 * server's own rule (size, then kind by its first bytes): a refused file gets its pt-BR message on
 * the field at once, and the form will not send it — nothing else typed is touched. "Remover
 * arquivo" lets the visitor go on without one. The server checks again regardless.
 */
export function FileField({
  label,
  error,
  hint,
  className,
  id,
  rule,
  ...props
}: FieldCommon & { rule: UploadRule } & Omit<React.ComponentProps<"input">, "type">) {
  const ids = useFieldIds(props.name, id);
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [picked, setPicked] = useState(false);
  const refusedNow = useRef<string | null>(null);
  refusedNow.current = refused;

  // A refused file never leaves: the submit stops here, before the form's own handler sees it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const hold = (event: SubmitEvent) => {
      if (!refusedNow.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      input.current?.focus();
    };
    form.addEventListener("submit", hold, true);
    return () => form.removeEventListener("submit", hold, true);
  }, []);

  async function check(event: React.ChangeEvent<HTMLInputElement>) {
    props.onChange?.(event);
    const file = event.currentTarget.files?.[0];
    setPicked(true);
    setRefused(file ? await uploadRefusal(file, rule) : null);
  }

  function remove() {
    if (input.current) input.current.value = "";
    setRefused(null);
    input.current?.focus();
  }

  // A server message is about the file sent before; a newly picked one answers for itself.
  const shown = refused ?? (picked ? null : error);
  return (
    <FieldFrame
      ids={ids}
      label={label}
      error={shown}
      hint={hint}
      className={className}
      after={
        refused ? (
          <button type="button" onClick={remove} className="mt-1 text-sm font-bold text-indigo-700 underline underline-offset-2">
            Remover arquivo
          </button>
        ) : null
      }
    >
      <Input ref={input} {...controlProps(ids, shown, hint)} type="file" className="h-auto py-2 text-sm" {...props} onChange={check} />
    </FieldFrame>
  );
}
