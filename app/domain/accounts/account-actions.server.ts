/**
 * /conta's own forms (name, photo, password, e-mail, deletion): each parsed by the one schema the
 * browser uses, answered with what the page shows. Plain results: the route turns them into HTTP
 * (its status, the session cookies to set, or the redirect after a deletion).
 */
import type { Config } from "~/platform/config.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { Payments } from "~/domain/payments/index.server";
import { isFilePart, processPhoto, storePhoto } from "~/platform/images/photos.server";
import { firstErrors, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { accountActionSchema } from "./account-forms";
import {
  changeAccountPassword,
  clearedSessionCookies,
  deleteAccount,
  requestEmailChange,
  updateAccountName,
  updateAccountPhoto,
} from "./account.server";
import type { SessionUser } from "./guards.server";

export type AccountIntent = "nome" | "senha" | "email" | "excluir" | "foto";

/** What the page shows after a form: its intent, whether it worked, the message or the field errors. */
export type AccountActionData<I extends string = AccountIntent> = {
  intent: I | null;
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

export type AccountActionResult =
  | { kind: "reply"; status: number; body: AccountActionData; setCookies?: string[] }
  /** The account is gone: the route signs the browser out and leaves for the home page. */
  | { kind: "deleted"; setCookies: string[] };

type Deps = { mailer: Mailer; config: Config; payments: Pick<Payments, "byName">; now: Date; ip: string; sessionId: string | null };

const reply = (body: AccountActionData, status = 200): AccountActionResult => ({ kind: "reply", status, body });

export async function runAccountAction(request: Request, form: FormData, session: SessionUser, deps: Deps): Promise<AccountActionResult> {
  const submission = parseFormSubmission(form, accountActionSchema);
  const posted = String(form.get("intent") ?? "");
  const intent = (["nome", "senha", "email", "excluir", "foto"].includes(posted) ? posted : null) as AccountIntent | null;
  if (submission.status !== "success") return reply({ intent, ok: false, errors: firstErrors(submission.reply() as FormResult) }, 400);
  const value = submission.value;
  const ip = deps.ip;

  switch (value.intent) {
    case "nome":
      await updateAccountName(session.id, value.name);
      return reply({ intent: "nome", ok: true, message: "Nome atualizado." });
    case "foto": {
      if (value.remover) {
        await updateAccountPhoto(session.id, null);
        return reply({ intent: "foto", ok: true, message: "Foto removida." });
      }
      const upload = form.get("foto");
      if (!isFilePart(upload)) return reply({ intent: "foto", ok: false, errors: { foto: "Escolha uma foto." } }, 400);
      // Checked by its content; a refused file stores nothing.
      const checked = await processPhoto(upload, "perfil");
      if (!checked.ok) return reply({ intent: "foto", ok: false, errors: { foto: checked.message } }, 400);
      if (!(await storePhoto(checked.photo)))
        return reply(
          { intent: "foto", ok: false, errors: { foto: "Não conseguimos guardar a foto agora. Tente de novo em alguns minutos." } },
          503,
        );
      await updateAccountPhoto(session.id, checked.photo.id);
      return reply({ intent: "foto", ok: true, message: "Foto atualizada." });
    }
    case "senha": {
      const result = await changeAccountPassword({
        request,
        ip,
        userId: session.id,
        currentPassword: value.currentPassword,
        newPassword: value.newPassword,
        mailer: deps.mailer,
      });
      if (!result.ok) {
        const message = result.error === "throttled" ? "Muitas tentativas. Aguarde alguns minutos." : "A senha atual não confere.";
        return reply({ intent: "senha", ok: false, errors: { currentPassword: message } }, result.error === "throttled" ? 429 : 400);
      }
      return {
        kind: "reply",
        status: 200,
        body: {
          intent: "senha",
          ok: true,
          message: "Senha alterada. Encerramos as outras sessões abertas e enviamos um aviso para o seu e-mail.",
        },
        setCookies: result.setCookies,
      };
    }
    case "email": {
      const result = await requestEmailChange(
        {
          userId: session.id,
          name: session.name,
          currentEmail: session.email,
          newEmail: value.email,
          currentPassword: value.currentPassword,
          sessionId: deps.sessionId,
          now: deps.now,
        },
        deps,
      );
      if (!result.ok) {
        if (result.error === "wrong-password")
          return reply({ intent: "email", ok: false, errors: { currentPassword: "A senha atual não confere." } }, 400);
        const message = result.error === "same" ? "Este já é o e-mail da sua conta." : "Muitos pedidos seguidos. Tente de novo mais tarde.";
        return reply({ intent: "email", ok: false, errors: { email: message } }, result.error === "throttled" ? 429 : 400);
      }
      return reply({
        intent: "email",
        ok: true,
        message: `Enviamos um link para ${value.email}. O e-mail da conta muda quando você abrir o link (vale por 24 horas).`,
      });
    }
    case "excluir": {
      const result = await deleteAccount({ userId: session.id, password: value.password, now: deps.now }, deps);
      if (!result.ok) {
        const message =
          result.error === "wrong-password"
            ? "Senha incorreta. Nada foi excluído."
            : result.error === "throttled"
              ? "Muitas tentativas. Aguarde alguns minutos."
              : `Não conseguimos cancelar sua assinatura agora${result.message ? ` (${result.message})` : ""}. Nada foi excluído; tente de novo mais tarde.`;
        return reply({ intent: "excluir", ok: false, errors: { password: message } }, result.error === "throttled" ? 429 : 400);
      }
      return { kind: "deleted", setCookies: clearedSessionCookies(deps.config) };
    }
  }
}
