/**
 * A real SMTP server in the test process (smtp-server), to prove mail leaves through the wire.
 * `stop()` / `start()` simulate an outage on the same port.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

export async function startTestSmtp() {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          messages.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  async function stop() {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  async function waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no matching e-mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(", ") || "none"})`);
  }

  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    start,
    stop,
    waitFor,
  };
}

/** Just enough MIME to read what nodemailer sends: headers, multipart/alternative, QP/base64. */
function parseMail(raw: string): Omit<ReceivedMail, "to" | "raw"> {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(headers.get("subject") ?? "");
  const type = headers.get("content-type") ?? "text/plain";
  const parts: Array<{ type: string; body: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = splitPart(chunk.replace(/^\r?\n/, ""));
      parts.push({ type: part.headers.get("content-type") ?? "text/plain", body: decodeBody(part.body, part.headers) });
    }
  } else {
    parts.push({ type, body: decodeBody(body, headers) });
  }
  return {
    subject,
    text: parts.find((p) => p.type.startsWith("text/plain"))?.body ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.body ?? "",
  };
}

function splitPart(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, headers: Map<string, string>) {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(input: string) {
  const joined = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
