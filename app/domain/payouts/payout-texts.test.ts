import { describe, expect, it } from "vitest";
import { transferDueLine } from "./payout-texts";

describe("transfer due line", () => {
  it("says when the transfer is due, and never a due date in the past as if it were still ahead", () => {
    expect(transferDueLine("2026-11-23", "2026-11-20")).toBe("Repasse à instituição previsto até 23/11/2026");
    expect(transferDueLine("2026-11-23", "2026-11-23")).toBe("Repasse à instituição previsto até 23/11/2026");
    expect(transferDueLine("2026-11-23", "2026-11-24")).toBe("Repasse à instituição em andamento (prazo: 23/11/2026)");
  });
});
