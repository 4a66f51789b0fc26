// Build check: the browser's files must carry neither drizzle nor the schema (docs/decisions/110-domain-modules.md).
// A route that imports the schema at runtime (e.g. for a list of constants) would ship drizzle and every table
// and column name to every visitor; React Router's .server rule cannot see it because the schema is not *.server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Markers of server-only code: drizzle's own symbols and the schema's multi-word table names. */
export function serverMarkers(schemaSource) {
  const tables = [...schemaSource.matchAll(/pgTable\(\s*"([a-z]+_[a-z_]+)"/g)].map((m) => m[1]);
  return ["drizzle:", "drizzle-orm", ...new Set(tables)];
}

/** Each file under `dir` that contains a marker, with the markers it contains. */
export function findServerLeaks(dir, markers) {
  const leaks = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(m?js|css|html|json)$/.test(entry.name)) {
        const text = fs.readFileSync(file, "utf8");
        const found = markers.filter((marker) => text.includes(marker));
        if (found.length > 0) leaks.push({ file: path.relative(dir, file), found });
      }
    }
  };
  walk(dir);
  return leaks;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const clientDir = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? path.join(root, "build"), "client"));
  const markers = serverMarkers(fs.readFileSync(path.join(root, "app/platform/db/schema.ts"), "utf8"));
  const leaks = findServerLeaks(clientDir, markers);
  if (leaks.length > 0) {
    console.error("O pacote do navegador contém código do servidor (drizzle ou o schema):");
    for (const leak of leaks) console.error(`  ${leak.file}: ${leak.found.join(", ")}`);
    process.exit(1);
  }
}
