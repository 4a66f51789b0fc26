import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findServerLeaks, serverMarkers } from "./check-client-bundle.mjs";

const schema = fs.readFileSync(path.resolve(import.meta.dirname, "../app/platform/db/schema.ts"), "utf8");

describe("client bundle check", () => {
  it("knows the schema's table names", () => {
    expect(serverMarkers(schema)).toEqual(expect.arrayContaining(["drizzle:", "payment_events", "email_outbox"]));
  });

  it("flags a planted leak and passes a clean bundle", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-check-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets/page.js"), 'export const a = "Casamento";');
    expect(findServerLeaks(dir, serverMarkers(schema))).toEqual([]);
    fs.writeFileSync(path.join(dir, "assets/leak.js"), 'const t = Symbol.for("drizzle:Name"); pgTable("payment_events", {});');
    expect(findServerLeaks(dir, serverMarkers(schema))).toEqual([{ file: "assets/leak.js", found: ["drizzle:", "payment_events"] }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
