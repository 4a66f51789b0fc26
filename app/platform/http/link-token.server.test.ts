import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeLinkTokens, forgetLinkToken, linkToken } from "./link-token.server";

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(exchangeLinkTokens({ secure: true }));
  app.use((req, res) => res.type("text/plain").send(`reached ${req.method} ${req.originalUrl}`));
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", () => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const TOKEN = "c2VsYWRv-token_value.assinatura";

describe("an e-mailed link's token is traded for a cookie (decision 195)", () => {
  it("answers the first GET with a 303 to the clean address and the token in HttpOnly cookies", async () => {
    const res = await fetch(`${base}/redefinir-senha?token=${TOKEN}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/redefinir-senha");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const cookies = res.headers.getSetCookie();
    // The page and its client-side data (a cookie's path matches only at a "/").
    expect(cookies).toEqual([
      `fs_link=${encodeURIComponent(TOKEN)}; Path=/redefinir-senha; Max-Age=1800; HttpOnly; SameSite=Lax; Secure`,
      `fs_link=${encodeURIComponent(TOKEN)}; Path=/redefinir-senha.data; Max-Age=1800; HttpOnly; SameSite=Lax; Secure`,
    ]);
  });

  it("keeps the other query parameters and knows each link page's parameter", async () => {
    const invite = await fetch(`${base}/ong/convite?t=${TOKEN}&origem=email`, { redirect: "manual" });
    expect(invite.status).toBe(303);
    expect(invite.headers.get("location")).toBe("/ong/convite?origem=email");
    const privacy = await fetch(`${base}/privacidade/solicitar?token=${TOKEN}`, { redirect: "manual" });
    expect(privacy.headers.getSetCookie()).toEqual([expect.stringContaining("Path=/privacidade;")]);
    for (const path of ["/assinatura/gerenciar", "/assinatura/confirmar", "/conta/confirmar-endereco", "/conta/confirmar-email"]) {
      const res = await fetch(`${base}${path}?token=${TOKEN}`, { redirect: "manual" });
      expect([res.status, res.headers.get("location")]).toEqual([303, path]);
    }
  });

  it("leaves alone posts, other pages, the one-click unsubscribe and links without a token", async () => {
    const post = await fetch(`${base}/redefinir-senha?token=${TOKEN}`, { method: "POST", redirect: "manual" });
    expect(post.status).toBe(200);
    for (const path of [`/descadastrar?t=${TOKEN}`, `/doacao-sucesso?ref=${TOKEN}`, "/redefinir-senha", "/redefinir-senha?sucesso=1"]) {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("the page reads the token from its query or, after the trade, from the cookie", () => {
    expect(linkToken(new Request(`http://x/redefinir-senha?token=${TOKEN}`))).toBe(TOKEN);
    const withCookie = new Request("http://x/redefinir-senha", {
      headers: { Cookie: `fs_toast=1; fs_link=${encodeURIComponent(TOKEN)}` },
    });
    expect(linkToken(withCookie)).toBe(TOKEN);
    expect(linkToken(new Request("http://x/ong/convite", { headers: { Cookie: "fs_link=abc" } }), "t")).toBe("abc");
    expect(linkToken(new Request("http://x/redefinir-senha", { headers: { Cookie: "fs_toast=1" } }))).toBeNull();
    expect(linkToken(new Request("http://x/redefinir-senha"))).toBeNull();
  });

  it("forgets a spent token on every path it was set for", () => {
    expect(forgetLinkToken("/redefinir-senha", false)).toEqual([
      "fs_link=; Path=/redefinir-senha; Max-Age=0; HttpOnly; SameSite=Lax",
      "fs_link=; Path=/redefinir-senha.data; Max-Age=0; HttpOnly; SameSite=Lax",
    ]);
  });
});
