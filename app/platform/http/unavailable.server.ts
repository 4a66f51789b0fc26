/** A self-contained page for when the database is down (no React, no DB). */
export function renderUnavailablePage() {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Voltamos já — Festa Solidária</title><meta http-equiv="refresh" content="10"></head>
<body style="font-family:system-ui,sans-serif;background:#fff8f1;color:#2a2340;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem">
<main style="max-width:32rem;text-align:center"><h1 style="color:#242766">Voltamos já</h1>
<p>Estamos com uma instabilidade momentânea e nenhuma informação foi perdida. Tente novamente em alguns instantes.</p>
<p><a href="/" style="color:#c9361f;font-weight:700">Tentar novamente</a></p></main></body></html>`;
}
