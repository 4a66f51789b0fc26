import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIfChanged, humanLine, sourceHash } from "./start.mjs";

describe("npm start: build only when the sources changed", () => {
  it("hashes the build's inputs, not the tests", () => {
    const hash = sourceHash();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sourceHash()).toBe(hash);
    expect(sourceHash(["scripts/start.mjs"])).not.toBe(sourceHash(["scripts/start.test.ts"])); // a test alone hashes to nothing
    expect(sourceHash(["scripts/start.test.ts"])).toBe(sourceHash([]));
  });

  it("skips the build when build/ holds a build of exactly these sources", () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-test-"));
    try {
      fs.mkdirSync(path.join(buildDir, "server"));
      fs.writeFileSync(path.join(buildDir, "server/index.js"), "");
      fs.writeFileSync(path.join(buildDir, ".source-hash"), `${sourceHash()}\n`);
      const said: string[] = [];
      expect(buildIfChanged({ buildDir, say: (line: string) => said.push(line) })).toBe(true);
      expect(said).toEqual(["• Site já compilado para estas fontes (nada mudou desde a última compilação)."]);
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe("npm start: the log as a person reads it", () => {
  it("shows start-up lines, warnings and errors, and the address once ready", () => {
    expect(humanLine(JSON.stringify({ level: 30, msg: "Dados de demonstração criados" }))).toBe("• Dados de demonstração criados");
    expect(humanLine(JSON.stringify({ level: 40, msg: "PAUSADO" }))).toBe("! PAUSADO");
    expect(humanLine(JSON.stringify({ level: 50, msg: "Falha", err: { message: "boom" } }))).toBe("✖ Falha — boom");
    const ready = humanLine(
      JSON.stringify({ level: 30, msg: "Festa Solidária em http://localhost:3000 (porta 3000, banco PGlite em data)" }),
    );
    expect(ready).toContain("✔ Pronto! Abra http://localhost:3000 no navegador.");
    expect(ready).toContain("\n  (porta 3000, banco PGlite em data)\n");
  });

  it("leaves request logs to the JSON log, except failures, and passes other output through", () => {
    expect(humanLine(JSON.stringify({ level: 30, msg: "request completed", req: { url: "/" }, res: { statusCode: 200 } }))).toBeNull();
    expect(humanLine(JSON.stringify({ level: 50, msg: "request errored", req: { url: "/" } }))).toBe("✖ request errored");
    expect(humanLine("plain text from a library")).toBe("plain text from a library");
  });
});
