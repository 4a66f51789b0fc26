/**
 * Import directions (docs/decisions/110-domain-modules.md, docs/architecture.md):
 *   routes → domain → platform; components → domain rules → platform;
 *   a domain reaches another domain only through its public index (index.ts / index.server.ts);
 *   browser code never imports server modules or the schema at runtime; no cycles.
 */
const DOMAIN_INDEX = "^app/domain/[^/]+/index(\\.server)?\\.ts$";
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes load order matter and hides which module owns what.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "type-import"] } },
    },
    {
      name: "platform-is-the-bottom",
      severity: "error",
      comment: "app/platform is what every domain uses; it knows no domain, route or component (the shared e-mail layout lives in it).",
      from: { path: "^app/platform/", pathNot: ["\\.test\\.tsx?$", "^app/platform/db/schema\\.ts$"] },
      to: { path: "^app/(domain|routes|components|seed)/|^app/(root|routes|startup\\.server|jobs\\.server)\\.tsx?$" },
    },
    {
      name: "schema-reads-only-domain-constants",
      severity: "error",
      comment: "The schema may read the domains' plain constant modules (event types, statuses), nothing else of theirs.",
      from: { path: "^app/platform/db/schema\\.ts$" },
      to: { path: "^app/(domain/.*\\.server\\.tsx?|routes/|components/|seed/)" },
    },
    {
      name: "domain-below-routes",
      severity: "error",
      comment: "Domains never import routes, components or the app's entry points.",
      from: { path: "^app/domain/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/(routes|components|seed)/|^app/(root|routes|startup\\.server|jobs\\.server)\\.tsx?$" },
    },
    {
      name: "cross-domain-through-index",
      severity: "error",
      comment: "Another domain is reached only through its public index (index.ts or index.server.ts).",
      from: { path: "^app/domain/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/domain/", pathNot: ["^app/domain/$1/", DOMAIN_INDEX] },
    },
    {
      name: "browser-never-imports-server",
      severity: "error",
      comment:
        "Components and plain domain rules run in the browser too (e-mail templates are *.server.tsx): no *.server module, no schema at runtime.",
      from: { path: "^app/(components/|platform/|domain/)", pathNot: "\\.server\\.tsx?$|\\.test\\.tsx?$" },
      to: {
        path: "\\.server\\.tsx?$|^app/platform/db/schema\\.ts$|^node_modules/(drizzle-orm|pg|@electric-sql)/",
        dependencyTypesNot: ["type-only", "type-import"],
      },
    },
    {
      name: "routes-call-services-not-db",
      severity: "error",
      comment: "Routes stay thin: they call a domain's services or queries, which own the database and its transactions.",
      from: { path: "^app/(routes/|root\\.tsx)", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/platform/db\\.server\\.ts$|^node_modules/drizzle-orm/" },
    },
    {
      name: "routes-never-import-schema",
      severity: "error",
      comment: "A route's module reaches the browser bundle; the schema and drizzle stay on the server.",
      from: { path: "^app/(routes/|root\\.tsx)" },
      to: { path: "^app/platform/db/schema\\.ts$|^node_modules/drizzle-orm/", dependencyTypesNot: ["type-only", "type-import"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
  },
};
