/**
 * The ALTCHA widget, self-hosted: the `external` build (no inline workers or styles, so the CSP
 * needs no `blob:` or extra source), its PBKDF2 worker emitted by Vite as a same-origin file, the
 * pt-BR strings, and the challenge passed inline (no request to fetch it, none to any third party).
 * Loaded only when a challenge is asked for (ChallengeField), never with the page.
 */
import "altcha/external";
import "altcha/altcha.css";
import "altcha/i18n/pt-br";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { createElement } from "react";

type AltchaGlobal = { algorithms: { set(name: string, create: () => Worker): void } };
(globalThis as unknown as { $altcha: AltchaGlobal }).$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

export default function AltchaWidget({ challenge, name }: { challenge: unknown; name: string }) {
  // Solves as soon as it appears: the cost is the visitor's CPU for a moment, not a puzzle.
  return createElement("altcha-widget", { challenge: JSON.stringify(challenge), name, language: "pt-br", auto: "onload" });
}
