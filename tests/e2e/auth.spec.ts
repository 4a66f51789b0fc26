import { expect, type Page, test } from "@playwright/test";

// Journeys of issue 3 (accounts). Each test makes its own account, so demo logins stay intact.
function newAccount() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Joana Teste ${id}`, email: `joana.${id}@exemplo.com.br`, password: "festa-segura" };
}

async function signUp(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto("/auth?tab=cadastro");
  await page.getByLabel("Nome completo").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
}

/** Header actions live in the menu on a phone. */
async function headerActions(page: Page) {
  const menu = page.getByLabel("Abrir menu");
  if (await menu.isVisible()) {
    // A toast over the menu button pauses while the pointer rests on it: wait it out.
    await page.mouse.move(5, 700);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await menu.click();
    return page.getByRole("navigation", { name: "Principal (celular)" }).locator("..");
  }
  return page.getByRole("banner");
}

test("sign up lands on /painel signed in; logging out goes home signed out", async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await expect(page).toHaveURL(/\/painel$/);
  await expect(page.getByText("Cadastro realizado!")).toBeVisible();

  const actions = await headerActions(page);
  await expect(actions.getByRole("link", { name: /Painel/ })).toBeVisible();
  await actions.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logout realizado")).toBeVisible();
  await expect(page.getByText("Até logo!")).toBeVisible();
  const after = await headerActions(page);
  await expect(after.getByRole("link", { name: "Entrar" })).toBeVisible();

  // The session is really gone: a protected page asks for login again.
  await page.goto("/painel");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpainel$/);
});

test("/criar-festa asks for login and comes back after it", async ({ page }) => {
  await page.goto("/criar-festa");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcriar-festa$/);
  await expect(page.getByText("Você precisa fazer login para criar uma festa")).toBeVisible();
  await page.getByLabel("E-mail").fill("mariana@exemplo.com.br");
  await page.getByLabel("Senha").fill("errada");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Erro no login" })).toContainText("Email ou senha incorretos");
  await expect(page).toHaveURL(/redirectTo=%2Fcriar-festa/);

  await page.getByLabel("Senha").fill("festa1234");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/criar-festa$/);
  await expect(page.getByText("Login realizado!")).toBeVisible();
});

test("the recovery link read from /dev/emails resets the password", async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await expect(page).toHaveURL(/\/painel$/);
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("link", { name: "Recuperar" }).click();
  await expect(page).toHaveURL(/tab=recuperar/);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
  await expect(page.getByText("E-mail enviado!")).toBeVisible();
  await expect(page.getByText("Verifique sua caixa de entrada para redefinir sua senha.")).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  // The local mailbox: the newest e-mail to this address carries the link.
  await page.goto("/dev/emails");
  const mail = page.getByRole("listitem").filter({ hasText: account.email }).filter({ hasText: "Redefina sua senha" }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole("link", { name: /redefinir-senha\?token=/ });
  const resetUrl = (await link.getAttribute("href"))!;
  await link.click();
  // The token leaves the address at once (decision 195): it rides in a cookie of this page.
  await expect(page).toHaveURL(/\/redefinir-senha$/);

  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
  await page.getByLabel("Confirme a nova senha").fill("outra-coisa");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Senhas não coincidem" })).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
  await page.getByLabel("Confirme a nova senha").fill("nova-senha-1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha atualizada!")).toBeVisible();
  await expect(page.getByText("Sua senha foi alterada com sucesso. Faça login com a nova senha.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 });

  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha").fill("nova-senha-1");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/painel$/);

  // Used once: the same link now says it is invalid and leaves for /auth.
  await page.goto(resetUrl);
  await expect(page.getByText("Link inválido")).toBeVisible();
  await expect(page.getByText("Este link de recuperação é inválido ou expirou.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs and login work as plain links and forms", async ({ page }) => {
    await page.goto("/auth?redirectTo=%2Fpainel");
    await page.getByRole("link", { name: "Cadastro" }).click();
    await expect(page).toHaveURL(/tab=cadastro/);
    await expect(page.getByLabel("Nome completo")).toBeVisible();
    await page.getByRole("link", { name: "Login" }).click();
    await page.getByLabel("E-mail").fill("rafael@exemplo.com.br");
    await page.getByLabel("Senha").fill("festa1234");
    await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/painel$/);
  });
});
