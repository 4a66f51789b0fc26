import { expect, type Page, test } from "@playwright/test";

// Journeys of issue 6 (Assine o Bem) on the sandbox provider. A fresh account subscribes, so the
// demo subscriptions stay as seeded.
const card = (page: Page, plan: string) => page.locator(`li[aria-labelledby="plano-${plan}"]`);

/** The sandbox delivers its events a moment later, like a real provider: reload until they land. */
async function expectCurrentPlan(page: Page, plan: string | null) {
  await expect(async () => {
    await page.goto("/assine-o-bem");
    if (plan) await expect(card(page, plan).getByText("Seu Plano Atual")).toBeVisible({ timeout: 1_000 });
    else await expect(page.getByText("Seu Plano Atual")).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("logged out, 'Assinar' asks for login and comes back to the plans", async ({ page }) => {
  await page.goto("/assine-o-bem");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Doe todo mês e multiplique o bem");
  await expect(card(page, "prata").getByText("Mais Popular")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("R$ 45,00");
  await expect(page.getByText("R$ 100 ou mais por mês")).toBeVisible();
  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fassine-o-bem%3Fplano%3Dprata$/);
  await expect(page.getByText("Login necessário")).toBeVisible();
  await expect(page.getByText("Faça login para assinar um plano")).toBeVisible();

  await page.getByLabel("E-mail").fill("rafael@exemplo.com.br");
  await page.getByLabel("Senha").fill("festa1234");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/assine-o-bem$/);
  // Rafael's demo plan is Ouro: his card says so, and no card offers a second subscription.
  await expect(card(page, "ouro").getByText("Seu Plano Atual")).toBeVisible();
  await expect(card(page, "ouro").getByRole("button", { name: "Gerenciar Assinatura" })).toBeVisible();
  await expect(page.getByText("Mais Popular")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Assinar / })).toHaveCount(0);
});

test("logged out, 'Assinar Prata' then a new account goes straight on to Prata's checkout", async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto("/assine-o-bem");
  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fassine-o-bem%3Fplano%3Dprata$/);
  await page.goto("/auth?tab=cadastro&redirectTo=%2Fassine-o-bem%3Fplano%3Dprata");
  await page.getByLabel("Nome completo").fill(`Caio Assinante ${id}`);
  await page.getByLabel("E-mail").fill(`caio.${id}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/sandbox\/assinatura\/cs_sbx_sub_/);
  await expect(page.getByText("Assine o Bem · Plano Prata")).toBeVisible();
});

test("subscribe to Prata in the sandbox, change to Ouro and cancel in the portal; the confirmation e-mail arrives", async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `assinante.${id}@exemplo.com.br`;
  await page.goto("/auth?tab=cadastro&redirectTo=%2Fassine-o-bem");
  await page.getByLabel("Nome completo").fill(`Lúcia Assinante ${id}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/assine-o-bem$/);
  await expect(card(page, "prata").getByText("Mais Popular")).toBeVisible();

  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await expect(page).toHaveURL(/\/sandbox\/assinatura\/cs_sbx_sub_/);
  await expect(page.getByText("Ambiente de testes — nenhum valor é cobrado")).toBeVisible();
  await expect(page.getByText("Assine o Bem · Plano Prata")).toBeVisible();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();

  await expect(page).toHaveURL(/\/subscription-success/);
  await expect(page.getByRole("heading", { name: "Assinatura Confirmada!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Plano Prata/)).toBeVisible();
  await expect(page.getByText("Você vai receber um e-mail de confirmação com os detalhes da sua assinatura.")).toBeVisible();

  await page.getByRole("link", { name: "Gerenciar Assinatura" }).click();
  await expect(page).toHaveURL(/\/assine-o-bem$/);
  await expect(card(page, "prata").getByText("Seu Plano Atual")).toBeVisible();
  await expect(page.getByText("Mais Popular")).toHaveCount(0);
  await expect(page.getByText("Você é Assinante do Bem no Plano Prata")).toBeVisible();

  // The sandbox portal: change to Ouro.
  await card(page, "prata").getByRole("button", { name: "Gerenciar Assinatura" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/cus_sbx_/);
  await expect(page.getByText("Ambiente de testes — nenhum valor é cobrado")).toBeVisible();
  await page.getByRole("button", { name: /Mudar para Ouro/ }).click();
  await expect(page.getByText("Pedido enviado")).toBeVisible();
  await expectCurrentPlan(page, "ouro");

  // And cancel.
  await card(page, "ouro").getByRole("button", { name: "Gerenciar Assinatura" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/cus_sbx_/);
  await page.getByRole("button", { name: "Cancelar agora" }).click();
  await expect(page.getByText("Pedido enviado")).toBeVisible();
  await expectCurrentPlan(page, null);
  await expect(card(page, "prata").getByRole("button", { name: "Assinar Prata" })).toBeVisible();

  // One confirmation, in the local mailbox.
  await page.goto("/dev/emails");
  const mails = page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ hasText: "Assinatura confirmada: Plano Prata — R$ 50,00/mês" });
  await expect(mails).toHaveCount(1);
});
