import { describe, expect, it } from "vitest";
import { addCalendarDays, formatCalendarDate, formatDate, formatDateTime, isValidCalendarDate, monthName, todayInSaoPaulo } from "./dates";

describe("dates in São Paulo", () => {
  it("shows a timestamp on the São Paulo clock (UTC−3), across midnight", () => {
    const lateUtc = new Date("2026-03-16T02:30:00Z"); // 23:30 on the 15th in São Paulo
    expect(formatDate(lateUtc)).toBe("15/03/2026");
    expect(formatDateTime(lateUtc)).toBe("15/03/2026 23:30");
    expect(formatDateTime("2026-01-05T03:05:00Z")).toBe("05/01/2026 00:05");
    expect(todayInSaoPaulo(lateUtc)).toBe("2026-03-15");
  });

  it("used the old daylight-saving offset when it applied (UTC−2 in January 2019)", () => {
    expect(formatDateTime("2019-01-10T12:00:00Z")).toBe("10/01/2019 10:00");
  });

  it("formats and moves calendar dates without a time zone", () => {
    expect(formatCalendarDate("2026-12-01")).toBe("01/12/2026");
    expect(addCalendarDays("2026-12-30", 5)).toBe("2027-01-04");
    expect(addCalendarDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(monthName(3)).toBe("março");
  });

  it("accepts only real calendar dates", () => {
    expect(isValidCalendarDate("2028-02-29")).toBe(true);
    expect(isValidCalendarDate("2026-02-29")).toBe(false);
    expect(isValidCalendarDate("2026-2-1")).toBe(false);
  });
});
