/**
 * Debian's nginx running docs/deploy/nginx.conf as shipped, with only what belongs to one machine
 * replaced: the instances' addresses, the listening port (plain HTTP: TLS left out), and the log,
 * cache and temporary folders (a throwaway prefix). Not a daemon: a child process of the test,
 * stopped with it.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sleep, waitUntil } from "../../faults/support/harness";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const EXAMPLE = path.resolve(import.meta.dirname, "../../../docs/deploy/nginx.conf");

export type Nginx = {
  url: string;
  /** nginx's master process (its workers are its children). */
  pid: number;
  port: number;
  accessLog: () => string;
  errorLog: () => string;
  /**
   * Takes these instances out of rotation (`down` on their `server` lines; none: all back in) and
   * reloads nginx, as docs/operations.md's rolling restart does. Resolves once the workers that
   * ran the old configuration have exited: from then on no request goes to a `down` instance.
   */
  setDown(ports: number[]): Promise<void>;
  stop(): Promise<void>;
};

/** A port free on loopback now (nginx needs one before the instances, whose PUBLIC_URL it is). */
export async function freeLoopbackPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** The example with this machine's details; throws if a line it relies on has changed. */
function siteConfig(
  example: string,
  { port, upstreams, down = [], dir, file }: { port: number; upstreams: number[]; down?: number[]; dir: string; file: string },
): string {
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`${file} no longer has ${pattern}: update tests/deploy/support/nginx.ts`);
    return text.replace(pattern, by);
  };
  let site = example;
  site = replace(
    site,
    /(?:^\s*server 10\.0\.0\.\d+:3000 (.*);\n)+/m,
    upstreams
      .map((p) => `  server 127.0.0.1:${p} ${/server 10\.0\.0\.\d+:3000 (.*);/.exec(example)![1]}${down.includes(p) ? " down" : ""};\n`)
      .join(""),
  );
  site = replace(site, /listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  site = replace(site, /^\s*ssl_certificate(_key)? .*\n/gm, "");
  site = replace(site, /\/var\/log\/nginx\/festa\.log/, path.join(dir, "access.log"));
  site = replace(site, /\/var\/cache\/nginx\/festa/, path.join(dir, "cache"));
  return site;
}

/**
 * `example`: another site file written in the same shape (docs/deploy/nginx-peak-cache.conf, which
 * scripts/bench-peak.ts runs); docs/deploy/nginx.conf by default.
 */
export async function startNginx({
  port,
  upstreams,
  example = EXAMPLE,
  workerConnections = 1024,
}: {
  port: number;
  upstreams: number[];
  example?: string;
  /** Per nginx worker, clients and instances together (a bench's thousands of donors need more). */
  workerConnections?: number;
}): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"]) fs.mkdirSync(path.join(dir, sub));
  const errorLog = path.join(dir, "error.log");
  const mainConfig = (down: number[]) => {
    const site = siteConfig(fs.readFileSync(example, "utf8"), { port, upstreams, down, dir, file: path.relative(process.cwd(), example) });
    // nginx's own main context, as /etc/nginx/nginx.conf gives it; the site goes inside http {}.
    // As root (CI), workers would switch to "nobody", who cannot write the temporary folders.
    return `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 2;
${workerConnections > 1024 ? `worker_rlimit_nofile ${workerConnections * 2};\n` : ""}pid ${path.join(dir, "nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections ${workerConnections}; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${path.join(dir, "body")};
  proxy_temp_path ${path.join(dir, "proxy")};
  fastcgi_temp_path ${path.join(dir, "fastcgi")};
  uwsgi_temp_path ${path.join(dir, "uwsgi")};
  scgi_temp_path ${path.join(dir, "scgi")};
${site}
}
`;
  };
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, mainConfig([]));
  // A config nginx refuses fails here with its own message.
  execFileSync(NGINX, ["-t", "-q", "-p", dir, "-e", errorLog, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  const proc: ChildProcess = spawn(NGINX, ["-p", dir, "-e", errorLog, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    `nginx on ${url}${out ? ` (${out})` : ""}`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${out}${read(errorLog)}`);
      return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
    },
    20_000,
    200,
  );
  return {
    url,
    port,
    pid: proc.pid!,
    accessLog: () => read(path.join(dir, "access.log")),
    errorLog: () => read(errorLog),
    async setDown(ports) {
      fs.writeFileSync(conf, mainConfig(ports));
      execFileSync(NGINX, ["-t", "-q", "-p", dir, "-e", errorLog, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
      const before = workerPids(proc.pid!);
      proc.kill("SIGHUP"); // reload: new workers take the new configuration, the old ones finish what they hold and exit
      await waitUntil(
        "nginx's workers reloaded",
        () => {
          const now = workerPids(proc.pid!);
          return now.length > 0 && now.every((pid) => !before.includes(pid));
        },
        20_000,
        20,
      );
    },
    async stop() {
      if (proc.exitCode === null) {
        proc.kill("SIGQUIT"); // graceful: finish requests in flight
        await Promise.race([exited, sleep(5_000)]);
        if (proc.exitCode === null) proc.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx's worker processes: the master's children (Linux's /proc). */
function workerPids(masterPid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
    const stat = read(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid === masterPid) pids.push(Number(entry));
  }
  return pids;
}

function read(file: string) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
