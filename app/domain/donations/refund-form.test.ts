import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { cancelPartySchema, REFUND_MESSAGES, refundSchema } from "./refund-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};
const id = "6f1c1f7e-0000-4000-8000-000000000001";

describe("refund form", () => {
  it("reads the amount in reais as centavos", () => {
    const result = parseWithZod(form({ donationId: id, amount: "1.234,56", reason: "Pedido do doador", confirmed: "sim" }), {
      schema: refundSchema(),
      disableAutoCoercion: true,
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({ amount: 123_456, reason: "Pedido do doador" });
  });

  it("refuses a zero or malformed amount, more than what remains, a short reason and no confirmation", () => {
    const errors = (fields: Record<string, string>, maxCents?: number) =>
      parseWithZod(form({ donationId: id, ...fields }), { schema: refundSchema({ maxCents }), disableAutoCoercion: true }).reply().error;
    expect(errors({ amount: "0", reason: "Pedido", confirmed: "sim" })?.amount).toEqual([REFUND_MESSAGES.amount]);
    expect(errors({ amount: "abc", reason: "Pedido", confirmed: "sim" })?.amount).toEqual([REFUND_MESSAGES.amount]);
    expect(errors({ amount: "50,01", reason: "Pedido", confirmed: "sim" }, 5_000)?.amount).toEqual([
      "O máximo que ainda pode ser reembolsado é R$ 50,00.",
    ]);
    expect(errors({ amount: "50,00", reason: "ok", confirmed: "sim" }, 5_000)?.reason).toEqual([REFUND_MESSAGES.reasonShort]);
    expect(errors({ amount: "50,00", reason: "Pedido do doador" })?.confirmed).toEqual([REFUND_MESSAGES.confirm]);
  });

  it("cancelling a party needs a reason and a confirmation", () => {
    const result = parseWithZod(form({ partyId: id, reason: "" }), { schema: cancelPartySchema, disableAutoCoercion: true });
    expect(result.reply().error).toMatchObject({ reason: [REFUND_MESSAGES.reason], confirmed: [REFUND_MESSAGES.cancelConfirm] });
  });
});
