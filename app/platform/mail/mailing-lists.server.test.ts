import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { createElement } from "react";
import { startTestSmtp } from "@tests/smtp";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { drainOutbox } from "./email-worker.server";
import { enqueueListEmail, readUnsubscribeToken } from "./mailing-lists.server";
import { createSmtpTransport } from "./mailer.server";
import { outboxMailer } from "./outbox.server";
import { renderEmail } from "./render.server";

describe("list e-mail on the wire", () => {
  it("carries List-Unsubscribe (the signed link) and List-Unsubscribe-Post: One-Click (RFC 8058)", async () => {
    const smtp = await startTestSmtp();
    try {
      await db.transaction((tx) =>
        enqueueListEmail(
          outboxMailer,
          tx,
          { to: "Ana@Exemplo.com.br", list: "relatorio-mensal", publicUrl: "https://festa.example", dedupeKey: "t:1" },
          (link) => renderEmail("monthly-impact", "Relatório", createElement("p", null, `Descadastrar: ${link}`), `Descadastrar: ${link}`),
        ),
      );
      const transport = await createSmtpTransport(smtp.url, "Festa Solidária <nao-responda@festa.example>");
      await drainOutbox(transport);
      transport.close();
      const mail = await smtp.waitFor((m) => m.subject === "Relatório");
      const header = /^List-Unsubscribe:\s+<([^>]+)>/im.exec(mail.raw)?.[1];
      expect(header).toMatch(/^https:\/\/festa\.example\/descadastrar\?t=/);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      const token = new URL(header!).searchParams.get("t");
      expect(readUnsubscribeToken(token)).toEqual({ ok: true, email: "ana@exemplo.com.br", list: "relatorio-mensal" });
      expect(mail.text).toContain(header!);
    } finally {
      await smtp.stop();
    }
  });
});
