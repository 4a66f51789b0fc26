import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 14 journey on the demo data (app/seed/demo-data.ts): "Instituto Prato Cheio" has the
// fictitious CNPJ 21.593.847/0001-05 and is verified by the seed.
const PRATO = { name: "Instituto Prato Cheio", details: "CNPJ 21.593.847/0001-05 · Contagem - MG" };

test("a gift from an NGO's 'Doar Agora' on /causas lands at that NGO: /doar, the result page and the receipt name it with its CNPJ", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const donor = { name: `Doadora ${stamp}`, email: `doadora.${stamp}@exemplo.com.br` };

  await page.goto("/causas");
  await page
    .getByRole("link", { name: `Doar Agora para ${PRATO.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/doar\?ong=prato-cheio$/);

  const institution = page.getByTestId("instituicao");
  await expect(institution).toContainText(PRATO.name);
  await expect(institution).toContainText(PRATO.details);
  await expect(institution.getByText("verificada")).toBeVisible();
  // The impact panel speaks of this cause (food), not of the main charity's.
  await expect(page.getByText("Garante cinco refeições na cozinha comunitária.")).toBeVisible();

  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donor.name);
  await page.getByLabel("E-mail", { exact: true }).fill(donor.email);
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByText(`Doação para ${PRATO.name}`)).toBeVisible();
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();

  await expect(page).toHaveURL(/\/doacao-sucesso\?ref=/);
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });
  const destination = page.getByTestId("instituicao");
  await expect(destination).toContainText("Sua doação vai para");
  await expect(destination).toContainText(PRATO.name);
  await expect(destination).toContainText(PRATO.details);

  // The receipt is queued when the sandbox's signed event is processed: a moment after the redirect.
  await expect(async () => {
    await page.goto("/dev/emails");
    const receipt = page.locator("li").filter({ hasText: donor.email });
    await expect(receipt.getByRole("heading", { name: /^Recibo da sua doação nº \d{6} — R\$ 25,00$/ })).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText(`Instituição: ${PRATO.name} (verificada)`)).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText("CNPJ da instituição: 21.593.847/0001-05")).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText("Cidade da instituição: Contagem - MG")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("the /causas#slug deep link still lands on the NGO's section, whose 'Doar Agora' gives to that NGO", async ({ page }) => {
  await page.goto("/causas#prato-cheio");
  const section = page.locator("#prato-cheio");
  await expect(section.getByRole("heading", { name: PRATO.name })).toBeInViewport();
  await expect(section.getByText("CNPJ 21.593.847/0001-05")).toBeVisible();
  await section.getByRole("link", { name: `Doar Agora para ${PRATO.name}` }).click();
  await expect(page).toHaveURL(/\/doar\?ong=prato-cheio$/);
});

test("an unknown institution gets a pt-BR message, no form, and a way to /causas", async ({ page }) => {
  const response = await page.goto("/doar?ong=nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(/Não encontramos esta instituição/);
  await expect(page.getByRole("button", { name: /^Doar/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Ver Causas e ONGs" }).click();
  await expect(page).toHaveURL(/\/causas$/);
});

// Issue 14, item 6: "theo1" (demo data) ended 40 days ago, so the card operator has settled and
// its payout is due; Mariana created it.
const THEO = { code: "theo1", name: "Chá de bebê do Theo" };
// A PNG's signature and header: enough for the proof's content check.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function signedIn(browser: Browser, email: string, password: string, to: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === to);
  return page;
}

function todayInSaoPaulo() {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(),
  );
}

test("a payout the team marks transferred shows its date and proof on the creator's /painel and on the public ended party page", async ({
  browser,
  page,
}) => {
  const admin = await signedIn(browser, "admin@festasolidaria.org.br", "admin1234", "/admin");
  await admin.goto("/admin/repasses");
  const row = admin.getByRole("row").filter({ hasText: THEO.name });
  await expect(row).toContainText("R$ 400,00");
  await expect(row).toContainText("R$ 360,00"); // net: R$ 400,00 minus the 10% fee
  await row.getByText("Marcar como transferido").click();
  await row.getByLabel(/ou arquivo/).setInputFiles({ name: "comprovante-theo.png", mimeType: "image/png", buffer: PNG });
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  await expect(admin.getByText("Repasse registrado")).toBeVisible();
  await admin.context().close();

  const today = todayInSaoPaulo();

  // The creator: settlement date, deadline, transfer date and the proof, on /painel.
  const creator = await signedIn(browser, "mariana@exemplo.com.br", "festa1234", "/painel");
  const ended = creator.locator(`[data-ended-party="${THEO.code}"]`);
  await expect(ended.getByText("Liquidação do cartão")).toBeVisible();
  await expect(ended.getByText("Prazo do repasse")).toBeVisible();
  await expect(ended.getByText(`Transferido em ${today}`)).toBeVisible();
  await expect(ended.getByText("R$ 360,00 transferidos: o total de R$ 400,00 menos R$ 40,00 da taxa da plataforma.")).toBeVisible();
  const painelProof = ended.getByRole("link", { name: "Ver comprovante do repasse" });
  const painelHref = (await painelProof.getAttribute("href"))!;
  expect(painelHref).toMatch(/^\/repasses\/[0-9a-f-]{36}\/comprovante\?t=/);
  const file = await creator.request.get(painelHref);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  // Without the signed token the proof is not there for anyone but an admin.
  expect((await creator.request.get(painelHref.replace(/\?.*$/, ""))).status()).toBe(404);
  await creator.context().close();

  // Anyone: the ended party page says when the money was transferred and links the proof.
  const response = await page.goto(`/festa/${THEO.code}`);
  expect(response?.status()).toBe(410);
  // The ended page's part is lazy: its server-rendered copy waits in a hidden element until React
  // reveals it, and when hydration takes the boundary over first, that hidden copy stays behind.
  const payout = page.getByTestId("repasse").filter({ visible: true });
  await expect(payout.getByText(`Repasse realizado em ${today}`)).toBeVisible();
  await expect(payout).toContainText("R$ 360,00 transferidos");
  await expect(page.getByTestId("instituicao").filter({ visible: true })).toContainText("Instituto Prato Cheio");
  const publicProof = payout.getByRole("link", { name: "Ver comprovante do repasse" });
  expect(await publicProof.getAttribute("href")).toBe(painelHref);
  expect((await page.request.get(painelHref)).status()).toBe(200);
});
