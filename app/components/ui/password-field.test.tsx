import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PasswordField } from "./password-field";

const appDir = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("PasswordField", () => {
  it("draws a password box with a 'Mostrar senha' toggle button tied to it, off at first", () => {
    const html = renderToString(<PasswordField label="Senha" name="password" autoComplete="current-password" />);
    expect(html).toMatch(/<input[^>]*id="campo-password"[^>]*type="password"/);
    const button = html.match(/<button[^>]*>/)?.[0] ?? "";
    expect(button).toContain('type="button"');
    expect(html).toMatch(/<span class="sr-only">Mostrar senha<\/span><\/button>/);
    expect(button).toContain('aria-pressed="false"');
    expect(button).toContain('aria-controls="campo-password"');
  });

  it("is the only password box of the app: every other one goes through it", () => {
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.endsWith(path.join("components", "ui", "password-field.tsx")))
      .filter((file) => /type=["{]\s*"?password"?/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file));
    expect(offenders).toEqual([]);
  });
});
