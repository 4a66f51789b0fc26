import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedContent, configureContentCache, invalidateContent } from "./content-cache.server";

afterEach(() => {
  configureContentCache(0);
  vi.useRealTimers();
});

describe("cachedContent", () => {
  it("reads every time when off", async () => {
    const load = vi.fn(async () => 1);
    await cachedContent("k", load);
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a read for the TTL, then reads again", async () => {
    vi.useFakeTimers();
    configureContentCache(5_000);
    let n = 0;
    const load = vi.fn(async () => ++n);
    expect(await cachedContent("k", load)).toBe(1);
    expect(await cachedContent("k", load)).toBe(1);
    vi.advanceTimersByTime(5_001);
    expect(await cachedContent("k", load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops every copy on an admin change, including a read in flight", async () => {
    configureContentCache(60_000);
    let n = 0;
    const first = cachedContent("k", async () => ++n);
    invalidateContent();
    expect(await first).toBe(1);
    expect(await cachedContent("k", async () => ++n)).toBe(2);
    invalidateContent();
    expect(await cachedContent("k", async () => ++n)).toBe(3);
  });

  it("does not keep a failed read", async () => {
    configureContentCache(60_000);
    await expect(cachedContent("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedContent("k", async () => "ok")).toBe("ok");
  });
});
