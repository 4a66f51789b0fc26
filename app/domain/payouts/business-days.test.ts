import { describe, expect, it } from "vitest";
import { addBusinessDays, easterSunday, holidaysOf, isBusinessDay, partyPayoutDates, payoutDates } from "./business-days";

describe("easterSunday", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
  ])("%i → %s", (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });
});

describe("holidaysOf", () => {
  it("derives the movable bank holidays from Easter", () => {
    const h = holidaysOf(2026);
    expect(h.get("2026-02-16")).toBe("Carnaval (segunda-feira)");
    expect(h.get("2026-02-17")).toBe("Carnaval (terça-feira)");
    expect(h.get("2026-04-03")).toBe("Sexta-feira Santa");
    expect(h.get("2026-06-04")).toBe("Corpus Christi");
    expect(h.get("2026-04-21")).toBe("Tiradentes");
  });

  it("counts Consciência Negra only from 2024", () => {
    expect(holidaysOf(2023).has("2023-11-20")).toBe(false);
    expect(holidaysOf(2024).has("2024-11-20")).toBe(true);
  });
});

describe("addBusinessDays", () => {
  it("skips a weekend", () => {
    // Thursday 2026-03-05 → Fri 6 (1), Mon 9 (2), Tue 10 (3).
    expect(addBusinessDays("2026-03-05", 3)).toBe("2026-03-10");
  });

  it("starts counting after a weekend start day", () => {
    expect(isBusinessDay("2026-03-07")).toBe(false); // Saturday
    expect(addBusinessDays("2026-03-07", 3)).toBe("2026-03-11");
  });

  it("skips a national holiday and the weekend before it", () => {
    // Fri 2026-04-17 → Mon 20 (1), Tue 21 Tiradentes (skip), Wed 22 (2), Thu 23 (3).
    expect(addBusinessDays("2026-04-17", 3)).toBe("2026-04-23");
  });

  it("skips Carnaval Monday and Tuesday", () => {
    // Fri 2026-02-13 → Mon 16, Tue 17 are Carnaval → Wed 18 (1), Thu 19 (2), Fri 20 (3).
    expect(addBusinessDays("2026-02-13", 3)).toBe("2026-02-20");
  });

  it("crosses the new year", () => {
    // Wed 2025-12-31 → Thu 1 Jan holiday, Fri 2 (1), Mon 5 (2), Tue 6 (3).
    expect(addBusinessDays("2025-12-31", 3)).toBe("2026-01-06");
  });
});

describe("payoutDates", () => {
  it("settles 33 calendar days after the event and transfers 3 business days later, across a weekend and Tiradentes", () => {
    // 2026-03-15 + 33 days = Friday 2026-04-17.
    expect(payoutDates("2026-03-15")).toEqual({ settlementDate: "2026-04-17", transferDeadline: "2026-04-23" });
  });

  it("skips Sexta-feira Santa and the weekend after it", () => {
    // 2026-02-27 + 33 = Wednesday 2026-04-01 → Thu 2 (1), Fri 3 Sexta-feira Santa (skip), Mon 6 (2), Tue 7 (3).
    expect(payoutDates("2026-02-27")).toEqual({ settlementDate: "2026-04-01", transferDeadline: "2026-04-07" });
  });
});

describe("partyPayoutDates (decision 208)", () => {
  it("keeps the card settlement when the last Pix's MED hold ends before it", () => {
    expect(partyPayoutDates("2026-03-15", null, 11)).toEqual(payoutDates("2026-03-15"));
    expect(partyPayoutDates("2026-03-15", "2026-03-15", 11)).toEqual(payoutDates("2026-03-15"));
  });

  it("waits for the hold of a Pix paid late (after the event)", () => {
    // Paid 2026-04-10 + 11 days = 2026-04-21 (Tiradentes), after the card's 2026-04-17; then 3 business days.
    expect(partyPayoutDates("2026-03-15", "2026-04-10", 11)).toEqual({ settlementDate: "2026-04-21", transferDeadline: "2026-04-24" });
  });
});
