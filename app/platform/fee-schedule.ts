/**
 * A PSP's fee schedule as the configuration writes it: a percent of the payment, a fixed amount in
 * reais, or both — "3.99%+0.39", "1.19%", "0.39", "0" (decision 206). What the sandbox simulates,
 * and the tariff of a Pix PSP whose API does not report its fee per payment.
 */
import { z } from "zod";

export type FeeSchedule = { percent: number; fixedCents: number };

const SCHEDULE = /^\s*(?:(\d{1,2}(?:[.,]\d{1,4})?)\s*%)?\s*(?:\+?\s*(\d{1,4}(?:[.,]\d{1,2})?))?\s*$/;

/** null when `text` is not a schedule (the configuration refuses it). */
export function parseFeeSchedule(text: string): FeeSchedule | null {
  const match = SCHEDULE.exec(text);
  if (!match || (!match[1] && !match[2])) return null;
  const decimal = (value: string | undefined) => Number((value ?? "0").replace(",", "."));
  return { percent: decimal(match[1]), fixedCents: Math.round(decimal(match[2]) * 100) };
}

/** The configuration's field: a schedule, refused with a pt-BR message otherwise. */
export const feeScheduleField = z.string().transform((text, ctx) => {
  const schedule = parseFeeSchedule(text);
  if (!schedule) {
    ctx.addIssue({ code: "custom", message: 'deve ser uma taxa como "3.99%+0.39", "1.19%" ou "0"' });
    return z.NEVER;
  }
  return schedule;
});

/** The PSP's fee on a payment of `amountCents`: the percent rounded half up, plus the fixed part; never more than the payment. */
export function providerFeeOf(schedule: FeeSchedule, amountCents: number): number {
  return Math.min(amountCents, Math.round((amountCents * schedule.percent) / 100) + schedule.fixedCents);
}

/** The sandbox's simulated fees unless configured: a typical Brazilian card rate, and Pix free as many PSPs offer it. */
export const DEFAULT_SANDBOX_FEES = {
  card: { percent: 3.99, fixedCents: 39 },
  pix: { percent: 0, fixedCents: 0 },
} as const satisfies Record<string, FeeSchedule>;
