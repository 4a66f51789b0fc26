// npm run bench:profile -- <file.cpuprofile> [--skip S] [--callers fnName] [--incl fn1,fn2]
// Reads a `node --cpu-prof` profile (e.g. of a bench server: BENCH_SERVER_NODE_ARGS="--cpu-prof
// --cpu-prof-dir=/tmp/prof"): busy time after the first S seconds (the warm-up; default 8), self
// time by package and by function, the inclusive time of the named functions (or of every function
// above 4 %), or with --callers where a function's time comes from (three callers up).
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const prof = JSON.parse(fs.readFileSync(args[0], "utf8"));
const skipUntil = prof.startTime + Number(option("--skip", "8")) * 1e6;
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function where(url) {
  if (!url) return "(native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return "node:";
  return url.includes("/build") ? "app (build)" : url.split("/").slice(-2).join("/");
}
const label = (id) => {
  const f = nodes.get(id).callFrame;
  return `${f.functionName || "(anonymous)"} [${where(f.url)}:${f.lineNumber}]`;
};
const add = (map, key, dt) => map.set(key, (map.get(key) ?? 0) + dt);

let total = 0;
let t = prof.startTime;
const byPackage = new Map();
const byFunction = new Map();
const inclusive = new Map();
const callers = new Map();
const callersOf = option("--callers");
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i];
  const dt = prof.timeDeltas[i + 1] ?? 0;
  const id = prof.samples[i];
  const frame = nodes.get(id).callFrame;
  if (t < skipUntil || frame.functionName === "(idle)") continue;
  total += dt;
  add(byPackage, frame.functionName.startsWith("(") ? frame.functionName : where(frame.url), dt);
  add(byFunction, label(id), dt);
  const seen = new Set();
  let outermost;
  for (let up = id; up !== undefined; up = parent.get(up)) {
    const f = nodes.get(up).callFrame;
    const key = `${f.functionName || "(anonymous)"} [${where(f.url)}]`;
    if (!seen.has(key)) add(inclusive, key, dt);
    seen.add(key);
    if (f.functionName === callersOf) outermost = up;
  }
  if (outermost !== undefined) {
    const chain = [];
    for (let up = parent.get(outermost); up !== undefined && chain.length < 3; up = parent.get(up)) chain.push(label(up));
    add(callers, chain.join(" < "), dt);
  }
}
const pct = (x) => `${((100 * x) / total).toFixed(1).padStart(5)} %`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`busy ${(total / 1e6).toFixed(2)} s (after the first ${option("--skip", "8")} s)`);
if (callersOf) {
  for (const [k, v] of top(callers, 15)) console.log(pct(v), k);
  process.exit(0);
}
console.log("\nself time by package");
for (const [k, v] of top(byPackage, 20)) console.log(pct(v), k);
console.log("\nself time by function");
for (const [k, v] of top(byFunction, 30)) console.log(pct(v), k);
const wanted = option("--incl", "").split(",").filter(Boolean);
console.log("\ninclusive time");
for (const [k, v] of top(inclusive, Infinity))
  if (wanted.length ? wanted.some((w) => k.startsWith(`${w} `)) : v / total > 0.04) console.log(pct(v), k);
