import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";

// Issue 16 items 3–4 on the demo data (app/seed/demo-data.ts): Mariana owns "bia08", a party that
// ended 20 days ago with R$ 400 for AADORA, whose impact units are seeded.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

async function logIn(page: Page) {
  await page.goto("/auth?redirectTo=%2Fpainel");
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/painel$/);
}

async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
}

test("an ended party's impact certificate downloads from /painel and its verification page confirms it", async ({ page }) => {
  await logIn(page);
  const row = page.locator('[data-ended-party="bia08"]');
  await expect(row).toContainText("Festa de 8 anos da Bia");

  const pdf = await download(page, row.getByRole("link", { name: "Baixar PDF" }));
  expect(pdf.name).toMatch(/^certificado-festa-solidaria-.*\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");

  const png = await download(page, row.getByRole("link", { name: /Baixar imagem/ }));
  expect(png.name).toMatch(/\.png$/);
  expect(png.body.subarray(1, 4).toString()).toBe("PNG");
  expect([png.body.readUInt32BE(16), png.body.readUInt32BE(20)]).toEqual([1080, 1080]);

  // Once issued, /painel links to the public verification page.
  await page.reload();
  await row.getByRole("link", { name: "Página de verificação" }).click();
  await expect(page).toHaveURL(/\/certificado\/[0-9A-Z]{16}$/);
  await expect(page.getByRole("heading", { name: "Certificado de Impacto" })).toBeVisible();
  const card = page.locator("[data-certificate]");
  await expect(card).toContainText("Festa de 8 anos da Bia");
  await expect(card).toContainText("R$ 400,00");
  await expect(card).toContainText("2 convidados que doaram");
  await expect(card).toContainText("AADORA");
  await expect(card).toContainText("consultas com especialista");
  await expect(page.locator("main")).not.toContainText("@");

  await page.goto("/certificado/0000-0000-0000-0000");
  await expect(page.getByRole("heading", { name: "Certificado não encontrado" })).toBeVisible();
});

test("/doar speaks the institution's units and offers the party-news checkbox, unchecked", async ({ page }) => {
  await page.goto("/doar?festa=mari3");
  await expect(page.getByText("Paga 1 sessão de fisioterapia (R$ 60,00 cada).").first()).toBeVisible();
  const news = page.getByRole("checkbox", { name: "Quero receber notícias desta festa" });
  await expect(news).toBeVisible();
  await expect(news).not.toBeChecked();
  await expect(page.getByText(/cesta de alimentos/)).toHaveCount(0);
});

test("the creator's thank-you page says when no guest asked for news", async ({ page }) => {
  await logIn(page);
  await page.locator('[data-ended-party="bia08"]').getByRole("link", { name: "Agradecer aos convidados" }).click();
  await expect(page.getByRole("heading", { name: "Agradecer aos convidados" })).toBeVisible();
  await expect(page.getByText("Ninguém para receber ainda")).toBeVisible();
});
