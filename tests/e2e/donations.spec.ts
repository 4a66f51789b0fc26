import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 5 journeys on the demo data (app/seed/demo-data.ts): Mariana owns the live party "mari3".
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };
const PARTY = "Aniversário de 30 anos da Mariana";

const parseBRL = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

async function raisedOnPartyPage(page: Page) {
  const text = await page.getByRole("region", { name: "ONG/Causa escolhida" }).locator("dd").nth(1).innerText();
  return parseBRL(text);
}

async function creatorOnPainel(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await page.goto("/auth?redirectTo=%2Fpainel");
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/painel$/);
  return page;
}

/** The webhook lands a moment after the browser: reload until the party page shows it. */
async function expectOnPartyPage(page: Page, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("a guest gives R$ 50 with a message through the sandbox; the party, the creator's panel and both e-mails show it", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const donor = { name: `Convidada ${stamp}`, email: `convidada.${stamp}@exemplo.com.br`, message: `Parabéns, Mari! ${stamp}` };
  const painel = await creatorOnPainel(browser, baseURL!);
  // The creator asks for an e-mail per gift: the default is a 10-minute digest, whose "first gift
  // at once" may have gone to an earlier journey's gift to this party (decision 171).
  const prefs = await painel.context().newPage();
  await prefs.goto("/painel/festa/mari3");
  await prefs.getByLabel("Um e-mail a cada doação").check();
  await prefs.getByRole("button", { name: "Salvar preferência" }).click();
  await expect(prefs.getByText("Preferência de e-mails salva.")).toBeVisible();
  await prefs.close();

  await page.goto("/festa/mari3");
  const before = await raisedOnPartyPage(page);
  await page.getByRole("link", { name: "Fazer Doação" }).first().click();
  await expect(page).toHaveURL(/\/doar\?festa=/);
  await expect(page.getByRole("heading", { name: "Faça sua doação" })).toBeVisible();
  await expect(page.getByText(PARTY)).toBeVisible();

  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donor.name);
  await page.getByLabel("E-mail", { exact: true }).fill(donor.email);
  await page.getByLabel("Mensagem (opcional)").fill(donor.message);
  const fee = page.getByRole("main").getByText("90% de cada doação vai para a causa; 10% cobre a operadora de cartão e a administração.");
  await expect(fee).toContainText("Da sua doação de R$ 50,00, R$ 45,00 chegam à causa.");
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByText("Ambiente de testes — nenhum valor é cobrado")).toBeVisible();
  await expect(page.getByText(`Doação para ${PARTY}`)).toBeVisible();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();

  await expect(page).toHaveURL(/\/doacao-sucesso\?ref=/);
  // "Confirmando seu pagamento…" until the provider's event reaches the webhook.
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The creator's dashboard hears of it live (Postgres NOTIFY → server-sent events).
  await expect(painel.getByText("Nova doação recebida! 🎉")).toBeVisible({ timeout: 15_000 });

  await page.getByRole("link", { name: "Ver Festa" }).click();
  await expect(page).toHaveURL(/\/festa\/mari3\?doacao=\d+$/);
  await expectOnPartyPage(page, donor.message);
  const recent = page.getByRole("region", { name: "Contribuições Recentes" });
  await expect(recent.getByText(donor.name)).toBeVisible();
  expect(await raisedOnPartyPage(page)).toBe(before + 5000);

  // The donor's e-mail is nowhere in the public page's HTML.
  const html = await (await request.get("/festa/mari3")).text();
  expect(html).toContain(donor.message);
  expect(html).not.toContain(donor.email);

  await page.goto("/dev/emails");
  await expect(page.getByRole("heading", { name: `Nova doação de R$ 50,00 para ${PARTY} 🎉` }).first()).toBeVisible();
  const receipt = page.locator("li").filter({ hasText: donor.email });
  await expect(receipt.getByRole("heading", { name: /^Recibo da sua doação nº \d{6} — R\$ 50,00$/ })).toBeVisible();
  await expect(receipt.getByText("Valor líquido para a instituição: R$ 45,00")).toBeVisible();
  await painel.context().close();
});

test("an anonymous gift shows 'Doador Anônimo' on the party page", async ({ page }) => {
  const message = `Com carinho, anônimo ${Date.now().toString(36)}`;
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Quero doar de forma anônima").check();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveCount(0);
  await page.getByLabel("Mensagem (opcional)").fill(message);
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(page).toHaveURL(/\/doacao-sucesso/);

  await page.goto("/festa/mari3");
  await expectOnPartyPage(page, message);
  const item = page.locator("li").filter({ hasText: message });
  await expect(item.getByText("Doador Anônimo")).toBeVisible();
  await expect(item.getByText("R$ 25,00")).toBeVisible();
});

test("the form's messages, and a refused ended party", async ({ page }) => {
  await page.goto("/doar");
  await page.getByRole("button", { name: "Doar Agora" }).click();
  await expect(page.getByText("Por favor, selecione ou digite um valor válido.")).toBeVisible();
  await expect(page.getByText("Por favor, preencha seu nome e email.")).toBeVisible();

  // Choosing a preset clears the typed amount and the other way round.
  await page.getByLabel("Outro valor").fill("12,345");
  await page.getByLabel("Nome", { exact: true }).fill("Rita");
  await page.getByLabel("E-mail", { exact: true }).fill("rita@exemplo.com.br");
  await page.getByRole("button", { name: "Doar Agora" }).click();
  await expect(page.getByText("Use no máximo 2 casas decimais (ex.: 25,50).")).toBeVisible();
  await page.locator("label", { hasText: /^R\$ 100$/ }).click();
  await expect(page.getByLabel("Outro valor")).toHaveValue("");
  await page.getByLabel("Outro valor").fill("4");
  await expect(page.getByRole("radio", { name: "R$ 100" })).not.toBeChecked();
  await page.getByRole("button", { name: "Doar Agora" }).click();
  await expect(page.getByText("O valor mínimo para doação é R$ 5,00.")).toBeVisible();

  const res = await page.goto("/doar?festa=bia08");
  expect(res?.status()).toBe(410);
  await expect(page.getByText("Esta festa já foi encerrada e não recebe mais doações. Obrigado pelo carinho!")).toBeVisible();
});

test("without JavaScript: presets, the server's checks and the sandbox still work", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto("/doar?festa=mari3");
  await page.getByRole("button", { name: "Doar Agora" }).click();
  await expect(page.getByText("Por favor, selecione ou digite um valor válido.")).toBeVisible();
  await page.locator("label", { hasText: /^R\$ 10$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill("Sem Script");
  await page.getByLabel("E-mail", { exact: true }).fill("semscript@exemplo.com.br");
  // /doar starts on Pix; the card's sandbox checkout is one choice away.
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar Agora" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText("R$ 10,00").first()).toBeVisible();
  await page.getByRole("button", { name: "Cancelar" }).click();
  // Back to the form, as it was left (the signed reference names the gift).
  await expect(page).toHaveURL(/\/doar\?festa=mari3&ref=/);
  await expect(page.getByText("Pagamento não concluído: nenhum valor foi cobrado.")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Sem Script");
  await context.close();
});
