import { useTestDatabase, testConnection } from "@tests/database";
import { describe, expect, it } from "vitest";
import { announceAfterCommit, createAnnouncer } from "./announcer.server";

describe("createAnnouncer", () => {
  it("sends what arrives while a batch is in flight together, in order, each identical notification once", async () => {
    const sent: Array<[string[], string[]]> = [];
    let release = () => {};
    const announcer = createAnnouncer(async (channels, payloads) => {
      sent.push([channels, payloads]);
      if (sent.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = announcer.announce([{ channel: "a", payload: "1" }]);
    const second = announcer.announce([
      { channel: "a", payload: "2" },
      { channel: "wake", payload: "x" },
    ]);
    const third = announcer.announce([
      { channel: "a", payload: "3" },
      { channel: "wake", payload: "x" },
    ]);
    expect(sent).toEqual([[["a"], ["1"]]]);
    release();
    await Promise.all([first, second, third]);
    expect(sent).toEqual([
      [["a"], ["1"]],
      [
        ["a", "wake", "a"],
        ["2", "x", "3"],
      ],
    ]);
  });

  it("tries a failed batch once more, then gives up without rejecting and carries on with the next", async () => {
    const calls: string[][] = [];
    const announcer = createAnnouncer(async (_channels, payloads) => {
      calls.push(payloads);
      if (payloads[0] !== "ok") throw new Error("connection lost");
    }, 1);
    await expect(announcer.announce([{ channel: "a", payload: "lost" }])).resolves.toBeUndefined();
    expect(calls).toEqual([["lost"], ["lost"]]);
    await announcer.announce([{ channel: "a", payload: "ok" }]);
    expect(calls.at(-1)).toEqual(["ok"]);
  });

  it("sends nothing for an empty list", async () => {
    let calls = 0;
    const announcer = createAnnouncer(async () => {
      calls++;
    });
    await announcer.announce([]);
    expect(calls).toBe(0);
  });
});

describe("announceAfterCommit on the database", () => {
  useTestDatabase();

  it("delivers every notification of a batch to the listeners, in order", async () => {
    const heard: string[] = [];
    const stopA = await testConnection().listen("announcer_test_a", (p) => heard.push(`a:${p}`));
    const stopB = await testConnection().listen("announcer_test_b", (p) => heard.push(`b:${p}`));
    await Promise.all([
      announceAfterCommit([
        { channel: "announcer_test_a", payload: "1" },
        { channel: "announcer_test_b", payload: "2" },
      ]),
      announceAfterCommit([{ channel: "announcer_test_a", payload: "3" }]),
    ]);
    await new Promise((r) => setTimeout(r, 100));
    await stopA();
    await stopB();
    expect(heard).toEqual(["a:1", "b:2", "a:3"]);
  });
});
