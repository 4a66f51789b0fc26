import { describe, expect, it } from "vitest";
import { festaFromSearch, parseFestaParam } from "./festa-param";

describe("parseFestaParam", () => {
  it("accepts share codes and ids", () => {
    expect(parseFestaParam("k3x9a")).toBe("k3x9a");
    expect(parseFestaParam("0b9c2f1e-5d4a-4c3b-9a8f-7e6d5c4b3a21")).toBe("0b9c2f1e-5d4a-4c3b-9a8f-7e6d5c4b3a21");
    expect(parseFestaParam("a".repeat(64))).toBe("a".repeat(64));
  });

  it("ignores anything that is not [a-z0-9-] up to 64 characters", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "a".repeat(65),
      "ABC",
      "abc/../admin",
      "abc?x=1",
      "abc def",
      "javascript:alert(1)",
      "%2F",
      "festa_1",
      "ção",
    ]) {
      expect(parseFestaParam(bad)).toBeNull();
    }
  });

  it("reads the parameter from a query string", () => {
    expect(festaFromSearch(new URLSearchParams("festa=k3x9a&x=1"))).toBe("k3x9a");
    expect(festaFromSearch(new URLSearchParams("festa=%3Cscript%3E"))).toBeNull();
    expect(festaFromSearch(new URLSearchParams(""))).toBeNull();
  });
});
