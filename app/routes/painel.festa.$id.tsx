import { PartyPopper, Pencil } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { Route } from "./+types/painel.festa.$id";
import { GuestList } from "~/components/party/guest-list";
import { ShareMoment } from "~/components/party/share-moment";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { setCreatorEmails } from "~/domain/parties/own-party.server";
import { countGuestContacts, listPartyGuestGifts, parseGuestPage } from "~/domain/parties/party-guests.server";
import { partyVisibility } from "~/domain/parties/party-status";
import { todayInSaoPaulo } from "~/platform/dates";
import { CREATOR_EMAIL_LABELS, CREATOR_EMAIL_MODES, type CreatorEmailMode } from "~/domain/parties/creator-emails";
import { Button } from "~/components/ui/button";
import { readFormData } from "~/platform/http/form-data.server";
import { editPagePath, guestsCsvPath } from "~/domain/parties/share-links";
import { PHOTO_MESSAGES } from "~/platform/images/photo-rules";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { pageMeta } from "~/platform/ui/meta";
import { CohostPanel } from "~/components/party/cohost-panel";
import { inviteCohost, listCohosts, revokeCohost } from "~/domain/parties/cohosts.server";
import { inviteCohostSchema, revokeCohostSchema } from "~/domain/parties/cohost-forms";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { SponsorPanel } from "~/components/party/sponsor-panel";
import { cancelPledgeInvite, createPledgeInvite, listPartyPledges, resendPledgeInvite } from "~/domain/matching/index.server";
import { hasOpenPledge, pledgeInviteActionSchema, pledgeInviteSchema } from "~/domain/matching/pledge-form";
import type { Mailer } from "~/platform/mail/outbox.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, party } = await requireOwnParty(request, params.id);
  const search = new URL(request.url).searchParams;
  // The host's guests (issue 29, item 6): a page of the paid gifts, the search, the CSV's size.
  // The owner or an accepted co-host (decision 217): both run this page; only the owner changes co-hosts.
  const [page, contacts, cohosts, pledges] = await Promise.all([
    listPartyGuestGifts(user.id, party.id, { page: parseGuestPage(search.get("pagina")), search: search.get("busca") ?? "" }),
    countGuestContacts(user.id, party.id),
    listCohosts(party.id),
    listPartyPledges(party.id),
  ]);
  const today = todayInSaoPaulo(context.clock.now());
  return {
    guests: {
      ...page,
      paidCount: party.paidCount,
      contacts,
      // The contacts' CSV is the owner's alone: the donors agreed to give them to "quem organiza" (decision 217).
      csvHref: party.role === "owner" ? guestsCsvPath(party.shareCode) : null,
      newsHref: `/painel/festas/${party.id}/agradecer`,
      ended: partyVisibility(party, today) === "ended",
    },
    // The matching sponsors (decision 219): the list for every host, the invitation for the owner.
    sponsors: { pledges, today, canInvite: partyVisibility(party, today) === "live" && !hasOpenPledge(pledges, context.clock.now()) },
    party: { name: party.name, shareCode: party.shareCode, shareLink: party.shareLink, causeName: party.causeName },
    creatorEmails: party.creatorEmails as CreatorEmailMode,
    role: party.role,
    cohosts: cohosts.map(({ id, email, status, name }) => ({ id, email, status, name })),
    qr: await qrCodeDataUrl(party.shareLink),
    created: search.get("nova") === "1",
    photoLater: search.get("foto") === "depois",
  };
}

const creatorEmailsSchema = z.object({ intent: z.literal("emails"), emails: z.enum(CREATOR_EMAIL_MODES) });

/**
 * The creator chooses how they hear of gifts: each one, a digest, or none (issue 31). The owner
 * invites and removes co-hosts (decision 217): a co-host asking for either gets the 404 of a party
 * that is not theirs (the services check the owner in their where again).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, party } = await requireOwnParty(request, params.id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "convidar-patrocinador" || intent === "cancelar-patrocinio" || intent === "reenviar-patrocinio") {
    if (party.role !== "owner") throw data("Festa não encontrada.", { status: 404 });
    const deps = { mailer: context.mailer, now: context.clock.now() };
    const answer = await sponsorIntent(form, user.id, party.id, deps);
    if ("result" in answer) return data({ sponsorResult: answer.result }, { status: 400 });
    return redirectWithToast(`/painel/festa/${party.shareCode}#patrocinio`, {
      type: answer.ok ? "success" : "error",
      title: answer.message,
    });
  }
  if (intent === "convidar-coanfitriao" || intent === "remover-coanfitriao") {
    if (party.role !== "owner") throw data("Festa não encontrada.", { status: 404 });
    const back = `/painel/festa/${party.shareCode}#coanfitrioes`;
    if (intent === "convidar-coanfitriao") {
      const submission = parseFormSubmission(form, inviteCohostSchema);
      if (submission.status !== "success") return data({ result: submission.reply() as FormResult }, { status: 400 });
      const sent = await inviteCohost(user.id, party.id, submission.value.email, { mailer: context.mailer, now: context.clock.now() });
      if (!sent.ok) return data({ result: submission.reply({ fieldErrors: { email: [sent.message] } }) as FormResult }, { status: 400 });
      return redirectWithToast(back, { type: "success", title: "Convite enviado", description: sent.message });
    }
    const parsed = revokeCohostSchema.safeParse(Object.fromEntries(form));
    const revoked = parsed.success ? await revokeCohost(user.id, party.id, parsed.data.cohostId, context.clock.now()) : null;
    if (!revoked?.ok) throw data("Co-anfitrião não encontrado.", { status: 404 });
    return redirectWithToast(back, { type: "success", title: revoked.message });
  }
  const parsed = creatorEmailsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ ok: false, message: "Escolha uma das opções." }, { status: 400 });
  if (!(await setCreatorEmails(user.id, party.id, parsed.data.emails))) throw data("Festa não encontrada.", { status: 404 });
  return { ok: true, message: "Preferência de e-mails salva." };
}

/** The owner's sponsor intents (decision 219): invite, cancel a waiting invitation, send it again. */
async function sponsorIntent(form: FormData, ownerId: string, partyId: string, deps: { mailer: Mailer; now: Date }) {
  if (form.get("intent") === "convidar-patrocinador") {
    const submission = parseFormSubmission(form, pledgeInviteSchema);
    if (submission.status !== "success") return { ok: false as const, result: submission.reply() as FormResult };
    const sent = await createPledgeInvite(ownerId, partyId, submission.value, deps);
    if (sent.ok) return sent;
    const reply = sent.field ? { fieldErrors: { [sent.field]: [sent.message] } } : { formErrors: [sent.message] };
    return { ok: false as const, result: submission.reply(reply) as FormResult };
  }
  const parsed = pledgeInviteActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Patrocínio não encontrado.", { status: 404 });
  const { intent, pledgeId } = parsed.data;
  const done =
    intent === "cancelar-patrocinio"
      ? await cancelPledgeInvite(ownerId, partyId, pledgeId)
      : await resendPledgeInvite(ownerId, partyId, pledgeId, deps);
  return done;
}

export const meta = () => pageMeta({ title: "Sua festa", description: "Compartilhe sua festa solidária e veja quem doou.", noindex: true });

/** A creator's party, ready to share (the moment after creating it, and at hand from /painel), and its guests. */
export default function SharePartyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { party, qr, created, photoLater, creatorEmails, guests, role, cohosts, sponsors } = loaderData;
  const emailsResult = actionData && "message" in actionData ? actionData : null;
  const cohostResult = actionData && "result" in actionData ? actionData.result : undefined;
  const sponsorResult = actionData && "sponsorResult" in actionData ? actionData.sponsorResult : undefined;
  const saving = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 [overflow-wrap:anywhere] md:py-14">
      {created ? (
        <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-coral-700 uppercase">
          <PartyPopper size={18} strokeWidth={2} aria-hidden="true" />
          Festa criada
        </p>
      ) : null}
      <h1 className="mt-1 text-3xl md:text-4xl">{created ? "Sua festa está no ar!" : "Compartilhe sua festa"}</h1>
      <p className="mt-2 text-lg text-ink/90">
        <strong>{party.name}</strong> já pode receber doações para {party.causeName}. Envie o link aos convidados.
      </p>
      {photoLater ? (
        <Alert title="Foto não enviada" className="mt-4">
          {PHOTO_MESSAGES.storageDown}
        </Alert>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-5 shadow-soft md:p-8">
        <ShareMoment party={party} qr={qr} />
      </div>
      <GuestList data={guests} />
      <Form method="post" className="mt-6 rounded-2xl bg-white p-5 shadow-soft md:p-8">
        <fieldset>
          <legend className="text-xl font-extrabold text-indigo-800">E-mails de doações</legend>
          <p className="mt-1 text-sm text-muted">Como você quer saber de cada contribuição para esta festa.</p>
          <input type="hidden" name="intent" value="emails" />
          <div className="mt-3 grid gap-2">
            {CREATOR_EMAIL_MODES.map((mode) => (
              <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-indigo-100 px-3 py-2">
                <input
                  type="radio"
                  name="emails"
                  value={mode}
                  defaultChecked={creatorEmails === mode}
                  className="size-4 accent-coral-600"
                />
                <span>{CREATOR_EMAIL_LABELS[mode]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {emailsResult ? (
          <p role="status" className={emailsResult.ok ? "mt-3 text-sm font-semibold text-paid" : "mt-3 text-sm font-semibold text-danger"}>
            {emailsResult.message}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="mt-4" loading={saving} loadingText="Salvando...">
          Salvar preferência
        </Button>
      </Form>
      <CohostPanel cohosts={cohosts} owner={role === "owner"} result={cohostResult} />
      <SponsorPanel {...sponsors} owner={role === "owner"} result={sponsorResult} />
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/festa/${party.shareCode}`} className={buttonVariants({ variant: "secondary" })}>
          Ver página da festa
        </Link>
        <Link to={editPagePath(party.shareCode)} className={buttonVariants({ variant: "ghost" })}>
          <Pencil size={18} strokeWidth={2} aria-hidden="true" />
          Editar festa
        </Link>
        <Link to="/painel" className={buttonVariants({ variant: "ghost" })}>
          Ir para o Painel
        </Link>
      </div>
    </div>
  );
}
