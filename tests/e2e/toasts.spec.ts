import { expect, test, type Page } from "@playwright/test";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

async function signIn(page: Page, back: string, email = "mariana@exemplo.com.br", password = "festa1234") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(back)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
}

test("an unknown party goes home with a toast that says so and leads to the search", async ({ page }) => {
  const response = await page.goto("/festa/zzzzz");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  const toast = toasts(page).filter({ hasText: "Festa não encontrada" });
  await expect(toast).toBeVisible();
  await toast.getByRole("link", { name: "Buscar festas" }).click();
  await expect(page).toHaveURL(/\/eventos$/);
  // The toast belonged to the home page: the search page opens without it.
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast does not stay on screen after the visitor moves to another page", async ({ page }) => {
  await signIn(page, "/painel");
  await expect(page).toHaveURL(/\/painel$/);
  await expect(toasts(page).filter({ hasText: "Login realizado!" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Doar" }).click();
  await expect(page).toHaveURL(/\/doar$/);
  await expect(toasts(page)).toHaveCount(0);
  // Back on the page it was delivered to, it is not raised a second time.
  await page.goBack();
  await expect(page).toHaveURL(/\/painel$/);
  await page.waitForTimeout(1000);
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast does not stay when the visitor moves to another tab of the panel", async ({ page }) => {
  // Each admin tab is its own nested route (/admin/mensagens): moving between them is a navigation.
  await signIn(page, "/admin", "admin@festasolidaria.org.br", "admin1234");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toasts(page).filter({ hasText: "Login realizado!" })).toBeVisible();
  await page.getByRole("link", { name: "Mensagens" }).click();
  await expect(page).toHaveURL(/\/admin\/mensagens$/);
  await expect(toasts(page)).toHaveCount(0, { timeout: 2000 });
});
