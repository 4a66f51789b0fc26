/**
 * The providers' webhooks are answered ahead of the page pipeline (server/webhooks.ts), keeping
 * the signature check, the body cap (request-limits.test.ts) and the request-duration metric.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { type AppServer, startAppServer } from "@tests/app-server";
import { donationRow, givingSetup, insertPendingGift } from "@tests/donations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { getConfig } from "~/platform/config.server";
import { httpRequestDuration } from "~/platform/metrics.server";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function answeredCount(status: string) {
  const { values } = await httpRequestDuration.get();
  const count = values.find(
    (v) => v.metricName?.endsWith("_count") && v.labels.route === "routes/api.webhooks.sandbox" && v.labels.status === status,
  );
  return count?.value ?? 0;
}

const post = (body: string, signature: string) =>
  fetch(`${app.url}/api/webhooks/sandbox`, {
    method: "POST",
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
  });

describe("webhooks ahead of the page pipeline", () => {
  it("a signed paid event is applied and counted under its route, without the page pipeline's request id", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 2500 });
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id }));
    const before = await answeredCount("200");
    const res = await post(body, signSandboxPayload(body, getConfig().APP_SECRET));
    expect(res.status).toBe(200);
    expect((await res.json()).results).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(res.headers.get("x-request-id")).toBeNull();
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect(await answeredCount("200")).toBe(before + 1);
  });

  it("the body is read as UTF-8, as Request.text() reads it: a signature over accented text and emoji still verifies", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    const event = sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id });
    const body = JSON.stringify({ ...event, note: "Parabéns, João! 🎉" });
    const res = await post(body, signSandboxPayload(body, getConfig().APP_SECRET));
    expect(res.status).toBe(200);
    expect((await donationRow(gift.id)).status).toBe("paga");
  });

  it("a bad signature is still refused, and nothing changes", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    const body = JSON.stringify(sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id }));
    const res = await post(body, signSandboxPayload(body, "another-secret-another-secret-0123456789"));
    expect(res.status).toBe(400);
    expect((await donationRow(gift.id)).status).toBe("pendente");
  });

  it("any other method goes the page pipeline's way (405 from the route, with its request id)", async () => {
    const res = await fetch(`${app.url}/api/webhooks/sandbox`);
    expect(res.status).toBe(405);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
