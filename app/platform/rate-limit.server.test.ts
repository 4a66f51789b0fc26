import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { deleteExpiredRateLimits, hitRateLimit, refundRateLimit, resetRateLimit } from "./rate-limit.server";

describe("hitRateLimit", () => {
  it("allows up to the limit within a window, then refuses", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit("k", 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.count).toBe(4);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart", async () => {
    await hitRateLimit("a", 1, 60);
    expect((await hitRateLimit("b", 1, 60)).allowed).toBe(true);
    expect((await hitRateLimit("a", 1, 60)).allowed).toBe(false);
  });

  it("starts a new window once the old one ended", async () => {
    await hitRateLimit("k", 1, 60);
    expect((await hitRateLimit("k", 1, 60)).allowed).toBe(false);
    await db
      .update(schema.rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(schema.rateLimits.key, "k"));
    const again = await hitRateLimit("k", 1, 60);
    expect(again).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.all(Array.from({ length: 15 }, () => hitRateLimit("burst", 10, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.count))).toBe(15);
  });

  it("refunds, resets and cleans up", async () => {
    await hitRateLimit("k", 1, 60);
    await refundRateLimit("k");
    expect((await hitRateLimit("k", 1, 60)).allowed).toBe(true);
    await resetRateLimit("k");
    expect((await hitRateLimit("k", 1, 60)).count).toBe(1);
    await db.update(schema.rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    await hitRateLimit("fresh", 1, 60);
    expect(await deleteExpiredRateLimits()).toBe(1);
    expect(await db.select().from(schema.rateLimits)).toHaveLength(1);
  });
});
