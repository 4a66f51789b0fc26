/**
 * Every promise on the site is backed by a feature (issue 33): the registry (feature-registry.ts)
 * lists each claim with its phrases; this test reads the source of every page, component, e-mail,
 * domain text and seed file and fails when one mentions a feature flagged absent, or a
 * configuration-dependent one outside the files that check its variable, or when a present
 * feature's code or test is gone. docs/claims.md is the table for people; it must list every id.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findViolations, readSources, ROOT } from "./check-claims";
import { type Feature, FEATURES } from "./feature-registry";

describe("every claim on the site is backed by a feature", () => {
  const sources = readSources();

  it("no page, e-mail or text mentions an absent feature; each present one has its code and test", () => {
    expect(findViolations(FEATURES, sources)).toEqual([]);
  });

  it("fails when a feature the pages mention is flagged absent", () => {
    const withoutMural = FEATURES.map((f): Feature =>
      f.id === "mural" ? { id: f.id, claim: f.claim, phrases: f.phrases, status: "absent", why: "test" } : f,
    );
    const violations = findViolations(withoutMural, sources);
    expect(violations).toContain('mural (absent): app/routes/assine-o-bem.mural.tsx says "Mural de apoiadores"');
    expect(violations.some((v) => v.startsWith("mural (absent): app/domain/subscriptions/benefits.ts"))).toBe(true);
  });

  it("fails when a configuration-dependent benefit is mentioned where nothing checks its variable, or a backing file is gone", () => {
    const page = new Map(sources).set("app/routes/nova-pagina.tsx", "Participe do grupo exclusivo de assinantes no WhatsApp!");
    expect(findViolations(FEATURES, page)).toEqual([
      'whatsapp-group (needs SUBSCRIBERS_WHATSAPP_GROUP_URL): app/routes/nova-pagina.tsx says "grupo exclusivo de assinantes" without checking it',
    ]);
    expect(findViolations(FEATURES, sources, (p) => p !== "app/domain/subscriptions/visits.server.ts")).toEqual([
      "guided-visit: app/domain/subscriptions/visits.server.ts, which backs it, is gone",
    ]);
  });

  it("docs/claims.md lists every feature of the registry", () => {
    const table = fs.readFileSync(path.join(ROOT, "docs/claims.md"), "utf8");
    for (const feature of FEATURES) expect(table, feature.id).toContain(`\`${feature.id}\``);
  });
});
