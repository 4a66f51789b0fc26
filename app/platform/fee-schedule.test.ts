import { describe, expect, it } from "vitest";
import { feeScheduleField, parseFeeSchedule, providerFeeOf } from "./fee-schedule";

describe("PSP fee schedules", () => {
  it("reads a percent, a fixed amount in reais, or both", () => {
    expect(parseFeeSchedule("3.99%+0.39")).toEqual({ percent: 3.99, fixedCents: 39 });
    expect(parseFeeSchedule("1,19%")).toEqual({ percent: 1.19, fixedCents: 0 });
    expect(parseFeeSchedule("0.39")).toEqual({ percent: 0, fixedCents: 39 });
    expect(parseFeeSchedule("0")).toEqual({ percent: 0, fixedCents: 0 });
    expect(parseFeeSchedule("")).toBeNull();
    expect(parseFeeSchedule("3.99%+abc")).toBeNull();
    expect(feeScheduleField.safeParse("dez por cento").success).toBe(false);
  });

  it("charges the percent rounded half up plus the fixed part, never more than the payment", () => {
    const card = { percent: 3.99, fixedCents: 39 };
    expect(providerFeeOf(card, 5000)).toBe(200 + 39); // 199.5 → 200
    expect(providerFeeOf(card, 10_000)).toBe(399 + 39);
    expect(providerFeeOf({ percent: 0, fixedCents: 0 }, 5000)).toBe(0);
    expect(providerFeeOf({ percent: 0, fixedCents: 500 }, 300)).toBe(300);
  });
});
