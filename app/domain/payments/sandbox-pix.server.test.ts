import { computeCRC } from "pix-utils/dist/main/crc";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { pixTxid } from "./pix-codes.server";
import { createSandboxPixCharge, SANDBOX_PIX_TXID_LENGTH, sandboxEndToEndId } from "./sandbox-pix.server";
import { createSandboxProvider } from "./sandbox.server";

const receiver = { merchantName: "Festa Solidária", merchantCity: "Belo Horizonte", pixKey: "pix@festasolidaria.org.br" };

describe("the sandbox's BR Codes", () => {
  it("parse as valid Pix with pix-utils: CRC16, amount, txid, receiver", () => {
    for (const amountCents of [500, 5000, 12345, 5_000_000]) {
      const txid = pixTxid("k".repeat(32), `gift-${amountCents}`, 0, SANDBOX_PIX_TXID_LENGTH);
      const charge = createSandboxPixCharge(
        { donationId: "d", txid, amountCents, expiresInSeconds: 1800, description: "Doação para Aniversário da Ana", now: new Date(0) },
        receiver,
      );
      const parsed = parsePix(charge.copyPaste);
      expect(hasError(parsed)).toBe(false);
      expect(parsed).toMatchObject({
        type: "STATIC",
        txid,
        transactionAmount: amountCents / 100,
        merchantName: "FESTA SOLIDARIA",
        merchantCity: "BELO HORIZONTE",
        pixKey: "pix@festasolidaria.org.br",
      });
      // The last four characters are the CRC16 of everything before them.
      expect(charge.copyPaste.slice(-4)).toBe(computeCRC(charge.copyPaste.slice(0, -4)));
      expect(charge.expiresAt.toISOString()).toBe("1970-01-01T00:30:00.000Z");
    }
  });

  it("a code with one character changed fails the CRC check", () => {
    const txid = pixTxid("k".repeat(32), "gift", 0, SANDBOX_PIX_TXID_LENGTH);
    const { copyPaste } = createSandboxPixCharge(
      { donationId: "d", txid, amountCents: 5000, expiresInSeconds: 60, description: "x" },
      receiver,
    );
    const tampered = copyPaste.replace("50.00", "10.00");
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it("txids are 25 letters and digits, stable per gift and attempt, different for the next attempt", () => {
    const a = pixTxid("k".repeat(32), "gift", 0, 25);
    expect(a).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(pixTxid("k".repeat(32), "gift", 0, 25)).toBe(a);
    expect(pixTxid("k".repeat(32), "gift", 1, 25)).not.toBe(a);
    expect(pixTxid("k".repeat(32), "gift", 0, 32)).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("the sandbox provider offers Pix; end-to-end ids have the SPI's shape", async () => {
    const provider = createSandboxProvider({ secret: "s".repeat(32), publicUrl: "http://localhost:3000" });
    expect(provider.pixTxidLength).toBe(25);
    const charge = await provider.createPixCharge!({
      donationId: "d",
      txid: "A".repeat(25),
      amountCents: 5000,
      expiresInSeconds: 60,
      description: "x",
    });
    expect(hasError(parsePix(charge.copyPaste))).toBe(false);
    expect(sandboxEndToEndId(new Date("2026-11-25T12:34:00Z"))).toMatch(/^E00000000202611251234[0-9a-f]{11}$/);
  });
});
