/**
 * Where outbox messages go: a real SMTP server when SMTP_URL is set; otherwise (outside
 * production) the local mailbox, where "sending" just marks the stored message delivered so it
 * shows as such on /dev/emails.
 */
import type { Config } from "~/platform/config.server";

type OutgoingEmail = { to: string; subject: string; html: string; text: string; headers?: Record<string, string> };

export interface MailTransport {
  kind: "smtp" | "mailbox";
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export async function createSmtpTransport(smtpUrl: string, from: string): Promise<MailTransport> {
  const nodemailer = await import("nodemailer");
  const transporter = nodemailer.default.createTransport({
    url: smtpUrl,
    // A hung mail server must fail the attempt (and be retried later), not block the worker.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: "smtp",
    async send(email) {
      await transporter.sendMail({ from, ...email });
    },
    close: () => transporter.close(),
  };
}

const mailboxTransport: MailTransport = {
  kind: "mailbox",
  async send() {},
  close() {},
};

/** The transport for this configuration, or null when mail cannot go anywhere yet. */
export async function transportFromConfig(config: Config): Promise<MailTransport | null> {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  // In production a message marked "sent" into a local mailbox nobody reads would be lost:
  // it waits in the outbox until SMTP_URL is configured.
  return config.isProduction ? null : mailboxTransport;
}
