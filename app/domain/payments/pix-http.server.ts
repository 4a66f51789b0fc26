/**
 * The API Pix's transport (pix-api.server.ts): HTTPS with our client certificate (mTLS), JSON in
 * and out, a 10 s limit. Tests pass their own `HttpRequest` instead.
 */
import fs from "node:fs";
import https from "node:https";
import type { PixApiConfig } from "~/platform/config.server";

export type HttpResult = { status: number; body: unknown };
export type HttpRequest = (method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<HttpResult>;

const TIMEOUT_MS = 10_000;

/** HTTPS with our client certificate; the files are read at the first call, not at start. */
export function mtlsTransport(config: PixApiConfig): HttpRequest {
  let agent: https.Agent | undefined;
  const getAgent = () => {
    if (agent) return agent;
    const cert = config.certificate;
    const ca = config.caPath ? fs.readFileSync(config.caPath) : undefined;
    agent =
      cert.kind === "pem"
        ? new https.Agent({ keepAlive: true, cert: fs.readFileSync(cert.certPath), key: fs.readFileSync(cert.keyPath), ca })
        : new https.Agent({ keepAlive: true, pfx: fs.readFileSync(cert.pfxPath), passphrase: cert.passphrase, ca });
    return agent;
  };
  return (method, url, headers, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = https.request(
        url,
        {
          method,
          agent: getAgent(),
          timeout: TIMEOUT_MS,
          headers: { accept: "application/json", ...(payload ? { "content-type": "application/json" } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, body: parseJson(text) });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("tempo esgotado")));
      req.on("error", reject);
      req.end(payload);
    });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
