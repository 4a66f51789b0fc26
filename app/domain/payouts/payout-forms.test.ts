import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value, TEST_UUID as UUID } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { payoutTransferSchema } from "./payout-forms";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "./proof-rules";

describe("payout form schemas (the same in the browser and in the action)", () => {
  it("payouts: a link or a file, the file at most 10 MB (checked before sending), a reason before the settlement date", () => {
    const multipart = (fields: Record<string, string | File>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      return body;
    };
    const empty = new File([], "", { type: "application/octet-stream" }); // what an untouched file input posts
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofUrl: "", proofFile: empty }), payoutTransferSchema()))).toEqual({
      proofUrl: ["Informe o link do comprovante ou envie o arquivo."],
    });
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofUrl: "ftp://banco" }), payoutTransferSchema()))).toEqual({
      proofUrl: ["O link do comprovante deve começar com http:// ou https://."],
    });
    const big = new File([new Uint8Array(MAX_PROOF_BYTES + 1)], "extrato.pdf");
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofFile: big }), payoutTransferSchema()))).toEqual({
      proofFile: [PROOF_MESSAGES.tooLarge],
    });
    const pdf = new File(["%PDF-1.7"], "c.pdf");
    expect(value(parseSubmission(multipart({ partyId: UUID, proofFile: pdf, earlyReason: " " }), payoutTransferSchema()))).toEqual({
      partyId: UUID,
      proofUrl: null,
      proofFile: pdf,
      earlyReason: null,
    });

    const early = payoutTransferSchema({ settlementDate: "2026-04-17" });
    const link = { partyId: UUID, proofUrl: "https://banco.example/1" };
    expect(errors(parseSubmission(form(link), early))).toEqual({
      earlyReason: ["A operadora só liquida as doações em 17/04/2026. Para repassar antes, informe o motivo."],
    });
    expect(errors(parseSubmission(form({ ...link, earlyReason: "urgente" }), early))).toEqual({
      earlyReason: ["Descreva o motivo com pelo menos 10 caracteres."],
    });
    expect(value(parseSubmission(form({ ...link, earlyReason: " Cirurgia marcada " }), early))).toMatchObject({
      earlyReason: "Cirurgia marcada",
    });
  });
});
