/**
 * A TCP proxy in front of PostgreSQL that the test can cut: `down()` refuses new connections and
 * drops open ones (what the app sees when PostgreSQL restarts), `up()` serves again on the same
 * port. Lets a test take "the database" away without stopping the machine's PostgreSQL.
 */
import net from "node:net";

export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function up() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => server!.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
    port = (server.address() as net.AddressInfo).port;
  }

  async function down() {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await up();
  return { port: () => port, up, down };
}
