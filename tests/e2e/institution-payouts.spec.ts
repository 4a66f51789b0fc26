import { expect, type Page, test } from "@playwright/test";

// Decision 152: the admin pays an institution its settled direct gifts and Assine o Bem charges,
// with a proof file, and sees the transfer listed with its proof. The demo's main charity (AADORA)
// has two monthly charges paid 40 days ago (settled: R$ 50 + R$ 70, less 10%) and two paid 10 days
// ago (still to settle).
const AADORA = "AADORA — Associação de Apoio às Pessoas com Doenças Raras";

/** The smallest PNG header the proof check accepts (its content is sniffed, not its name). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function logInAsAdmin(page: Page) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/admin")}`);
  await page.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
  await page.getByLabel("Senha", { exact: true }).fill("admin1234");
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

test("the admin marks an institution payout transferred with a proof file and sees it listed", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/repasses");
  await page.getByRole("link", { name: /^Instituições/ }).click();
  await expect(page).toHaveURL(/situacao=instituicoes/);

  const card = page.getByTestId("institution-payout").filter({ has: page.getByRole("heading", { name: AADORA }) });
  await expect(card.getByText("A repassar agora")).toBeVisible();
  // Due now (the charges of 40 days ago); the same amounts, paid 10 days ago, are listed to settle.
  await expect(card.getByText("R$ 108,00", { exact: true })).toHaveCount(2);
  await expect(card.getByText("A liquidar")).toBeVisible();

  await card.getByText("Marcar como transferido").click();
  await expect(card.getByLabel("Valor transferido")).toHaveValue(/:10800$/);
  await card.getByLabel(/ou arquivo/).setInputFiles({ name: "pix-aadora.png", mimeType: "image/png", buffer: PNG });
  await card.getByRole("button", { name: "Confirmar repasse" }).click();

  await expect(page.getByText("Repasse registrado")).toBeVisible();
  await expect(card.getByText("Nada liquidado a repassar hoje.")).toBeVisible();
  const proof = card.getByRole("link", { name: "pix-aadora.png" });
  await expect(proof).toBeVisible();
  await expect(card.getByText(/^Transferido em/)).toBeVisible();

  // The proof opens for the admin: the stored file, by its content type.
  const response = await page.request.get((await proof.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});
