/**
 * WEB_CONCURRENCY (issue 19 item 3, decision 100): on PostgreSQL, worker processes share one port
 * behind a primary; the start is announced once; every worker serves (each log line names its
 * worker); SIGTERM to the primary stops the workers and the primary exits 0. On the embedded
 * database the setting is ignored: one process, as before.
 */
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createFaultDb, type FaultDb, PG_URL, type ServerProcess, startServer, waitUntil } from "./support/harness";

let server: ServerProcess | undefined;
let db: FaultDb | undefined;

afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

/** One GET on a fresh connection (the cluster hands connections, not requests, to workers). */
function get(port: number, path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const startLines = (out: string) => out.split("\n").filter((l) => l.includes("Festa Solidária em"));

describe.runIf(Boolean(PG_URL))("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  it("two workers behind one port, one start line, SIGTERM to the primary exits 0", async () => {
    db = await createFaultDb("pg", { empty: true });
    server = await startServer(db, { WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
    await waitUntil("the cluster's start line", () => startLines(server!.output()).length > 0, 30_000);
    expect(startLines(server.output())).toHaveLength(1);
    expect(startLines(server.output())[0]).toContain("2 processos");

    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await get(server.port, "/causas"));
    expect(statuses).toEqual(Array(20).fill(200));
    const workers = new Set([...server.output().matchAll(/"worker":(\d+)[^\n]*"url":"\/causas"/g)].map((m) => m[1]));
    expect([...workers].sort()).toEqual(["1", "2"]);
    // The schema was made once: no worker failed or restarted.
    expect(server.output()).not.toContain("terminou inesperadamente");

    const exited = new Promise<number | null>((resolve) => server!.proc.once("exit", (code) => resolve(code)));
    server.proc.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output().match(/"msg":"Encerrado"/g)).toHaveLength(2);
    await expect(get(server.port, "/healthz")).rejects.toThrow();
  });
});

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("is ignored: one process, as before (and HOST chooses the address)", async () => {
    db = await createFaultDb("pglite");
    server = await startServer(db, { WEB_CONCURRENCY: "2", LOG_LEVEL: "info", HOST: "127.0.0.1" });
    await waitUntil("the start line", () => startLines(server!.output()).length > 0, 30_000);
    expect(startLines(server.output())[0]).not.toContain("processos");
    expect(startLines(server.output())[0]).toContain(`(127.0.0.1:${server.port}, banco PGlite`);
    expect(server.output()).not.toContain('"worker"');
    expect(await get(server.port, "/causas")).toBe(200);
  });
});
