import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FileField } from "~/components/ui/file-field";
import { PHOTO_ACCEPT, PHOTO_RULE_TEXT, PHOTO_UPLOAD } from "~/platform/images/photo-rules";

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
          <FileField
            label="Foto do perfil"
            name="foto"
            accept={PHOTO_ACCEPT}
            rule={PHOTO_UPLOAD}
            required
            error={error}
            hint={`${PHOTO_RULE_TEXT}. Aparece ao lado de “Organizado por” nas suas festas.`}
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
