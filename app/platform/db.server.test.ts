import { describe, expect, it } from "vitest";
import { openPostgres, withSchemaLock } from "~/platform/db.server";

const url = process.env.TEST_DATABASE_URL;
const postgresOnly = url ? describe : describe.skip;

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

// The LISTEN connection of the pg backend: it must survive losing its connection, and a late
// error after close() must not release the client twice (an uncaught exception in CI once).
postgresOnly("LISTEN on PostgreSQL", () => {
  it("replaces a LISTEN connection the server killed, and notifications resume", async () => {
    const conn = await openPostgres(url!, { max: 3 });
    const other = await openPostgres(url!, { max: 1 });
    const channel = `test_listen_${process.pid}`;
    const received: string[] = [];
    try {
      await conn.listen(channel, (payload) => received.push(payload));
      await other.pool!.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "${channel}"'`);
      await waitFor(async () => {
        await other.pool!.query(`SELECT pg_notify('${channel}', 'again')`);
        return received.includes("again");
      });
      expect(received).toContain("again");
    } finally {
      await conn.close();
      await other.close();
    }
  });

  it("an error on the LISTEN connection releases it once: a repeated error, or one after close(), does not throw", async () => {
    const conn = await openPostgres(url!, { max: 3 });
    const clients: import("pg").PoolClient[] = [];
    conn.pool!.on("acquire", (client) => clients.push(client));
    await conn.listen(`test_twice_${process.pid}`, () => {});
    const first = clients[0]!;
    // pg can emit 'error' twice for one lost connection (the server's message, then the socket).
    expect(() => {
      first.emit("error", new Error("terminating connection due to administrator command"));
      first.emit("error", new Error("Connection terminated unexpectedly"));
    }).not.toThrow();
    // It reconnects; closing gives that client back, and a late error on it must not throw either.
    await waitFor(() => clients.length === 2);
    await conn.close();
    expect(() => clients[1]!.emit("error", new Error("Connection terminated unexpectedly"))).not.toThrow();
  });
});

// Instances starting together take turns for everything that creates schema (issue 18).
postgresOnly("the schema lock", () => {
  it("a second holder waits, is told it waits, and runs only after the first has finished", async () => {
    const a = await openPostgres(url!, { max: 2 });
    const b = await openPostgres(url!, { max: 2 });
    const events: string[] = [];
    try {
      let entered!: () => void;
      const aInside = new Promise<void>((r) => (entered = r));
      const first = withSchemaLock(a, async (client) => {
        expect(client).toBeDefined();
        entered();
        events.push("a start");
        await new Promise((r) => setTimeout(r, 300));
        events.push("a end");
      });
      await aInside;
      await withSchemaLock(
        b,
        async () => void events.push("b start"),
        () => events.push("b waits"),
      );
      await first;
      expect(events).toEqual(["a start", "b waits", "a end", "b start"]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

// The health probe (issue 32's overload finding): a pool busy with slow requests is not a database down.
postgresOnly("the health probe", () => {
  it("answers 'reachable' while every pooled connection is busy; 'unreachable' for a server that does not answer", async () => {
    const conn = await openPostgres(url!, { max: 1 });
    const held = await conn.pool!.connect(); // the pool's only connection, busy
    try {
      // Waiting for a pooled connection times out (2 s): the pool is saturated…
      await expect(conn.pool!.query("select 1")).rejects.toThrow(/timeout exceeded when trying to connect/);
      // …and the probe, on its own connection, still finds the database answering.
      expect(await conn.reachable(2_000)).toBe(true);
      expect(await conn.reachable(2_000)).toBe(true);
    } finally {
      held.release();
      await conn.close();
    }
    // Nothing listens on port 1: unreachable, promptly.
    const nowhere = new URL(url!);
    nowhere.port = "1";
    const down = await openPostgres(nowhere.toString(), { max: 1 });
    try {
      expect(await down.reachable(1_000)).toBe(false);
    } finally {
      await down.close();
    }
  });
});
