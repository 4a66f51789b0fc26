import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import fs from "node:fs";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution } from "@tests/parties";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { PHOTO_MESSAGES } from "~/platform/images/photo-rules";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { action } from "./criar-festa";
import { loader as photoLoader } from "./fotos.$arquivo";

// Cover photos on /criar-festa (issue 17): checked by content, cleaned (EXIF and GPS out, upright),
// cropped and stored as WebP through the file storage; anything else refused with its message and
// nothing stored.

const args = (request: Request) => ({ request, params: {}, context: testContext() }) as never;

async function create(cookie: string, organizationId: string, photo?: File) {
  const form = new FormData();
  const fields = { name: "Aniversário da Lia", eventType: "Aniversário", eventDate: addCalendarDays(todayInSaoPaulo(), 7), organizationId };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("foto", photo);
  const result = await action(args(authedRequest("/criar-festa", { method: "POST", body: form, cookie }))).catch((r: unknown) => r);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), photoError: undefined };
  const r = result as { data: { photoError?: string }; init: { status: number } };
  return { status: r.init.status, location: null, photoError: r.data.photoError };
}

async function setup() {
  const { cookie } = await createTestUser();
  const cause = await insertCause();
  const org = await insertInstitution(cause.id);
  return { cookie, orgId: org.id };
}

const storedFiles = () => {
  const dir = path.join(process.env.DATA_DIR!, "files", "data");
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
};

/** A camera JPEG: 1600×1200 with the GPS position and the camera's make in its EXIF. */
async function cameraJpeg() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c9361f" } })
    .jpeg()
    .withExif({ IFD0: { Make: "CameraDeTeste" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "19/1 55/1 0/1" } })
    .toBuffer();
}

/** A real, tiny PNG whose header then claims `width`×`height` (a decompression bomb's trick). */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29); // IHDR's CRC over type + data
  return png;
}

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("STORAGE_S3_")) delete process.env[name];
});

describe("/criar-festa cover photo", () => {
  it("stores the photo upright as WebP in two widths, with no EXIF (no GPS), and serves it with immutable caching", async () => {
    const { cookie, orgId } = await setup();
    const jpeg = await cameraJpeg();
    const input = (await sharp(jpeg).metadata()).exif!; // the test's input really carries EXIF with GPS
    expect(new TextDecoder("latin1").decode(input)).toContain("CameraDeTeste");
    const created = await create(cookie, orgId, new File([new Uint8Array(jpeg)], "IMG_0001.JPG", { type: "image/jpeg" }));
    expect(created.status).toBe(302);
    const [party] = await db.select().from(schema.parties);
    expect(party!.coverPhotoKey).toMatch(/^capa-[0-9a-f]{24}$/);
    const keys = storedFiles()
      .filter((f) => f.includes(party!.coverPhotoKey!))
      .sort();
    expect(keys).toEqual([`photos/${party!.coverPhotoKey}-1280.webp`, `photos/${party!.coverPhotoKey}-640.webp`]);
    for (const [width, height] of [
      [1280, 720],
      [640, 360],
    ]) {
      const stored = (await getStorage().get(`photos/${party!.coverPhotoKey}-${width}.webp`))!;
      const meta = await sharp(await readAll(stored)).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    const served = (await photoLoader({ params: { arquivo: `${party!.coverPhotoKey}-640.webp` } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new TextDecoder("latin1").decode(await served.arrayBuffer())).not.toContain("CameraDeTeste");
    const missing = (await photoLoader({ params: { arquivo: "../../etc/passwd" } } as never)) as Response;
    expect(missing.status).toBe(404);
  });

  it("turns a sideways camera photo upright before cropping", async () => {
    const { cookie, orgId } = await setup();
    // Top half red, bottom half blue, stored sideways (orientation 6: turn 90° clockwise to view):
    // upright, red is on the right and blue on the left.
    const halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
      .composite([{ input: { create: { width: 400, height: 100, channels: 3, background: "#ff0000" } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(halves).metadata()).orientation).toBe(6);
    await create(cookie, orgId, new File([new Uint8Array(halves)], "lado.jpg"));
    const [party] = await db.select().from(schema.parties);
    const stored = await readAll((await getStorage().get(`photos/${party!.coverPhotoKey}-640.webp`))!);
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(10, 180)[2]).toBeGreaterThan(200);
    expect(pixel(10, 180)[0]).toBeLessThan(50);
    expect(pixel(630, 180)[0]).toBeGreaterThan(200);
    expect(pixel(630, 180)[2]).toBeLessThan(50);
  });

  it.each([
    ["text named .jpg (a lying extension)", new File(["não sou uma foto"], "foto.jpg", { type: "image/jpeg" }), PHOTO_MESSAGES.wrongType],
    [
      "an SVG",
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "foto.svg", { type: "image/svg+xml" }),
      PHOTO_MESSAGES.wrongType,
    ],
    [
      "a GIF",
      new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0])], "foto.png", { type: "image/png" }),
      PHOTO_MESSAGES.wrongType,
    ],
    [
      "a HEIC",
      new File(
        [new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")])],
        "IMG.HEIC",
      ),
      PHOTO_MESSAGES.heic,
    ],
    ["a file over 10 MB", new File([new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff)], "grande.jpg"), PHOTO_MESSAGES.tooLarge],
    [
      "a JPEG header with nothing after it",
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], "quebrada.jpg"),
      PHOTO_MESSAGES.unreadable,
    ],
  ])("refuses %s with its message and stores nothing", async (_, file, message) => {
    const { cookie, orgId } = await setup();
    const before = storedFiles();
    const created = await create(cookie, orgId, file);
    expect(created).toMatchObject({ status: 400, photoError: message });
    expect(await db.select().from(schema.parties)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a decompression bomb (a small file claiming 50 000 × 50 000 pixels) before decoding it", async () => {
    const { cookie, orgId } = await setup();
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.byteLength).toBeLessThan(200);
    const before = storedFiles();
    const created = await create(cookie, orgId, new File([new Uint8Array(bomb)], "bomba.png"));
    expect(created).toMatchObject({ status: 400, photoError: PHOTO_MESSAGES.tooManyPixels });
    expect(await db.select().from(schema.parties)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  it("creates the party without the photo when the storage is down, and the next page says it can be added later", async () => {
    const closed = net.createServer().listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    Object.assign(process.env, {
      STORAGE_S3_BUCKET: "fotos",
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_S3_ACCESS_KEY_ID: "x",
      STORAGE_S3_SECRET_ACCESS_KEY: "y",
      STORAGE_S3_FORCE_PATH_STYLE: "on",
    });
    const { cookie, orgId } = await setup();
    const created = await create(cookie, orgId, new File([new Uint8Array(await cameraJpeg())], "foto.jpg"));
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^\/painel\/festa\/[a-z0-9]{5}\?nova=1&foto=depois$/);
    const [party] = await db.select().from(schema.parties);
    expect(party!.coverPhotoKey).toBeNull();
  });
});
