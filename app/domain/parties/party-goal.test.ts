import { describe, expect, it } from "vitest";
import { GOAL_MESSAGES, parseGoal } from "./party-goal";

describe("party goal", () => {
  it.each([
    ["", 0],
    ["0", 0],
    ["50", 5_000],
    ["R$ 1.500,00", 150_000],
    ["10.000.000,00", 1_000_000_000],
  ])("accepts %j as %i centavos", (raw, cents) => {
    expect(parseGoal(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    ["0,01", GOAL_MESSAGES.tooSmall],
    ["49,99", GOAL_MESSAGES.tooSmall],
    ["10.000.000,01", GOAL_MESSAGES.tooBig],
    ["99999999999999", GOAL_MESSAGES.tooBig],
    ["99999999999999999999", GOAL_MESSAGES.tooBig],
    ["-10", GOAL_MESSAGES.negative],
    ["abc", GOAL_MESSAGES.format],
    ["1,999", GOAL_MESSAGES.format],
  ])("refuses %j with its own message", (raw, message) => {
    expect(parseGoal(raw)).toEqual({ ok: false, message });
  });
});
