import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT } from "~/platform/images/photo-rules";

/** /conta's profile photo: the current picture, an upload (checked by content on the server) and a way to remove it. */
export function ProfilePhoto({
  avatarUrl,
  hasPhoto,
  error,
  busy,
}: {
  avatarUrl: string;
  hasPhoto: boolean;
  error?: string;
  busy: boolean;
}) {
  return (
    <div className="mt-6 grid gap-4 border-t border-coral-100 pt-5 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={avatarUrl}
        alt="Sua foto de perfil"
        width={96}
        height={96}
        className="size-24 rounded-full object-cover ring-2 ring-coral-100"
      />
      <div className="grid gap-3">
        <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="foto" />
          <TextField
            label="Foto do perfil"
            name="foto"
            type="file"
            accept={PHOTO_ACCEPT}
            required
            error={error}
            hint={`JPEG, PNG ou WebP de até ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Aparece ao lado de “Organizado por” nas suas festas.`}
            className="[&_input]:h-auto [&_input]:py-2"
          />
          <Button type="submit" variant="secondary" loading={busy} loadingText="Enviando...">
            Enviar foto
          </Button>
        </Form>
        {hasPhoto ? (
          <Form method="post">
            <input type="hidden" name="intent" value="foto" />
            <input type="hidden" name="remover" value="sim" />
            <Button type="submit" variant="ghost" size="sm">
              Remover foto
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
