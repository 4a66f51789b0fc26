import { lazy, Suspense, useEffect, useState } from "react";

// The widget is a web component: it loads in the browser only, and only when a challenge is due.
const AltchaWidget = lazy(() => import("./altcha-widget.client"));

/** The form field name the server reads (app/platform/abuse/challenge.server.ts CHALLENGE_FIELD). */
const CHALLENGE_FIELD = "altcha";

/**
 * The anti-robot check shown after too many failed attempts from one place: a proof-of-work the
 * browser solves by itself in about a second. Without JavaScript it cannot be solved, and says so.
 */
export function ChallengeField({ challenge }: { challenge: { signature?: string } | null | undefined }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!challenge) return null;
  return (
    <div className="space-y-2 rounded-xl border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-900">
      <p>Por segurança, confirme que você não é um robô. A verificação acontece sozinha em alguns segundos.</p>
      {mounted ? (
        <Suspense fallback={<p className="text-muted">Carregando a verificação…</p>}>
          <AltchaWidget key={challenge.signature} challenge={challenge} name={CHALLENGE_FIELD} />
        </Suspense>
      ) : (
        <noscript>
          <p className="font-bold">Ative o JavaScript do navegador para concluir a verificação e continuar.</p>
        </noscript>
      )}
    </div>
  );
}
