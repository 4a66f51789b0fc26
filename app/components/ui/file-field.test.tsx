import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PHOTO_UPLOAD } from "~/platform/images/photo-rules";
import { FileField } from "./file-field";

const appDir = path.resolve(import.meta.dirname, "../..");
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe("FileField", () => {
  it("draws a labelled file input with its limit said next to it", () => {
    const html = renderToString(<FileField label="Foto" name="foto" rule={PHOTO_UPLOAD} hint="JPG, PNG ou WebP até 10 MB." />);
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('id="campo-foto"');
    expect(input).toContain('type="file"');
    expect(input).toContain('aria-describedby="campo-foto-dica"');
    expect(html).toContain('for="campo-foto">Foto</label>');
    expect(html).toContain(">JPG, PNG ou WebP até 10 MB.</p>");
  });

  it("is the only file input of the app: every upload is checked in the browser first", () => {
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.endsWith(path.join("components", "ui", "file-field.tsx")))
      .filter((file) => /type=["{]\s*"?file"?/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file));
    expect(offenders).toEqual([]);
  });
});
