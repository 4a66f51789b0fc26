import { describe, expect, it } from "vitest";
import { monthLabel, monthRange, parseReportMonth, recentReportMonths } from "./report-month";

const now = new Date("2026-03-15T12:00:00Z");

describe("report months", () => {
  it("accepts YYYY-MM from 2020 up to the current month only", () => {
    expect(parseReportMonth("2026-03", now)).toEqual({ year: 2026, month: 3, key: "2026-03" });
    expect(parseReportMonth("2020-01", now)?.key).toBe("2020-01");
    for (const bad of ["2026-04", "2019-12", "2026-13", "2026-00", "2026-3", "26-03", "2026-03-01", "abc", ""]) {
      expect(parseReportMonth(bad, now), bad).toBeNull();
    }
  });

  it("uses São Paulo midnight for the month's bounds", () => {
    const { from, to } = monthRange({ year: 2026, month: 2, key: "2026-02" });
    expect(from.toISOString()).toBe("2026-02-01T03:00:00.000Z");
    expect(to.toISOString()).toBe("2026-03-01T03:00:00.000Z");
  });

  it("lists recent months newest first, across a year change", () => {
    const jan = new Date("2026-01-10T12:00:00Z");
    expect(recentReportMonths(4, jan).map((m) => m.key)).toEqual(["2026-01", "2025-12", "2025-11", "2025-10"]);
    // 02:30 UTC on 1 March is still 23:30 on 28 February in São Paulo.
    expect(recentReportMonths(1, new Date("2026-03-01T02:30:00Z"))[0]!.key).toBe("2026-02");
  });

  it("names months in Portuguese", () => {
    expect(monthLabel({ year: 2026, month: 3, key: "2026-03" })).toBe("março de 2026");
  });
});
