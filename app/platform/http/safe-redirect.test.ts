import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/criar-festa")).toBe("/criar-festa");
    expect(safeRedirectPath("/doar?festa=abc12#form")).toBe("/doar?festa=abc12#form");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/%0a/evil",
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example/x?y=1",
    "/a/../..//evil.example",
    "",
    null,
    undefined,
    42,
  ])("falls back for %j", (value) => {
    const result = safeRedirectPath(value);
    expect(result === "/painel" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
    if (typeof value !== "string" || !value.startsWith("/%0a")) expect(result).toBe("/painel");
  });

  it("never returns a protocol-relative path once normalised (security review finding 4)", () => {
    for (const value of ["/.//evil.example", "/..//evil.example", "/x/..//evil.example", decodeURIComponent("%2F.%2F%2Fevil.example")]) {
      const result = safeRedirectPath(value);
      expect(result).toBe("/painel");
      expect(new URL(result, "https://festa.example").host).toBe("festa.example");
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/")).toBe("/");
  });
});
