/**
 * The sandbox's Pix (docs/decisions/150-pix.md): a real BR Code — the EMV payload any bank app
 * reads, with the receiver's name and city, our key, the amount, the txid and its CRC16 — built
 * with pix-utils as a static code (its txid field holds up to 25 characters). No bank will ever
 * settle it: the "banco de testes" page (/sandbox/pix/:txid) pays it, and the result comes back
 * as a signed event through the sandbox webhook, like the card checkout's.
 */
import { randomBytes } from "node:crypto";
import { createStaticPix, hasError } from "pix-utils";
import { z } from "zod";
import { CheckoutError } from "./types";
import type { PixCharge, PixChargeRequest } from "./pix-types";

export const SANDBOX_PIX_EVENT = "pix.received";
export const SANDBOX_PIX_TXID_LENGTH = 25;

export const sandboxPixDataSchema = z.object({
  txid: z.string().min(1).max(35),
  endToEndId: z.string().min(1).max(64),
  amountCents: z.number().int().positive(),
  /** When the payer's bank says it paid (seconds). */
  paidAt: z.number().int().positive(),
});
export type SandboxPixData = z.infer<typeof sandboxPixDataSchema>;

/** BR Code fields are plain ASCII: no accents, at most 25 (name) / 15 (city) characters. */
const ascii = (text: string, max: number) =>
  text
    .normalize("NFD")
    .replace(/[^\x20-\x7E]/g, "")
    .toUpperCase()
    .slice(0, max);

export function createSandboxPixCharge(
  request: PixChargeRequest,
  receiver: { merchantName: string; merchantCity: string; pixKey: string },
): PixCharge {
  const code = createStaticPix({
    merchantName: ascii(receiver.merchantName, 25),
    merchantCity: ascii(receiver.merchantCity, 15),
    pixKey: receiver.pixKey,
    infoAdicional: ascii(request.description, 40),
    txid: request.txid,
    transactionAmount: request.amountCents / 100,
  });
  if (hasError(code)) throw new CheckoutError("Não foi possível gerar o código Pix de testes.");
  const now = request.now ?? new Date();
  return { txid: request.txid, copyPaste: code.toBRCode(), expiresAt: new Date(now.getTime() + request.expiresInSeconds * 1000) };
}

/** An end-to-end id in the SPI's shape: E + the payer bank's ISPB (ours: zeros) + yyyyMMddHHmm + 11 characters. */
export function sandboxEndToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, "").slice(0, 12);
  return `E00000000${stamp}${randomBytes(8).toString("hex").slice(0, 11)}`;
}

/** The event the sandbox's bank sends when a code is paid (delivered like every sandbox event). */
export function sandboxPixEvent(data: SandboxPixData, created: Date) {
  return {
    id: `evt_sbx_pix_${randomBytes(12).toString("hex")}`,
    type: SANDBOX_PIX_EVENT,
    created: Math.floor(created.getTime() / 1000),
    data: { pix: data },
  };
}
