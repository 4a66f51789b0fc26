import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { PHOTO_MESSAGES } from "~/platform/images/photo-rules";
import { photoStorageKey } from "~/platform/images/photos.server";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { action, loader } from "./conta";

// The account's profile photo on /conta (issue 17, item 1): checked by content, cleaned of its
// EXIF, stored as square WebP, shown as the person's avatar; removable; gone with the account.

const ctx = testContext();
const args = (request: Request) => ({ request, params: {}, context: ctx }) as never;

async function send(cookie: string, fields: Record<string, string>, photo?: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("foto", photo);
  const result = (await action(args(authedRequest("/conta", { method: "POST", body: form, cookie })))) as {
    data: { ok: boolean; message?: string; errors?: Record<string, string> };
    init: { status: number } | null;
  };
  return { status: result.init?.status ?? 200, ...result.data };
}

const photoKeyOf = async (userId: string) =>
  (await db.select({ key: schema.user.photoKey }).from(schema.user).where(eq(schema.user.id, userId)))[0]?.key ?? null;

async function cameraJpeg() {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#242766" } })
    .jpeg()
    .withExif({ IFD0: { Make: "CameraDeTeste" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "19/1 55/1 0/1" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], "eu.jpg", { type: "image/jpeg" });
}

describe("/conta profile photo", () => {
  it("stores a square WebP without EXIF, shows it as the avatar, and removes it on request", async () => {
    const me = await createTestUser();
    const sent = await send(me.cookie, { intent: "foto" }, await cameraJpeg());
    expect(sent).toMatchObject({ ok: true, message: "Foto atualizada." });
    const key = await photoKeyOf(me.user.id);
    expect(key).toMatch(/^perfil-[0-9a-f]{24}$/);

    const stored = await readAll((await getStorage().get(photoStorageKey(key!, 256)))!);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    const page = (await loader(args(authedRequest("/conta", { cookie: me.cookie })))) as {
      profile: { avatarUrl: string; hasPhoto: boolean };
    };
    expect(page.profile.hasPhoto).toBe(true);
    expect(page.profile.avatarUrl).toContain(key!);

    expect(await send(me.cookie, { intent: "foto", remover: "sim" })).toMatchObject({ ok: true, message: "Foto removida." });
    expect(await photoKeyOf(me.user.id)).toBeNull();
  });

  it("refuses an SVG, a HEIC and an empty field with their messages, storing nothing", async () => {
    const me = await createTestUser();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "eu.png", { type: "image/png" });
    expect(await send(me.cookie, { intent: "foto" }, svg)).toMatchObject({
      status: 400,
      ok: false,
      errors: { foto: PHOTO_MESSAGES.wrongType },
    });
    const heic = new File([new Uint8Array([0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")])], "eu.heic");
    expect(await send(me.cookie, { intent: "foto" }, heic)).toMatchObject({ status: 400, errors: { foto: PHOTO_MESSAGES.heic } });
    expect(await send(me.cookie, { intent: "foto" })).toMatchObject({ status: 400, errors: { foto: "Escolha uma foto." } });
    expect(await photoKeyOf(me.user.id)).toBeNull();
  });

  it("deleting the account deletes the photo's files", async () => {
    const me = await createTestUser();
    await send(me.cookie, { intent: "foto" }, await cameraJpeg());
    const key = (await photoKeyOf(me.user.id))!;
    expect(await getStorage().exists(photoStorageKey(key, 96))).toBe(true);
    const response = (await action(
      args(
        authedRequest("/conta", {
          method: "POST",
          cookie: me.cookie,
          body: new URLSearchParams({ intent: "excluir", password: me.password }),
        }),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await getStorage().exists(photoStorageKey(key, 96))).toBe(false);
    expect(await getStorage().exists(photoStorageKey(key, 256))).toBe(false);
  });

  it("a replaced or removed photo's files go at once, unless another account uses the same picture; none survive the account (issue 31)", async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    const picture = (color: string) =>
      sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
        .png()
        .toBuffer()
        .then((b) => new File([new Uint8Array(b)], "eu.png", { type: "image/png" }));
    const exists = (key: string) => getStorage().exists(photoStorageKey(key, 96));

    await send(me.cookie, { intent: "foto" }, await picture("#112233"));
    const first = (await photoKeyOf(me.user.id))!;
    // The same picture on another account: the same content-addressed files.
    await send(other.cookie, { intent: "foto" }, await picture("#112233"));
    expect(await photoKeyOf(other.user.id)).toBe(first);

    await send(me.cookie, { intent: "foto" }, await picture("#445566"));
    const second = (await photoKeyOf(me.user.id))!;
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(true); // still the other account's photo

    await send(me.cookie, { intent: "foto" }, await picture("#778899"));
    const third = (await photoKeyOf(me.user.id))!;
    expect(await exists(second)).toBe(false);
    expect(await getStorage().exists(photoStorageKey(second, 256))).toBe(false);

    await send(other.cookie, { intent: "foto", remover: "sim" });
    expect(await exists(first)).toBe(false);

    await action(
      args(
        authedRequest("/conta", {
          method: "POST",
          cookie: me.cookie,
          body: new URLSearchParams({ intent: "excluir", password: me.password }),
        }),
      ),
    );
    expect(await exists(third)).toBe(false);
  });
});
