import { CalendarCheck, ExternalLink, MessageCircle, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { TextareaField, TextField } from "~/components/ui/field";
import { MURAL_NAME_MAX, VISIT_PEOPLE_MAX } from "~/domain/subscriptions/benefit-forms";
import type { SubscriberBenefits as Benefits } from "~/domain/subscriptions/benefits-account.server";

type Reply =
  { intent: string | null; ok: boolean; message?: string; errors?: Record<string, string>; values?: Record<string, string> } | undefined;

const linkClass = "font-bold text-coral-700 underline underline-offset-2 hover:text-coral-600";

/** /conta's "Seus benefícios": each benefit of the active plan, usable right here. */
export function SubscriberBenefits({ benefits, reply, busy }: { benefits: Benefits; reply: Reply; busy: (intent: string) => boolean }) {
  const errors = (intent: string) => (reply && reply.intent === intent ? (reply.errors ?? {}) : {});
  const typed = (intent: string, name: string) => (reply && reply.intent === intent && !reply.ok ? reply.values?.[name] : undefined);
  const done = (intent: string) =>
    reply && reply.intent === intent && reply.ok && reply.message ? <Alert tone="success" title={reply.message} className="mb-4" /> : null;
  return (
    <div className="grid gap-8">
      {benefits.whatsappGroupUrl ? (
        <Benefit icon={MessageCircle} title="Grupo exclusivo de assinantes no WhatsApp">
          <p className="text-sm text-muted">Novidades das causas, bastidores e conversa com outros Assinantes do Bem.</p>
          <a
            href={benefits.whatsappGroupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-3" })}
          >
            <ExternalLink size={16} aria-hidden="true" /> Entrar no grupo
          </a>
        </Benefit>
      ) : null}

      <Benefit icon={Users} title="Mural de apoiadores">
        {benefits.mural.included ? (
          <>
            {done("mural")}
            <p className="text-sm text-muted">
              Só aparece quem escolhe aparecer. Mostramos o nome abaixo (ou “{benefits.mural.defaultName}”, se ficar em branco), nunca o seu
              e-mail. Você pode sair do mural quando quiser.{" "}
              <Link to="/assine-o-bem/mural" className={linkClass}>
                Ver o mural
              </Link>
            </p>
            <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="mural" />
              <div className="grid gap-3">
                <label className="flex items-start gap-3 text-sm font-semibold">
                  <input
                    type="checkbox"
                    name="mostrar"
                    value="sim"
                    defaultChecked={benefits.mural.optedIn}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
                  />
                  Mostrar meu nome no mural de apoiadores
                </label>
                <TextField
                  label="Nome no mural"
                  name="nomeMural"
                  maxLength={MURAL_NAME_MAX}
                  defaultValue={typed("mural", "nomeMural") ?? benefits.mural.displayName}
                  placeholder={benefits.mural.defaultName}
                  hint="Opcional: um apelido ou o nome da família, por exemplo."
                  error={errors("mural").nomeMural ?? errors("mural").mostrar}
                />
              </div>
              <Button type="submit" variant="secondary" loading={busy("mural")} loadingText="Salvando..." className="sm:mb-7">
                Salvar preferência
              </Button>
            </Form>
          </>
        ) : (
          <p className="text-sm text-muted">
            O nome no mural faz parte dos planos {benefits.mural.plans}. Seu plano entra na contagem do{" "}
            <Link to="/assine-o-bem/mural" className={linkClass}>
              ranking dos Assinantes do Bem
            </Link>
            .
          </p>
        )}
      </Benefit>

      {benefits.visit.included ? (
        <Benefit icon={CalendarCheck} title="Visita guiada à instituição apoiada">
          {done("visita")}
          <p className="text-sm text-muted">
            Conheça de perto o trabalho {benefits.institutionName ? <>de {benefits.institutionName}</> : "da instituição apoiada"}. Enviamos
            o pedido, com o seu nome e e-mail, para a instituição, que responde por e-mail para combinar a data.
          </p>
          {/* Remounted empty once the request is sent. */}
          <Form
            key={reply?.intent === "visita" && reply.ok ? "enviado" : "novo"}
            method="post"
            className="mt-3 grid gap-4 sm:grid-cols-[1fr_10rem]"
          >
            <input type="hidden" name="intent" value="visita" />
            <TextField
              label="Datas de preferência"
              name="datas"
              required
              maxLength={200}
              hint="Ex.: sábados de dezembro, pela manhã"
              defaultValue={typed("visita", "datas")}
              error={errors("visita").datas}
            />
            <TextField
              label="Quantas pessoas"
              name="pessoas"
              type="number"
              inputMode="numeric"
              min={1}
              max={VISIT_PEOPLE_MAX}
              defaultValue={typed("visita", "pessoas") ?? "1"}
              required
              error={errors("visita").pessoas}
            />
            <TextareaField
              label="Mensagem (opcional)"
              name="mensagem"
              rows={3}
              maxLength={1000}
              className="sm:col-span-2"
              defaultValue={typed("visita", "mensagem")}
              error={errors("visita").mensagem}
            />
            <div>
              <Button type="submit" variant="secondary" loading={busy("visita")} loadingText="Enviando...">
                Pedir visita
              </Button>
            </div>
          </Form>
          {benefits.visit.requests.length > 0 ? (
            <ul className="mt-4 space-y-1 text-sm text-muted">
              {benefits.visit.requests.map((r) => (
                <li key={r.id}>
                  Pedido enviado em {r.date}: {r.preferredDates} · {r.people === 1 ? "1 pessoa" : `${r.people} pessoas`}
                </li>
              ))}
            </ul>
          ) : null}
        </Benefit>
      ) : null}
    </div>
  );
}

function Benefit({ icon: Icon, title, children }: { icon: typeof Users; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        <Icon size={20} strokeWidth={2} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-extrabold text-indigo-800">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
