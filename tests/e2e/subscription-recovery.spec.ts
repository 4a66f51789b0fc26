import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 30, item 1: recovery of failed monthly charges on the sandbox (docs/recovery.md). A card
// plan's charge fails, the e-mail's link pays the month by Pix in the test bank and the plan is
// active again with its receipt; a Pix Automático plan's month fails and every retry fails too
// ("Tentar agora" in the admin instead of waiting days), and it is suspended with its e-mail.
const card = (page: Page, plan: string) => page.locator(`li[aria-labelledby="plano-${plan}"]`);
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page, name: string, email: string) {
  await page.goto("/auth?tab=cadastro&redirectTo=%2Fassine-o-bem");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/assine-o-bem$/);
}

/** The newest e-mail to `email` whose subject has `subject`, from the local mailbox (delivered a moment later). */
async function mailLink(page: Page, email: string, subject: string, link: RegExp): Promise<string> {
  let href = "";
  await expect(async () => {
    await page.goto("/dev/emails");
    const mail = page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: subject }).first();
    await expect(mail).toBeVisible({ timeout: 1_000 });
    href = (await mail.getByRole("link", { name: link }).first().getAttribute("href"))!;
  }).toPass({ timeout: 20_000 });
  return href;
}

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/admin/assinaturas")}`);
  await page.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
  await page.getByLabel("Senha", { exact: true }).fill("admin1234");
  await page.getByRole("button", { name: "Entrar" }).click();
  // The tab is on screen once its heading and its own tab link are (not the window's load event:
  // after a client-side sign-in the page's load already happened on /auth).
  await page.waitForURL((url) => url.pathname === "/admin/assinaturas", { waitUntil: "commit" });
  await expect(page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name: "Assinaturas" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  return page;
}

test("a card plan's charge fails; the e-mail's link pays the month by Pix and the plan is active again with its receipt", async ({
  page,
}) => {
  const id = stamp();
  const email = `rita.${id}@exemplo.com.br`;
  await signUp(page, `Rita Atraso ${id}`, email);
  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByRole("heading", { name: "Assinatura Confirmada!" })).toBeVisible({ timeout: 20_000 });

  // The next month's charge is refused (the sandbox portal's test hook).
  await page.goto("/assine-o-bem");
  await card(page, "prata").getByRole("button", { name: "Gerenciar Assinatura" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/cus_sbx_/);
  await page.getByRole("button", { name: "Simular cobrança recusada" }).click();
  await expect(page.getByText("Pedido enviado")).toBeVisible();

  // /conta says "em atraso" with the next try's date.
  await expect(async () => {
    await page.goto("/conta");
    await expect(page.getByRole("heading", { name: "Assinatura em atraso" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("assinatura-em-atraso")).toContainText(/Próxima tentativa em \d{2}\/\d{2}\/\d{4}/);

  // The e-mail arrives at once, with the link; the link pays this month by Pix.
  const link = await mailLink(page, email, "Não conseguimos cobrar sua assinatura", /assinatura\/regularizar\?token=/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Regularizar assinatura" })).toBeVisible();
  await expect(page.getByText("Plano Prata: R$ 50,00 em atraso")).toBeVisible();
  await page.getByRole("button", { name: "Pagar este mês por Pix" }).click();
  await expect(page.getByRole("img", { name: "QR Code do Pix deste mês" })).toBeVisible();
  await page.getByRole("link", { name: "Abrir banco de testes" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pix\//);
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByText(/Pix enviado/)).toBeVisible();

  // Active again, and the month's receipt in the mailbox.
  await expect(async () => {
    await page.goto(link);
    await expect(page.getByText("Tudo certo!")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto("/conta");
  await expect(page.getByTestId("assinatura-em-atraso")).toHaveCount(0);
  await page.goto("/assine-o-bem");
  await expect(card(page, "prata").getByText("Seu Plano Atual")).toBeVisible();
  await expect(async () => {
    await page.goto("/dev/emails");
    await expect(
      page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "Recibo da sua contribuição mensal" }),
    ).toHaveCount(2, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
});

test("a Pix Automático plan fails, every retry fails too, and it is suspended with the e-mail", async ({ page, browser }) => {
  const id = stamp();
  const name = `Paulo Recusa ${id}`;
  const email = `paulo.${id}@exemplo.com.br`;
  await signUp(page, name, email);
  await page
    .getByRole("navigation", { name: "Forma de pagamento" })
    .getByRole("link", { name: /Pix Automático/ })
    .click();
  await card(page, "prata").getByRole("button", { name: "Assinar Prata" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pix-automatico\/cs_sbx_sub_/);
  const bankUrl = page.url();
  await page.getByRole("button", { name: "Autorizar Pix Automático" }).click();
  await expect(page.getByRole("heading", { name: "Assinatura Confirmada!" })).toBeVisible({ timeout: 20_000 });

  await page.goto(bankUrl);
  await page.getByRole("button", { name: "Recusar cobrança do mês" }).click();
  await expect(page.getByText("Cobrança do mês recusada")).toBeVisible();

  // The admin asks for each retry now instead of waiting for its day; the sandbox's account keeps refusing.
  const admin = await adminPage(browser);
  const row = admin.getByRole("row").filter({ hasText: name });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await expect(async () => {
      await admin.goto("/admin/assinaturas");
      await expect(row.getByRole("cell").nth(4)).toHaveText(String(attempt), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole("button", { name: "Tentar agora" }).click();
    await expect(admin.getByText("Nova tentativa pedida").first()).toBeVisible();
  }
  await expect(async () => {
    await admin.goto("/admin/assinaturas");
    await expect(row.getByText("Suspensa")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("button", { name: "Tentar agora" })).toHaveCount(0);
  await expect(admin.getByTestId("recovered-share")).toContainText("recuperados");

  const link = await mailLink(page, email, "foi suspensa", /assinatura\/regularizar\?token=/);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: "Assinatura suspensa" })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("A assinatura está suspensa.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar este mês por Pix" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Atualizar cartão" })).toHaveCount(0);
});
