import { expect, type Page, test } from "@playwright/test";

// Issue 15, item 4: Assine o Bem by Pix Automático on the sandbox. A fresh account chooses Pix
// Automático, authorises the recurrence at the banco de testes, a month's charge is paid there,
// then the authorisation is revoked "in the bank" and the plan shows as cancelled here.
const card = (page: Page, plan: string) => page.locator(`li[aria-labelledby="plano-${plan}"]`);

test("Prata by Pix Automático: authorise in the test bank, a month paid, cancelled in the bank", async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto("/auth?tab=cadastro&redirectTo=%2Fassine-o-bem");
  await page.getByLabel("Nome completo").fill(`Paula Pix ${id}`);
  await page.getByLabel("E-mail").fill(`paula.${id}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/assine-o-bem$/);

  const choice = page.getByRole("navigation", { name: "Forma de pagamento" });
  await expect(choice.getByRole("link", { name: /Cartão/ })).toHaveAttribute("aria-current", "true");
  await choice.getByRole("link", { name: /Pix Automático/ }).click();
  await expect(page).toHaveURL(/metodo=pix-automatico/);
  await expect(choice.getByRole("link", { name: /Pix Automático/ })).toHaveAttribute("aria-current", "true");

  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pix-automatico\/cs_sbx_sub_/);
  const bankUrl = page.url();
  await expect(page.getByText("Ambiente de testes — nenhum valor é cobrado")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR Code da autorização do Pix Automático" })).toBeVisible();
  await page.getByRole("button", { name: "Autorizar Pix Automático" }).click();

  await expect(page).toHaveURL(/\/subscription-success/);
  await expect(page.getByRole("heading", { name: "Assinatura Confirmada!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Plano Prata/)).toBeVisible();

  // A month's charge, paid in the bank.
  await page.goto(bankUrl);
  await expect(page.getByText(/Autorização ativa/)).toBeVisible();
  const firstPaidUntil = await page.getByText(/Pago até/).textContent();
  await page.getByRole("button", { name: "Pagar cobrança do mês" }).click();
  await expect(page.getByText("Cobrança do mês paga.")).toBeVisible();
  await expect(async () => {
    await page.goto(bankUrl);
    expect(await page.getByText(/Pago até/).textContent()).not.toBe(firstPaidUntil);
  }).toPass({ timeout: 15_000 });

  // Revoked in the bank app: cancelled here too.
  await page.getByRole("button", { name: "Cancelar autorização no banco" }).click();
  await expect(page.getByText("Autorização cancelada no banco.")).toBeVisible();
  await expect(async () => {
    await page.goto("/assine-o-bem");
    await expect(page.getByText("Sua assinatura foi cancelada")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText("Seu Plano Atual")).toHaveCount(0);
  await expect(card(page, "prata").getByRole("button", { name: "Assinar Prata" })).toBeVisible();
});
