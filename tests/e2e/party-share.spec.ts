import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

// Issue 17: a creator creates a party with a photo, gets the share moment (link, copy, QR PNG,
// invitation PDF), and a guest's open party page sees another guest's gift arrive without a reload.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

function saoPauloDate(daysFromToday: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysFromToday, 12)).toISOString().slice(0, 10);
}

async function logIn(page: Page, redirectTo: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`));
}

test("create with a photo, share it, and a guest sees another guest's gift arrive live", async ({ page, browser, baseURL, request }) => {
  // One 120-character word: the page must still fit a 390 px phone.
  const stamp = Date.now().toString(36);
  const name = `Superfesta${stamp}`.padEnd(120, "a");
  expect(name).toHaveLength(120);
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#f59e0b" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Celular" } })
    .toBuffer();

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await logIn(page, "/criar-festa");
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Aniversário");
  await page.getByLabel("Data do evento").fill(saoPauloDate(5));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ label: "Associação Patinhas do Bem · Belo Horizonte - MG" });
  await page.getByLabel("Meta de arrecadação (opcional)").fill("1.000,00");
  await page.getByLabel("Foto de capa (opcional)").setInputFiles({ name: "festa.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();

  // The share moment.
  await expect(page.getByRole("heading", { name: "Sua festa está no ar!" })).toBeVisible();
  const code = /\/painel\/festa\/([0-9a-z]{5})\?nova=1$/.exec(page.url())![1]!;
  const link = `${new URL(baseURL!).origin.replace("127.0.0.1", "localhost")}/festa/${code}`;
  await expect(page.getByTestId("share-link")).toHaveText(/\/festa\/[0-9a-z]{5}$/);
  const shown = (await page.getByTestId("share-link").textContent())!;
  await page.getByRole("button", { name: "Copiar link" }).click();
  await expect(page.getByText("Link copiado!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await expect(page.getByRole("link", { name: "Enviar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.+/);

  const [qr] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "QR code (PNG)" }).click()]);
  const qrBytes = fs.readFileSync((await qr.path())!);
  expect([...qrBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Convite (PDF)" }).click()]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // og:image: an absolute URL to a 1200×630 PNG.
  const html = await (await request.get(`/festa/${code}`)).text();
  const og = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!.replaceAll("&amp;", "&");
  expect(og).toMatch(/^https?:\/\/[^/]+\/festa\/[0-9a-z]{5}\/previa\.png\?v=/);
  const preview = await request.get(new URL(og).pathname + new URL(og).search);
  expect(preview.headers()["content-type"]).toBe("image/png");
  const png = await preview.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  // A guest with the page open (390 px): the photo, nothing overflowing.
  const guestContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "pt-BR" });
  const guest = await guestContext.newPage();
  await guest.goto(`/festa/${code}`);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(guest.locator('img[src^="/fotos/capa-"]')).toBeVisible();
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expect(guest.getByText("Seja o primeiro a contribuir")).toBeVisible();

  // Another guest pays in a second page (sandbox checkout).
  const payerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "pt-BR" });
  const payer = await payerContext.newPage();
  const donor = `Convidada ${stamp}`;
  await payer.goto(`/doar?festa=${code}`);
  await payer.locator("label", { hasText: /^R\$ 50$/ }).click();
  await payer.getByLabel("Nome", { exact: true }).fill(donor);
  await payer.getByLabel("E-mail", { exact: true }).fill(`convidada.${stamp}@exemplo.com.br`);
  await payer.getByLabel("Cartão", { exact: true }).check();
  await payer.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await expect(payer).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await payer.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(payer.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible();

  // The first guest's page, never reloaded, shows it.
  const recent = guest.getByRole("region", { name: "Contribuições Recentes" });
  await expect(recent.getByText(donor)).toBeVisible({ timeout: 15_000 });
  await expect(guest.getByTestId("arrecadado")).toHaveText("R$ 50,00");
  await expect(guest.getByText("Faltam R$ 950,00 para a meta")).toBeVisible();
  await expect(guest.getByText("1 pessoa já doou")).toBeVisible();
  expect(await guest.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(link).toContain(code);
  await guestContext.close();
  await payerContext.close();
});
