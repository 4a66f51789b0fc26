/**
 * A party's goal (meta): optional; when given, between R$ 50 and R$ 10.000.000, each bound with its
 * own message. One rule for the creation form, the host's edit and the admin's edit.
 */
import { parseReaisToCents } from "~/platform/money";

const MIN_GOAL_CENTS = 5_000; // R$ 50,00
const MAX_GOAL_CENTS = 1_000_000_000; // R$ 10.000.000,00

export const GOAL_MESSAGES = {
  negative: "A meta não pode ser negativa.",
  format: "Informe a meta em reais, por exemplo 1.500,00.",
  tooSmall: "A meta precisa ser de pelo menos R$ 50,00.",
  tooBig: "A meta pode ser de no máximo R$ 10.000.000,00.",
} as const;

export type GoalResult = { ok: true; cents: number } | { ok: false; message: string };

/** "1.500,00" → 150000 centavos; empty or zero → 0 (no goal). */
export function parseGoal(raw: string | null | undefined): GoalResult {
  const text = raw?.trim() ?? "";
  if (!text) return { ok: true, cents: 0 };
  if (text.startsWith("-")) return { ok: false, message: GOAL_MESSAGES.negative };
  const cents = parseReaisToCents(text);
  if (cents === null) {
    // A long run of digits is a number too big to be a goal (past what a number can hold
    // exactly), not a typing slip: say what the limit is.
    const whole = (text.replace(/^R\$\s*/i, "").split(",")[0] ?? "").replace(/[.\s]/g, "");
    return { ok: false, message: /^\d{9,}$/.test(whole) ? GOAL_MESSAGES.tooBig : GOAL_MESSAGES.format };
  }
  if (cents === 0) return { ok: true, cents: 0 };
  if (cents < MIN_GOAL_CENTS) return { ok: false, message: GOAL_MESSAGES.tooSmall };
  if (cents > MAX_GOAL_CENTS) return { ok: false, message: GOAL_MESSAGES.tooBig };
  return { ok: true, cents };
}
