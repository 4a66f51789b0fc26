/**
 * Issue 31: in the first second of a database outage (before the health probe notices), the
 * receipt PDF answered 500 where the pages answer 503. Through the real pipeline, with the receipt
 * lookup failing as an unreachable PostgreSQL fails.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("~/domain/receipts/receipts.server", async (original) => ({
  ...(await original<typeof import("~/domain/receipts/receipts.server")>()),
  findReceiptByCode: vi.fn(async () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  }),
}));

import { type AppServer, startAppServer } from "@tests/app-server";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
}, 120_000);
afterAll(() => app?.close());

const CODE = "d6d97780390e4a10922407c15f049b45";

describe("the receipt while the database has just gone away", () => {
  it.each([`/recibo/${CODE}/pdf`, `/recibo/${CODE}`])("%s answers 503 with Retry-After, not 500", async (path) => {
    const res = await fetch(`${app.url}${path}`);
    const body = await res.text();
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    // (A page in development mode shows the error to the developer; the PDF route never does.)
    if (path.endsWith("/pdf")) expect(body).not.toMatch(/ECONNREFUSED|\bat .*\.(ts|js):\d+/);
  });
});
