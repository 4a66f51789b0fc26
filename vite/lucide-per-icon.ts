import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Rewrites `import { Heart, Link as LinkIcon } from "lucide-react"` in our code into one import per
 * icon (`lucide-react/icons/heart`). Through the package's index every icon's only importer is the
 * index; per icon, the chunking in vite.config.ts sees which of our modules use it and can put it
 * with them (docs/decisions/090-client-javascript.md). Type imports stay on the index.
 */
export function lucidePerIcon(): Plugin {
  let fileOf: Map<string, string> | undefined;
  const iconFiles = (root: string) => {
    if (fileOf) return fileOf;
    const index = fs.readFileSync(path.join(root, "node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
    fileOf = new Map();
    for (const [, names, file] of index.matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) fileOf.set(name!, file!);
    }
    return fileOf;
  };
  let root = process.cwd();
  return {
    name: "lucide-per-icon",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!/\/app\/.*\.tsx?$/.test(id) || !code.includes('"lucide-react"')) return null;
      const files = iconFiles(root);
      return code.replace(/import \{([^}]+)\} from "lucide-react";/g, (statement, specifiers: string) => {
        const kept: string[] = [];
        const perIcon: string[] = [];
        for (const specifier of specifiers
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name, alias = name] = specifier.split(/\s+as\s+/) as [string, string?];
          const file = files.get(name);
          if (file && !name.startsWith("type ")) perIcon.push(`import ${alias} from "lucide-react/icons/${file}";`);
          else kept.push(specifier);
        }
        const imports = [...perIcon, ...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : [])];
        // One line, then the statement's line breaks: later lines keep their numbers.
        return imports.join(" ") + "\n".repeat(statement.split("\n").length - 1);
      });
    },
  };
}
