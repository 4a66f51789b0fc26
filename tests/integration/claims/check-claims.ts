/** Reads the app's source and checks it against the feature registry (used by claims.test.ts). */
import fs from "node:fs";
import path from "node:path";
import type { Feature } from "./feature-registry";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The app's text as a reader meets it: JSX line breaks and indentation collapsed to one space. */
export function readSources(): Map<string, string> {
  return new Map(sourceFiles("app").map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ")]));
}

export function findViolations(
  features: Feature[],
  sources: Map<string, string>,
  exists = (p: string) => fs.existsSync(path.join(ROOT, p)),
) {
  const violations: string[] = [];
  for (const feature of features) {
    const mentions = [...sources].flatMap(([file, text]) =>
      feature.phrases.flatMap((phrase) => {
        const match = text.match(phrase);
        return match ? [{ file, match: match[0] }] : [];
      }),
    );
    if (feature.status === "absent") {
      for (const m of mentions) violations.push(`${feature.id} (absent): ${m.file} says "${m.match}"`);
      continue;
    }
    for (const file of feature.backedBy) if (!exists(file)) violations.push(`${feature.id}: ${file}, which backs it, is gone`);
    if (mentions.length === 0) violations.push(`${feature.id}: no page mentions it any more; update the registry`);
    if (feature.status === "config") {
      for (const m of mentions) {
        if (!feature.gatedIn.includes(m.file))
          violations.push(`${feature.id} (needs ${feature.variable}): ${m.file} says "${m.match}" without checking it`);
      }
    }
  }
  return violations;
}
