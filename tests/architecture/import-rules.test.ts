import path from "node:path";
import { cruise, type IForbiddenRuleType } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import config from "../../.dependency-cruiser.cjs";

type Violation = { rule: { name: string }; from: string; to: string };

async function cruiseApp(baseDir: string) {
  const result = await cruise(["app"], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden as IForbiddenRuleType[] },
  });
  if (typeof result.output === "string") throw new Error(result.output);
  return result.output;
}
const violations = async (baseDir: string) => (await cruiseApp(baseDir)).summary.violations as Violation[];

describe("import directions (.dependency-cruiser.cjs)", () => {
  it("catch each kind of deliberate violation in a fixture tree", async () => {
    const found = await violations(path.resolve(import.meta.dirname, "fixture"));
    const byRule = (name: string) => found.filter((v) => v.rule.name === name).map((v) => `${v.from} → ${v.to}`);
    expect(byRule("platform-is-the-bottom")).toEqual(["app/platform/money.ts → app/domain/alpha/rules.ts"]);
    expect(byRule("cross-domain-through-index")).toEqual(["app/domain/beta/rules.ts → app/domain/alpha/queries.server.ts"]);
    expect(byRule("browser-never-imports-server").sort()).toEqual([
      "app/components/card.tsx → app/domain/alpha/service.server.ts",
      "app/domain/beta/rules.ts → app/domain/alpha/queries.server.ts",
    ]);
    expect(byRule("routes-call-services-not-db")).toEqual(["app/routes/page.tsx → app/platform/db.server.ts"]);
    expect(byRule("no-circular").length).toBeGreaterThan(0);
  });

  it("pass on the real app", async () => {
    const output = await cruiseApp(path.resolve(import.meta.dirname, "../.."));
    // The "~/" alias must resolve, or every import would be skipped and nothing could fail.
    const doar = output.modules.find((m) => m.source === "app/routes/doar.tsx");
    expect(doar?.dependencies.some((d) => d.resolved.startsWith("app/domain/donations/"))).toBe(true);
    const found = output.summary.violations as Violation[];
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);
});
