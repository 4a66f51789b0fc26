import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "~/platform/signed-link.server";

describe("signed links", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  it("gives the data back before the expiry and 'expired' after it", () => {
    const token = signToken("plan-manage", { s: "abc" }, 60, now);
    expect(verifyToken("plan-manage", token, now)).toMatchObject({ ok: true, data: { s: "abc" } });
    expect(verifyToken("plan-manage", token, new Date(now.getTime() + 61_000))).toEqual({ ok: false, error: "expired" });
  });

  it("refuses a token changed by one character, signed for another purpose or malformed", () => {
    const token = signToken("privacy-request", { email: "a@exemplo.com.br" }, 600, now);
    const [body, sig] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ p: "privacy-request", d: { email: "b@exemplo.com.br" }, e: 9_999_999_999 })).toString(
      "base64url",
    );
    expect(verifyToken("privacy-request", `${forged}.${sig}`, now)).toEqual({ ok: false, error: "invalid" });
    const flipped = sig.slice(0, -2) + (sig.at(-2) === "A" ? "B" : "A") + sig.at(-1);
    expect(verifyToken("privacy-request", `${body}.${flipped}`, now)).toEqual({ ok: false, error: "invalid" });
    expect(verifyToken("email-change", token, now)).toEqual({ ok: false, error: "invalid" });
    for (const bad of [undefined, "", "x", "a.b.c", `${body}.`])
      expect(verifyToken("privacy-request", bad, now)).toMatchObject({ ok: false });
  });

  it("is opaque: nothing it carries can be read from it (issue 31: the privacy link showed the donor's e-mail in base64)", () => {
    const data = { e: "doadora.secreta@exemplo.com.br", s: "3a20c91c-37ec-407a-ba51-f91aa1dfd581" };
    const token = signToken("privacy-request", data, 600, now);
    const decoded = token
      .split(".")
      .map((part) => Buffer.from(part, "base64url").toString("latin1"))
      .join(" ");
    for (const secret of ["doadora", "exemplo", "3a20c91c", "privacy", '"e"']) {
      expect(decoded).not.toContain(secret);
      expect(token).not.toContain(secret);
    }
    expect(verifyToken("privacy-request", token, now)).toMatchObject({ ok: true, data });
    // Two links for the same data differ (a fresh nonce each time).
    expect(signToken("privacy-request", data, 600, now)).not.toBe(token);
  });
});
