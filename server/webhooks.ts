/**
 * The providers' webhooks (POST /api/webhooks/sandbox|stripe|pix), answered ahead of the page
 * pipeline: no compression wrapper, request log child logger, nonce, security headers or React
 * Router request, none of which a signed server-to-server POST uses (issue 19, item 4). What a
 * webhook needs is kept: the body cap (read here, refused past 512 KB), the 503 while the database
 * is known to be down, the request-duration metric under the route's label, and an error log. The
 * signature check and everything else stay in handleWebhook, as the routes call it.
 */
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import { handleWebhook, type WebhookDeps, type WebhookRequest } from "~/domain/donations/webhook.server";
import type { ProviderName } from "~/domain/payments";
import { bufferedBody, limitRequestBodies } from "~/platform/http/body-limit.server";
import { refuseMalformedRequests } from "~/platform/http/request-target.server";
import { httpRequestDuration } from "~/platform/metrics.server";
import { bodyLimitFor } from "~/request-limits.server";

const PROVIDERS: readonly ProviderName[] = ["sandbox", "stripe", "pix"];
const utf8 = new TextDecoder();

export function webhookFastPath({ deps, log, databaseIsDown }: { deps: WebhookDeps; log: Logger; databaseIsDown: () => boolean }) {
  const router = express.Router();
  const answer =
    (name: ProviderName): RequestHandler =>
    (req, res) => {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        httpRequestDuration.observe({ method: "POST", route: `routes/api.webhooks.${name}`, status: String(res.statusCode) }, seconds);
      });
      if (databaseIsDown()) {
        res.status(503).setHeader("Retry-After", "5");
        res.json({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
        return;
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(key, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      }
      // What handleWebhook reads, without a web Request: building one (its body as a web stream,
      // an AbortSignal) was ~10 % of the server's CPU per paid event.
      const body = bufferedBody(res);
      const request: WebhookRequest = {
        method: "POST",
        headers,
        url: `http://${req.headers.host ?? "localhost"}${req.originalUrl}`,
        // As Request.text() decodes: UTF-8, a leading byte-order mark dropped.
        text: async () => utf8.decode(body ?? new Uint8Array()),
      };
      handleWebhook(name, request, deps)
        .then(async (response) => {
          res.status(response.status);
          response.headers.forEach((value, key) => res.setHeader(key, value));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          log.error({ err: error, provider: name, path: req.path }, "webhook failed");
          if (!res.headersSent) res.status(500).json({ error: "erro interno" });
          else res.end();
        });
    };
  for (const provider of PROVIDERS) {
    // The Pix route also answers at …/pix/pix (routes/api.webhooks.pix/pix: React Router's, unchanged).
    router.post(
      `/api/webhooks/${provider}`,
      refuseMalformedRequests(),
      limitRequestBodies({ log, limitFor: bodyLimitFor }),
      answer(provider),
    );
  }
  return router;
}
