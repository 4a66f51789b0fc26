import { expect, test, type Page } from "@playwright/test";

async function signIn(page: Page, back: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(back)}`);
  await page.getByLabel("E-mail").fill("mariana@exemplo.com.br");
  await page.getByLabel("Senha", { exact: true }).fill("festa1234");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${back}$`));
}

test("'Mostrar senha' shows and hides what was typed, by keyboard, without sending the form", async ({ page }) => {
  await page.goto("/auth");
  const password = page.getByLabel("Senha", { exact: true });
  const toggle = page.getByRole("button", { name: "Mostrar senha" });
  await password.fill("festa1234");
  await expect(password).toHaveAttribute("type", "password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await password.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("festa1234");
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(password).toHaveAttribute("type", "password");
  await expect(page).toHaveURL(/\/auth$/);
});

test("every password box of the account page has its own 'Mostrar senha'", async ({ page }) => {
  await signIn(page, "/conta");
  const boxes = page.locator('input[type="password"]');
  await expect(boxes).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Mostrar senha" })).toHaveCount(3);
  for (const id of await boxes.evaluateAll((inputs) => inputs.map((input) => input.id))) {
    await expect(page.locator(`button[aria-controls="${id}"]`)).toHaveCount(1);
  }
});
