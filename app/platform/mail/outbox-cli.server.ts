/** `npm run outbox -- status | pause [MOTIVO] | resume` (scripts/outbox.ts). Output in pt-BR. */
import { outboxStatus, pauseOutbox, resumeOutbox } from "./outbox-pause.server";
import { countOf } from "~/platform/plural";

export const OUTBOX_CLI_USAGE = [
  "Uso: npm run outbox -- <comando>",
  "  status          mostra se o envio de e-mails está pausado e quantos esperam na fila",
  "  pause [MOTIVO]  pausa o envio em todas as instâncias (as mensagens ficam na fila)",
  "  resume          retoma o envio e aceita este banco como o de produção",
].join("\n");

type Io = { log: (line: string) => void; error: (line: string) => void };

export async function runOutboxCommand(args: string[], io: Io, location?: string): Promise<number> {
  const [command, ...rest] = args;
  if (command === "status") {
    const s = await outboxStatus(location);
    io.log(`Envio de e-mails: ${s.paused ? `PAUSADO (${s.reason})` : "ativo"}`);
    io.log(
      `Na fila: ${countOf(s.pending, { one: "pendente", other: "pendentes" })}${s.oldestPendingAt ? `, a mais antiga de ${s.oldestPendingAt}` : ""}; ${s.failed} com falha; ${countOf(s.sent, { one: "enviada", other: "enviadas" })}`,
    );
    if (s.identityChanged)
      io.log("Este banco é uma cópia restaurada: o próximo início do servidor pausará o envio (a menos que você rode `resume`).");
    return 0;
  }
  if (command === "pause") {
    await pauseOutbox(rest.join(" ").trim() || `pausado por um operador em ${new Date().toISOString()}`);
    io.log("Envio de e-mails PAUSADO. As mensagens ficam na fila até `npm run outbox -- resume`.");
    return 0;
  }
  if (command === "resume") {
    await resumeOutbox(location);
    io.log("Envio de e-mails retomado: as mensagens pendentes saem nos próximos segundos.");
    return 0;
  }
  io.error(OUTBOX_CLI_USAGE);
  return 2;
}
