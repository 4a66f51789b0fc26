/**
 * The page for a request body over the limit, as a page (pt-BR) rather than a bare status. nginx
 * answers its own 413 (client_max_body_size) with this page: `error_page 413` sends the visitor
 * here through the app (docs/deploy/nginx.conf), so the message is ours and in Portuguese.
 */
import type { RequestHandler } from "express";
import { MAX_PROOF_MB } from "~/domain/payouts/proof-rules";
import { MAX_DOCUMENT_MB } from "~/domain/organizations/application";
import { MAX_PHOTO_BYTES } from "~/platform/images/photo-rules";

/** Where nginx's error_page 413 points (GET, no body). */
export const TOO_LARGE_PATH = "/erro/envio-grande-demais";

function renderTooLargePage(): string {
  const photoMb = Math.round(MAX_PHOTO_BYTES / (1024 * 1024));
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Arquivo grande demais — Festa Solidária</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,sans-serif;background:#fff8f1;color:#2a2340;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem">
<main style="max-width:32rem;text-align:center"><h1 style="color:#242766">Arquivo grande demais</h1>
<p>O envio passou do tamanho que aceitamos, e nada foi salvo. Fotos podem ter até ${photoMb} MB, comprovantes de repasse até ${MAX_PROOF_MB} MB e cada documento do cadastro de ONG até ${MAX_DOCUMENT_MB} MB.</p>
<p>Volte à página anterior e escolha um arquivo menor.</p>
<p><a href="/" style="color:#c9361f;font-weight:700">Ir para o início</a></p></main></body></html>`;
}

/** GET: answers 413 with the page (never cached: it stands for one failed upload). */
export const tooLargeEndpoint: RequestHandler = (_req, res) => {
  res.status(413).setHeader("Cache-Control", "no-store");
  res.type("html").send(renderTooLargePage());
};
