// Where `npm run bench:peak` spent the machine's CPU: each process's user + system time from
// /proc, read before and after the timed phase. PostgreSQL runs as its own server (not a child of
// the bench): its backends serving the bench's database are told apart from the rest (the shared
// WAL writer, checkpointer… and whatever other databases the machine serves meanwhile).
import fs from "node:fs";
import { cpuMs, cpuMsOfTree } from "./webhook-load";

const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU ms of the processes that exited and were reaped by `pid` (cutime + cstime). */
function reapedChildrenMs(pid: number): number {
  const f = statFields(pid);
  return f ? ((Number(f[13]) + Number(f[14])) * 1000) / TICKS_PER_SECOND : 0;
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === pid) out.push(Number(entry));
  }
  return out;
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

export type CpuSources = { servers: number[]; nginx: number; postmaster: number | null; databaseName: string };
type CpuSnapshot = Map<string, number>;

/** The PostgreSQL server's main process: the parent of a backend serving us (null when not on this machine). */
export function postmasterOf(backendPid: number): number | null {
  const f = statFields(backendPid);
  return f ? Number(f[1]) : null;
}

export function cpuSnapshot(sources: CpuSources): CpuSnapshot {
  const snap: CpuSnapshot = new Map();
  sources.servers.forEach((pid, i) => snap.set(sources.servers.length > 1 ? `server ${i + 1}` : "server", cpuMsOfTree(pid)));
  snap.set("nginx", cpuMsOfTree(sources.nginx));
  if (sources.postmaster) {
    let ours = 0;
    // Backends that ended were reaped by the postmaster: their time is in its cutime (not ours to split).
    let rest = cpuMs(sources.postmaster) + reapedChildrenMs(sources.postmaster);
    for (const child of childrenOf(sources.postmaster)) {
      if (commandLine(child).includes(` ${sources.databaseName} `)) ours += cpuMs(child);
      else rest += cpuMs(child);
    }
    snap.set("PostgreSQL (this database's backends)", ours);
    snap.set("PostgreSQL (shared processes, other databases)", rest);
  }
  const self = process.cpuUsage();
  snap.set("load generator (this process)", (self.user + self.system) / 1000);
  return snap;
}

/** CPU seconds per process over the phase, and as a share of one core. */
export function cpuReport(before: CpuSnapshot, after: CpuSnapshot, seconds: number): string[] {
  return [...after].map(([name, ms]) => {
    const used = (ms - (before.get(name) ?? 0)) / 1000;
    return `| ${name} | ${used.toFixed(1)} s | ${((used / seconds) * 100).toFixed(0)} % |`;
  });
}
