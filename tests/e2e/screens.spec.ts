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
  // The e-mail change's current password, the password change's two, the deletion's confirmation.
  await expect(boxes).toHaveCount(4);
  await expect(page.getByRole("button", { name: "Mostrar senha" })).toHaveCount(4);
  for (const id of await boxes.evaluateAll((inputs) => inputs.map((input) => input.id))) {
    await expect(page.locator(`button[aria-controls="${id}"]`)).toHaveCount(1);
  }
});

test("a 12 MB photo is refused at once in the browser, on its field, with the rest of the form kept", async ({ page }) => {
  await signIn(page, "/criar-festa");
  await page.getByLabel("Nome da festa").fill("Aniversário da Lia");
  await page.getByLabel("Meta de arrecadação (opcional)").fill("1.000,00");
  const photo = page.getByLabel("Foto de capa (opcional)");
  await expect(page.getByText("JPG, PNG ou WebP até 10 MB.")).toBeVisible();
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  // A real JPEG's first bytes, 12 MB long: only its size is wrong.
  const big = Buffer.alloc(12 * 1024 * 1024);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  await photo.setInputFiles({ name: "festa.jpg", mimeType: "image/jpeg", buffer: big });
  // At once: said before any request leaves (a real upload took 6–8 s before the refusal).
  await expect(page.getByText("A foto tem mais de 10 MB. Escolha uma foto menor.")).toBeVisible({ timeout: 2000 });
  expect(posted).toBe(0);
  await expect(photo).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(photo).toBeFocused();
  expect(posted).toBe(0);
  await expect(page.getByLabel("Nome da festa")).toHaveValue("Aniversário da Lia");
  await expect(page.getByLabel("Meta de arrecadação (opcional)")).toHaveValue("1.000,00");

  // Not a photo at all (a PDF named .png): said at once too; "Remover arquivo" lets the form go on.
  await photo.setInputFiles({ name: "festa.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 fake") });
  await expect(page.getByText("Envie uma foto em JPEG, PNG ou WebP.")).toBeVisible();
  await page.getByRole("button", { name: "Remover arquivo" }).click();
  await expect(page.getByText("Envie uma foto em JPEG, PNG ou WebP.")).toHaveCount(0);
  await expect(photo).not.toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(0);
});
