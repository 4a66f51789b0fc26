import { data } from "react-router";

/**
 * The posted form. A body that is not a form (JSON, plain text, a broken multipart, none at all)
 * is the client's mistake: it gets 400, not the 500 of an unhandled TypeError. NUL characters are
 * dropped: PostgreSQL text cannot hold them (the insert would fail) and nobody types one.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: "Formulário inválido." }, { status: 400 });
  }
  return withoutNulCharacters(form);
}

export function withoutNulCharacters(form: FormData): FormData {
  let dirty = false;
  for (const [key, value] of form) {
    if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      dirty = true;
      break;
    }
  }
  if (!dirty) return form;
  const clean = new FormData();
  for (const [key, value] of form) clean.append(key.replaceAll("\0", ""), typeof value === "string" ? value.replaceAll("\0", "") : value);
  return clean;
}
