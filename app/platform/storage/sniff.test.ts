import { describe, expect, it } from "vitest";
import { sniffFileType } from "./sniff";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe("sniffFileType", () => {
  it.each([
    ["pdf", bytes("%PDF-1.7\n%âãÏÓ")],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF")],
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR")],
    ["webp", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ")],
    ["heic", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic")],
    ["heic", bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "mif1heic")],
  ])("knows a %s by its first bytes", (kind, sample) => {
    expect(sniffFileType(sample)?.kind).toBe(kind);
  });

  it.each([
    ["a text file named .pdf", bytes("<script>alert(1)</script>")],
    ["an SVG", bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a bare <svg>", bytes("<svg onload=alert(1)>")],
    ["a GIF", bytes("GIF89a", [1, 0, 1, 0])],
    ["an AVIF", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "mif1miaf")],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a PDF signature further in", bytes(" %PDF-1.7")],
    ["a truncated PNG signature", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["nothing", new Uint8Array(0)],
  ])("does not take %s", (_, sample) => {
    expect(sniffFileType(sample)).toBeNull();
  });
});
