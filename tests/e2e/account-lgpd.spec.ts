import { expect, type Page, test } from "@playwright/test";

// Issue 16, items 5 and 6: /conta (export, deletion) and the plan-management e-mail link.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page, account: { name: string; email: string; password: string }, redirectTo = "/painel") {
  await page.goto(`/auth?tab=cadastro&redirectTo=${encodeURIComponent(redirectTo)}`);
  await expect(page.getByText("Ao criar a conta, você concorda com os")).toBeVisible();
  await page.getByLabel("Nome completo").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
}

/** On a phone the header's links sit behind the menu button. */
async function headerLink(page: Page, name: string) {
  const menu = page.getByLabel("Abrir menu");
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("banner").getByRole("link", { name, exact: true }).filter({ visible: true }).first();
}

test("a user gives, exports their data and deletes the account; then cannot log in and the gift shows as anonymous", async ({ page }) => {
  const id = stamp();
  const account = { name: `Helena Apagável ${id}`, email: `helena.${id}@exemplo.com.br`, password: "festa-segura" };
  const message = `Um beijo da Helena ${id}`;
  await signUp(page, account);
  await expect(page).toHaveURL(/\/painel$/);

  // A gift to Mariana's party, signed in.
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(account.name);
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Mensagem (opcional)").fill(message);
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(page).toHaveURL(/\/doacao-sucesso/);

  // /conta from the header: the gift with its receipt number, once the payment is confirmed.
  await (await headerLink(page, "Minha conta")).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(async () => {
    await page.reload();
    await expect(page.locator("#minhas-doacoes").locator("..").getByText("Paga")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText(/Recibo nº \d+/)).toBeVisible();

  // Export: JSON and CSV downloads with the person's data.
  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar em JSON" }).click()]);
  expect(json.suggestedFilename()).toMatch(/^meus-dados-festa-solidaria-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile((await json.path())!, "utf8"));
  expect(exported.account.email).toBe(account.email);
  expect(exported.gifts.map((g: { message: string }) => g.message)).toContain(message);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar em CSV (planilha)" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);

  // Deletion: a wrong password changes nothing; the right one deletes.
  await page.getByLabel("Sua senha, para confirmar").fill("errada-123");
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page.getByText("Senha incorreta. Nada foi excluído.")).toBeVisible();
  await page.getByLabel("Sua senha, para confirmar").fill(account.password);
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Conta excluída")).toBeVisible();
  await expect(await headerLink(page, "Entrar")).toBeVisible();

  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha").fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Email ou senha incorretos")).toBeVisible();

  // The gift stays in the party's total, anonymous, without the message.
  await page.goto("/festa/mari3");
  await expect(page.getByText(account.name)).toHaveCount(0);
  await expect(page.getByText(message)).toHaveCount(0);
  await expect(page.getByText("Doador Anônimo").first()).toBeVisible();
});

test("a subscriber cancels from the e-mail link found in /dev/emails, without logging in", async ({ page, browser }) => {
  const id = stamp();
  const account = { name: `Sílvio Assinante ${id}`, email: `silvio.${id}@exemplo.com.br`, password: "festa-segura" };
  await signUp(page, account, "/assine-o-bem");
  await expect(page).toHaveURL(/\/assine-o-bem$/);
  await page.locator('li[aria-labelledby="plano-prata"]').getByRole("button", { name: "Assinar Prata" }).click();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByRole("heading", { name: "Assinatura Confirmada!" })).toBeVisible({ timeout: 20_000 });

  // A fresh browser, never signed in: only the e-mail.
  const guest = await browser.newContext();
  const mailbox = await guest.newPage();
  let manageUrl = "";
  await expect(async () => {
    await mailbox.goto("/dev/emails");
    const mail = mailbox.getByRole("listitem").filter({ hasText: account.email }).filter({ hasText: "Assinatura confirmada" }).first();
    await expect(mail).toBeVisible({ timeout: 1_000 });
    manageUrl = (await mail
      .getByRole("link", { name: /assinatura\/gerenciar\?token=/ })
      .first()
      .getAttribute("href"))!;
  }).toPass({ timeout: 20_000 });
  expect(manageUrl).toContain("/assinatura/gerenciar?token=");

  await mailbox.goto(manageUrl);
  await expect(mailbox.getByRole("heading", { level: 1, name: "Gerenciar assinatura" })).toBeVisible();
  await expect(mailbox.getByText("Prata · R$ 50,00/mês")).toBeVisible();
  await mailbox.getByRole("button", { name: "Cancelar assinatura" }).click();
  await expect(mailbox.getByText("Assinatura cancelada. Não haverá novas cobranças")).toBeVisible();
  await expect(async () => {
    await mailbox.goto(manageUrl);
    await expect(mailbox.getByText("Cancelamento agendado")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The confirmation e-mail arrived; a tampered link shows a clear page.
  await mailbox.goto("/dev/emails");
  await expect(
    mailbox.getByRole("listitem").filter({ hasText: account.email }).filter({ hasText: "Assinatura cancelada" }).first(),
  ).toBeVisible();
  await mailbox.goto(manageUrl.replace(/.{4}$/, "AAAA"));
  await expect(mailbox.getByText("Link inválido")).toBeVisible();
  await expect(mailbox.getByRole("button", { name: "Cancelar assinatura" })).toHaveCount(0);
  await guest.close();
});
