import { HandCoins } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { Route } from "./+types/patrocinio.confirmar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { answerPledgeInvite, readPledgeInvite } from "~/domain/matching/index.server";
import { getConfig } from "~/platform/config.server";
import { privatePageHeaders } from "~/platform/http/cache-headers";
import { readFormData } from "~/platform/http/form-data.server";
import { forgetLinkToken, linkToken } from "~/platform/http/link-token.server";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Pedido de patrocínio", description: "Confirme ou recuse o patrocínio de uma festa solidária.", noindex: true });

// One sponsor's page, reached through a token.
export const headers = privatePageHeaders;

const NO_LINK = "Abra o pedido pelo link do e-mail que você recebeu. Se você já respondeu, não há mais nada a fazer aqui.";

/**
 * The signed link a host's invitation e-mailed to a sponsor (decision 219). Opening it only SHOWS
 * who asks and the terms (mail scanners open links); a button posts the token and the answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request, "t");
  // No link at all: opened by hand, or after answering (the link's cookie is gone then).
  if (!token) return data({ view: "bad-link" as const, message: NO_LINK }, { status: 400 });
  const read = await readPledgeInvite(token, context.clock.now());
  if (!read.ok) return data({ view: "bad-link" as const, message: read.message }, { status: 400 });
  const { pledgeId: _id, ...invite } = read.invite;
  return { view: "ask" as const, token: token!, invite: { ...invite, cap: formatCents(invite.capCents) } };
}

const answerSchema = z.object({ t: z.string().check(z.minLength(1), z.maxLength(2000)), resposta: z.enum(["confirmar", "recusar"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = answerSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ ok: false as const, message: "Escolha confirmar ou recusar o patrocínio." }, { status: 400 });
  const answer = await answerPledgeInvite(parsed.data.t, parsed.data.resposta, { mailer: context.mailer, now: context.clock.now() });
  if (!answer.ok) return data({ ok: false as const, message: answer.message }, { status: 409 });
  // The link has done its work: the cookie that carried it goes too.
  const headers = new Headers();
  for (const cookie of forgetLinkToken("/patrocinio/confirmar", getConfig().isProduction)) headers.append("Set-Cookie", cookie);
  return data({ ok: true as const, message: answer.message, partyCode: answer.partyCode, confirmed: answer.confirmed }, { headers });
}

export default function SponsorConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answering = navigation.state === "submitting" ? navigation.formData?.get("resposta") : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 [overflow-wrap:anywhere] md:py-14">
      <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-coral-700 uppercase">
        <HandCoins size={18} strokeWidth={2} aria-hidden="true" />
        Patrocínio em dobro
      </p>
      <h1 className="mt-1 text-3xl md:text-4xl">Pedido de patrocínio</h1>
      {/* The answer first: after it the link's cookie is gone, so the page's data reads "invalid". */}
      {actionData?.ok ? (
        <Alert tone="success" title={actionData.confirmed ? "Patrocínio confirmado!" : "Pedido recusado"} className="mt-6">
          <p>{actionData.message}</p>
          {actionData.confirmed ? (
            <p className="mt-2">
              <Link to={`/festa/${actionData.partyCode}`} className="font-bold underline">
                Ver a festa
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : loaderData.view === "bad-link" ? (
        <Alert tone="danger" title="Este link não funciona mais" className="mt-6">
          {actionData?.message ?? loaderData.message}
        </Alert>
      ) : (
        <>
          {actionData ? (
            <Alert tone="danger" title="Não foi possível" className="mt-6">
              {actionData.message}
            </Alert>
          ) : null}
          <Card className="mt-6 p-5 md:p-6">
            <p>
              <strong>{loaderData.invite.hostFirstName}</strong> organiza a festa solidária <strong>{loaderData.invite.partyName}</strong>,
              em prol de <strong>{loaderData.invite.institution}</strong>, e pede o patrocínio de{" "}
              <strong>{loaderData.invite.sponsorName}</strong>:
            </p>
            <p className="mt-4 rounded-xl bg-coral-50 p-4 text-xl font-extrabold text-indigo-800">{loaderData.invite.headline}</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted">Teto</dt>
              <dd className="font-bold">{loaderData.invite.cap}</dd>
              <dt className="text-muted">Doações pagas até</dt>
              <dd className="font-bold">{loaderData.invite.deadline}</dd>
            </dl>
            <p className="mt-4">
              Cada doação paga até a data final soma o valor prometido, até o teto. Quando o patrocínio terminar, você paga o valor
              prometido por Pix ou cartão, e o dinheiro vai para {loaderData.invite.institutionName}.
            </p>
            <Form method="post" className="mt-6 flex flex-wrap gap-3">
              <input type="hidden" name="t" value={loaderData.token} />
              <Button type="submit" name="resposta" value="confirmar" loading={answering === "confirmar"} loadingText="Confirmando...">
                Confirmar patrocínio
              </Button>
              <Button
                type="submit"
                name="resposta"
                value="recusar"
                variant="secondary"
                loading={answering === "recusar"}
                loadingText="Recusando..."
              >
                Recusar
              </Button>
            </Form>
          </Card>
        </>
      )}
      <Link to="/" className={buttonVariants({ variant: "ghost", className: "mt-6" })}>
        Ir para a página inicial
      </Link>
    </div>
  );
}
