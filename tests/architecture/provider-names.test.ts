/**
 * Routes and services ask the provider registry for a capability, never compare a provider's name
 * (docs/decisions/209-provider-registry.md): a new PSP is then one folder and one registry line,
 * not an edit in every file that once asked "is this Stripe?". Only app/domain/payments/ (the
 * adapters and the registry), tests and the seed's demo rows may name a provider.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "server", "scripts"];
const EXEMPT_DIRS = ["app/domain/payments/", "app/seed/"];

/**
 * Comparisons that must stay, each with its reason. A line listed here may keep its comparison;
 * any other line that names a provider fails.
 */
const ALLOWED: Record<string, string> = {
  // The sandbox's own hosted pages (its checkout and its portal) serve only rows the sandbox made:
  // "is this row mine?" names the page's own provider, not a capability another one could have.
  "app/routes/sandbox.checkout.$id.tsx": "the sandbox's checkout page opens only the sandbox's gifts",
  "app/routes/sandbox.portal.$customer.tsx": "the sandbox's portal opens only the sandbox's customers",
};

const NAMES = "stripe|sandbox|pix";
/**
 * `"stripe"` and `"sandbox"` compared with anything; `"pix"` only against something named
 * provider or `.name` — "pix" is also a payment method (`paymentMethod === "pix"` is not a provider check).
 */
const PATTERNS = [
  new RegExp(String.raw`[!=]==?\s*["'](stripe|sandbox)["']`),
  new RegExp(String.raw`["'](stripe|sandbox)["']\s*[!=]==?`),
  new RegExp(String.raw`(provider|Provider|\.name)\??\s*[!=]==?\s*["'](${NAMES})["']`),
  new RegExp(String.raw`["'](${NAMES})["']\s*[!=]==?\s*[\w?.]*(provider|Provider|\.name)\b`),
];

export function providerNameComparisons(source: string): { line: number; text: string }[] {
  return source.split("\n").flatMap((text, i) => (PATTERNS.some((p) => p.test(text)) ? [{ line: i + 1, text: text.trim() }] : []));
}

function sourceFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
      .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !EXEMPT_DIRS.some((exempt) => file.startsWith(exempt))),
  );
}

describe("provider names stay behind the registry", () => {
  it("finds a provider-name comparison in each form it can take", () => {
    const sample = [
      'if (row.provider === "stripe") retry();',
      'const atPsp = provider.name === "pix";',
      'if (gift.provider !== "sandbox") return;',
      'const bank = "sandbox" === pix?.name;',
      'return pix?.name === "pix" ? a : b;',
      'if (row.paymentMethod === "pix") settle();',
      'const method = paymentMethodOf(x) === "pix";',
    ].join("\n");
    expect(providerNameComparisons(sample).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it("no file outside app/domain/payments/ compares a provider's name (except the allowlist)", () => {
    const files = sourceFiles();
    // The scan must see the app, or it could pass by reading nothing.
    expect(files).toContain("app/routes/assine-o-bem.tsx");
    const found = files.flatMap((file) =>
      ALLOWED[file]
        ? []
        : providerNameComparisons(fs.readFileSync(path.join(ROOT, file), "utf8")).map((hit) => `${file}:${hit.line}: ${hit.text}`),
    );
    expect(found).toEqual([]);
  });

  it("every allowlisted file still needs its entry", () => {
    const stale = Object.keys(ALLOWED).filter(
      (file) => providerNameComparisons(fs.readFileSync(path.join(ROOT, file), "utf8")).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
