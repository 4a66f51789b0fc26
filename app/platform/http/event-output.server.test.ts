import { describe, expect, it, vi } from "vitest";
import { attachEventSink, createEventOutput, MAX_BUFFERED_BYTES } from "./event-output.server";
import { createKeepAliveTicker } from "./keep-alive-ticker.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunks: Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c)).join("");

describe("a live stream's output", () => {
  it("is read as a web stream, in order, and ends after what was written", async () => {
    const output = createEventOutput(() => {});
    output.write(bytes("a"));
    output.write(bytes("b"));
    output.close();
    expect(output.write(bytes("c"))).toBe(false);
    expect(await new Response(output.stream).text()).toBe("ab");
  });

  it("writes straight to an attached sink: what was queued first, then each chunk as written", () => {
    const output = createEventOutput(() => {});
    output.write(bytes("retry"));
    const written: Uint8Array[] = [];
    const end = vi.fn();
    expect(attachEventSink(output.stream, { write: (c) => written.push(c), end, buffered: () => 0 })).toBe(true);
    const shared = bytes("event");
    output.write(shared);
    expect(written[1]).toBe(shared); // the same bytes, never a copy
    output.close();
    expect(text(written)).toBe("retryevent");
    expect(end).toHaveBeenCalledOnce();
    expect(attachEventSink(new ReadableStream(), { write: () => {}, end, buffered: () => 0 })).toBe(false);
  });

  it("cuts a browser that stops reading instead of buffering without end", () => {
    const cancelled = vi.fn();
    const output = createEventOutput(cancelled);
    const end = vi.fn();
    attachEventSink(output.stream, { write: () => {}, end, buffered: () => MAX_BUFFERED_BYTES + 1 });
    expect(output.write(bytes("x"))).toBe(false);
    expect(end).toHaveBeenCalledOnce();
    expect(cancelled).toHaveBeenCalledOnce();
  });

  it("bounds what waits for a reader too", () => {
    const cancelled = vi.fn();
    const output = createEventOutput(cancelled);
    const big = new Uint8Array(MAX_BUFFERED_BYTES / 2 + 1);
    expect(output.write(big)).toBe(true);
    expect(output.write(big)).toBe(false);
    expect(cancelled).toHaveBeenCalledOnce();
  });
});

describe("the shared keep-alive timer", () => {
  it("beats every stream once per period from one timer, spread over the ticks, and stops when empty", () => {
    vi.useFakeTimers();
    try {
      const ticker = createKeepAliveTicker(1_000, 250);
      const beats = [vi.fn(), vi.fn(), vi.fn(), vi.fn(), vi.fn()];
      const stops = beats.map((b) => ticker.add(b));
      vi.advanceTimersByTime(250);
      expect(beats.filter((b) => b.mock.calls.length > 0)).toHaveLength(2);
      vi.advanceTimersByTime(750);
      for (const b of beats) expect(b).toHaveBeenCalledTimes(1);
      for (const stop of stops) stop();
      expect(ticker.size()).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
