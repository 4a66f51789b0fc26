import { describe, expect, it } from "vitest";
import { PROOF_UPLOAD } from "~/domain/payouts";
import { PHOTO_MESSAGES, PHOTO_RULE_TEXT, PHOTO_UPLOAD } from "~/platform/images/photo-rules";
import { processPhoto } from "~/platform/images/photos.server";
import { uploadRefusal } from "./upload-check";

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const HEIC_HEAD = [0, 0, 0, 0x18, ...Buffer.from("ftypheic"), 0, 0, 0, 0];
const file = (head: number[], size = 1024) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], "arquivo");
};

describe("uploadRefusal (the browser's check before sending)", () => {
  it("refuses a 12 MB photo by its size alone, with the server's very message", async () => {
    const big = file(JPEG_HEAD, 12 * 1024 * 1024);
    expect(await uploadRefusal(big, PHOTO_UPLOAD)).toBe(PHOTO_MESSAGES.tooLarge);
    expect(await processPhoto(big, "capa")).toEqual({ ok: false, message: PHOTO_MESSAGES.tooLarge });
    expect(PHOTO_MESSAGES.tooLarge).toBe("A foto tem mais de 10 MB. Escolha uma foto menor.");
  });

  it("reads the kind from the first bytes, as the server does: HEIC and anything else are refused", async () => {
    expect(await uploadRefusal(file(JPEG_HEAD), PHOTO_UPLOAD)).toBeNull();
    expect(await uploadRefusal(file(PNG_HEAD), PHOTO_UPLOAD)).toBeNull();
    expect(await uploadRefusal(file(HEIC_HEAD), PHOTO_UPLOAD)).toBe(PHOTO_MESSAGES.heic);
    expect(await uploadRefusal(new File(["GIF89a……"], "foto.jpg"), PHOTO_UPLOAD)).toBe(PHOTO_MESSAGES.wrongType);
  });

  it("holds the payout proof to its own rule: a PDF passes, a WebP does not, 11 MB is too much", async () => {
    expect(await uploadRefusal(new File(["%PDF-1.7 …"], "extrato.pdf"), PROOF_UPLOAD)).toBeNull();
    expect(await uploadRefusal(file([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP")]), PROOF_UPLOAD)).toBe(
      PROOF_UPLOAD.messages.wrongType,
    );
    expect(await uploadRefusal(new File([new Uint8Array(11 * 1024 * 1024)], "extrato.pdf"), PROOF_UPLOAD)).toBe(
      PROOF_UPLOAD.messages.tooLarge,
    );
  });

  it("states the limit next to the field from the same constant", () => {
    expect(PHOTO_RULE_TEXT).toBe("JPG, PNG ou WebP até 10 MB");
  });
});
