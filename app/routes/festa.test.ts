import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { insertCause, insertParty, insertPaidGift, insertUser } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import { readToast } from "~/platform/http/toast.server";
import { loader as eventsLoader } from "./eventos";
import { loader, meta } from "./festa.$id";
import { loader as previewLoader } from "./festa.$id.previa[.]png";
import sharp from "sharp";

const load = (id: string) =>
  loader({ request: new Request(`http://localhost:3000/festa/${id}`), params: { id }, context: testContext() } as never).catch(
    (r: unknown) => r,
  );
type Loaded = {
  data: { status: string; party: Record<string, unknown>; gifts: Array<Record<string, unknown>>; qr: string | null };
  init: { status?: number } | null;
};

async function setup(overrides: Parameters<typeof insertParty>[0] extends infer T ? Partial<T> : never = {}) {
  const user = await insertUser();
  const cause = await insertCause({ name: "Proteção Animal" });
  return insertParty({ userId: user.id, causeId: cause.id, ...overrides });
}

describe("/festa/:id", () => {
  it("shows a live party by code or id with public gifts only and a QR code", async () => {
    const party = await setup({ shareCode: "abc12" });
    await insertPaidGift(party.id, { amountCents: 5000, name: "Carla", email: "carla@exemplo.com.br", message: "Parabéns!" });
    await insertPaidGift(party.id, { amountCents: 2000, name: null, email: "anon@exemplo.com.br" });
    const byCode = (await load("ABC12")) as Loaded;
    expect(byCode.data.status).toBe("live");
    expect(byCode.data.party).toMatchObject({ raisedCents: 7000, paidCount: 2, causeName: "Proteção Animal" });
    expect(byCode.data.party).not.toHaveProperty("userId");
    expect(byCode.data.gifts.map((g) => g.name)).toEqual([null, "Carla"]);
    expect(byCode.data.qr).toMatch(/^data:image\/svg\+xml/);
    expect(JSON.stringify(byCode.data)).not.toContain("exemplo.com.br");
    expect(((await load(party.id)) as Loaded).data.party.id).toBe(party.id);
  });

  it("says who organises it (first and last name, avatar), and shows the cover or the default banner", async () => {
    const cause = await insertCause();
    const host = await insertUser("Mariana de Souza Lima");
    const withPhoto = await insertParty({ userId: host.id, causeId: cause.id, coverPhotoKey: `capa-${"a".repeat(24)}` });
    const loaded = (await load(withPhoto.shareCode)) as Loaded;
    expect(loaded.data.party).toMatchObject({
      organizer: "Mariana Lima",
      organizerAvatar: expect.stringMatching(/^\/images\/avatars\/avatar-[1-4]\.svg$/),
      cover: {
        src: `/fotos/capa-${"a".repeat(24)}-1280.webp`,
        srcSet: expect.stringContaining("-640.webp 640w"),
        width: 1280,
        height: 720,
      },
    });
    expect(loaded.data.party).not.toHaveProperty("creatorName");
    const plain = await insertParty({ userId: host.id, causeId: cause.id });
    expect(((await load(plain.shareCode)) as Loaded).data.party.cover).toEqual({
      src: "/images/banners/festa.svg",
      width: 640,
      height: 320,
    });
  });

  it("links a generated 1200×630 PNG preview as og:image (absolute), new when the total changes, 304 on its ETag", async () => {
    const party = await setup({ shareCode: "prev1", goalCents: 100_000, name: "Festa da Zeca" });
    const loaded = (await load("prev1")) as Loaded;
    const tags = meta({
      loaderData: loaded.data,
      matches: [{ id: "root", data: { config: { publicUrl: "http://localhost:3000" } } }],
      location: { pathname: "/festa/prev1" },
    } as never) as Array<Record<string, string>>;
    const og = tags.find((t) => t.property === "og:image")!.content!;
    expect(og).toMatch(/^http:\/\/localhost:3000\/festa\/prev1\/previa\.png\?v=[a-z0-9-]+$/);
    const get = (etag?: string) =>
      previewLoader({
        params: { id: "prev1" },
        request: new Request(og, { headers: etag ? { "If-None-Match": etag } : {} }),
      } as never) as Promise<Response>;
    const response = await get();
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect((await get(response.headers.get("ETag")!)).status).toBe(304);

    await insertPaidGift(party.id, { amountCents: 5000 });
    const after = (await load("prev1")) as Loaded;
    const ogAfter = (
      meta({
        loaderData: after.data,
        matches: [{ id: "root", data: { config: { publicUrl: "http://localhost:3000" } } }],
        location: { pathname: "/festa/prev1" },
      } as never) as Array<Record<string, string>>
    ).find((t) => t.property === "og:image")!.content;
    expect(ogAfter).not.toBe(og);
    expect((await get(response.headers.get("ETag")!)).status).toBe(200);
  });

  it("names the institution that receives the money: name, formatted CNPJ, city and verified mark", async () => {
    const user = await insertUser();
    const cause = await insertCause({ name: "Doenças Raras" });
    const [org] = await db
      .insert(schema.organizations)
      .values({
        name: "AADORA",
        slug: "aadora",
        causeId: cause.id,
        city: "Belo Horizonte",
        state: "MG",
        description: "Apoio",
        cnpj: "10485736000150",
        verifiedAt: new Date(),
      })
      .returning();
    const party = await insertParty({ userId: user.id, causeId: cause.id, organizationId: org!.id });
    const loaded = (await load(party.shareCode)) as Loaded;
    expect(loaded.data.party.institution).toEqual({
      name: "AADORA",
      slug: "aadora",
      cnpj: "10.485.736/0001-50",
      city: "Belo Horizonte",
      state: "MG",
      verified: true,
    });
    expect(loaded.data.party).not.toHaveProperty("organization");
    const without = await setup();
    expect(((await load(without.shareCode)) as Loaded).data.party.institution).toBeNull();
  });

  it("sends unknown, malformed and inactive parties home", async () => {
    const inactive = await setup({ active: false });
    for (const id of ["zzzzz", "../x", inactive.shareCode]) {
      const response = (await load(id)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("says so on the home page: a toast 'Festa não encontrada' with the search, never kept by a shared cache", async () => {
    const response = (await load("zzzzz")) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
    expect(cookie).toMatch(/^fs_toast=/);
    const { toast } = await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie! } }));
    expect(toast).toMatchObject({ title: "Festa não encontrada", link: { href: "/eventos", label: "Buscar festas" } });
  });

  it("answers 410 with a read-only page 6 days after the event", async () => {
    const ended = await setup({ eventDate: addCalendarDays(todayInSaoPaulo(), -6) });
    const lastDay = await setup({ eventDate: addCalendarDays(todayInSaoPaulo(), -5), shareCode: "last5" });
    const result = (await load(ended.shareCode)) as Loaded;
    expect(result.init?.status).toBe(410);
    expect(result.data).toMatchObject({ status: "ended", gifts: [], qr: null });
    expect(((await load(lastDay.shareCode)) as Loaded).data.status).toBe("live");
  });
});

describe("/eventos", () => {
  it("reads nome, data and pagina from the URL and ignores bad values", async () => {
    await setup({ name: "Aniversário do Théo", eventDate: addCalendarDays(todayInSaoPaulo(), 2) });
    const get = (q: string) =>
      eventsLoader({ request: new Request(`http://localhost:3000/eventos${q}`), params: {}, context: testContext() } as never);
    expect((await get("?nome=theo")).parties).toHaveLength(1);
    expect((await get(`?data=${addCalendarDays(todayInSaoPaulo(), 3)}`)).parties).toHaveLength(0);
    const bad = await get("?nome=&data=31-12-2026&pagina=-3");
    expect(bad.search).toEqual({ nome: "", data: "", pagina: 1 });
    expect(bad.parties).toHaveLength(1);
  });
});
