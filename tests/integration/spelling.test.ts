/**
 * The spelling check of the UI strings (issue 33, decision 163): `npm run lint` runs cspell with the
 * pt-BR dictionary and the project's word list. This proves the configuration catches a slip in
 * Portuguese prose, accepts correct copy and the project's own terms, and stays in the lint script.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

async function spell(source: string): Promise<string[]> {
  const child = run(
    process.execPath,
    [
      path.join(ROOT, "node_modules/cspell/bin.mjs"),
      "lint",
      "--config",
      "cspell.config.yaml",
      "--no-progress",
      "--no-summary",
      "--words-only",
      "--language-id",
      "typescript",
      "stdin",
    ],
    { cwd: ROOT },
  );
  child.child.stdin!.end(source);
  const { stdout } = await child.catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return stdout.split("\n").filter(Boolean);
}

describe("spelling of the UI strings", () => {
  it("flags a Portuguese misspelling and passes correct copy with the project's terms", async () => {
    // One run (loading the dictionaries is most of the time): only the two slips are reported.
    const source = [
      'export const a = "Obrigado pela sua doacão: o recebimeto chega por e-mail.";',
      'export const b = <p id="beneficios-assinante">Sua doação para a AADORA foi confirmada; o comprovante do repasse chega por Pix Automático na terça-feira.</p>;',
    ].join("\n");
    expect(await spell(source)).toEqual(["doacão", "recebimeto"]);
  }, 90_000);

  it("runs in npm run lint", () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(scripts.lint).toContain("npm run spell");
    expect(scripts.spell).toMatch(/^cspell lint .*--config cspell\.config\.yaml/);
  });
});
