import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheck } from "./origin-check";

let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  const app = express();
  app.use(originCheck({ publicUrl: "https://festasolidaria.org.br" }));
  app.all("/{*any}", (_req, res) => {
    hits++;
    res.send("ok");
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const before = hits;
  const res = await fetch(base + path, { method, headers, redirect: "manual" });
  return { status: res.status, reached: hits > before, body: await res.text() };
}

describe("originCheck", () => {
  it("refuses a POST from another site and never reaches the handler", async () => {
    const r = await send("POST", "/auth?intent=logout", { Origin: "https://evil.example" });
    expect(r).toMatchObject({ status: 403, reached: false });
    expect(r.body).toContain("origem não permitida");
  });

  it("refuses other state-changing methods and a foreign Referer when Origin is absent", async () => {
    expect((await send("DELETE", "/x", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await send("PUT", "/x", { Referer: "https://evil.example/page" })).status).toBe(403);
    expect((await send("PATCH", "/x", { Origin: "null" })).status).toBe(403);
  });

  it("accepts PUBLIC_URL's origin and the request's own host", async () => {
    expect(await send("POST", "/auth", { Origin: "https://festasolidaria.org.br" })).toMatchObject({ status: 200, reached: true });
    expect((await send("POST", "/auth", { Origin: base })).status).toBe(200);
    expect((await send("POST", "/auth", { Referer: `${base}/auth?tab=login` })).status).toBe(200);
  });

  it("lets safe methods, header-less clients and webhooks through", async () => {
    expect((await send("GET", "/auth", { Origin: "https://evil.example" })).status).toBe(200);
    expect((await send("POST", "/auth")).status).toBe(200);
    expect((await send("POST", "/api/webhooks/stripe", { Origin: "https://evil.example" })).status).toBe(200);
  });

  it("does not treat a look-alike host as ours", async () => {
    expect((await send("POST", "/auth", { Origin: "https://festasolidaria.org.br.evil.example" })).status).toBe(403);
    expect((await send("POST", "/auth", { Origin: "http://festasolidaria.org.br" })).status).toBe(403);
  });
});
