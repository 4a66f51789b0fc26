import { type Browser, expect, type Page, test } from "@playwright/test";

// Journeys of issue 4 on the demo data (app/seed/demo-data.ts): Mariana owns "mari3".
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

function saoPauloDate(daysFromToday: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysFromToday, 12)).toISOString().slice(0, 10);
}

async function logIn(page: Page, redirectTo = "/painel") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`));
}

async function guestPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  return context.newPage();
}

test("a creator creates a party, finds it on /eventos by name and by date, and a guest opens it with share previews", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const name = `Chá de Bebê da Lúcia ${Date.now().toString(36)}`;
  const date = saoPauloDate(3);
  await logIn(page, "/criar-festa");

  // Missing fields: messages under the fields and focus on the first one.
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page.getByText("Informe o nome da festa.")).toBeVisible();
  await expect(page.getByLabel("Nome da festa")).toBeFocused();

  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(date);
  // Institutions grouped by cause; a cause without a verified institution ("Saúde e Bem-estar") is not offered.
  const institution = page.getByLabel("ONG/Causa", { exact: true });
  await expect(institution.locator('optgroup[label="Proteção Animal"] option')).toHaveText([
    "Associação Patinhas do Bem · Belo Horizonte - MG",
  ]);
  await expect(institution.locator('optgroup[label="Saúde e Bem-estar"]')).toHaveCount(0);
  await institution.selectOption({ label: "Associação Patinhas do Bem · Belo Horizonte - MG" });
  await page.getByLabel("Meta de arrecadação (opcional)").fill("abc");
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page.getByText("Informe a meta em reais, por exemplo 1.500,00.")).toBeVisible();
  await expect(page.getByLabel("Nome da festa")).toHaveValue(name);

  await page.getByLabel("Meta de arrecadação (opcional)").fill("1.500,00");
  await page.getByLabel("Por que escolhi essa ONG/Causa (opcional)").fill("Os bichinhos merecem um lar.");
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  // The share moment (issue 17), then the party on /painel.
  await expect(page).toHaveURL(/\/painel\/festa\/[0-9a-z]{5}\?nova=1$/);
  await expect(page.getByRole("heading", { name: "Sua festa está no ar!" })).toBeVisible();
  await page.goto("/painel");
  const card = page.locator("[data-party]").filter({ hasText: name });
  await expect(card).toBeVisible();
  const code = await card.getAttribute("data-party");
  expect(code).toMatch(/^[0-9a-z]{5}$/);

  // /eventos: by name (case- and accent-insensitive part of it), then by exact date.
  await page.goto("/eventos");
  await page.getByLabel("Nome do aniversariante ou da festa").fill("cha de bebe da lucia");
  await page.getByRole("button", { name: "Buscar Eventos" }).click();
  await expect(page).toHaveURL(/nome=cha/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.goto(`/eventos?data=${date}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.goto("/eventos?nome=ninguem-tem-esse-nome");
  await expect(page.getByText("Nenhum evento encontrado com os filtros selecionados.")).toBeVisible();

  // The server HTML carries the share preview, as WhatsApp reads it (no JavaScript).
  const html = await (await request.get(`/festa/${code}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${name} — Festa Solidária"/>`);
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/festa/${code}"/>`);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\.(jpg|png)(\?v=[a-z0-9-]+)?"\/>/);
  expect(html).toMatch(/<meta property="og:description" content="[^"]*Proteção Animal[^"]*"\/>/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');

  const guest = await guestPage(browser, baseURL!);
  await guest.goto(`/festa/${code}`);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(guest.getByText("Seja o primeiro a contribuir")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Fazer Doação" }).first()).toBeInViewport();
  await expect(guest.getByText("Os bichinhos merecem um lar.")).toBeVisible();
  // Who receives the gifts: the chosen institution, its CNPJ and city, verified.
  const receiver = guest.getByTestId("instituicao");
  await expect(receiver).toContainText("Associação Patinhas do Bem");
  await expect(receiver).toContainText("CNPJ 43.857.261/0001-35 · Belo Horizonte - MG");
  await expect(receiver.getByText("verificada")).toBeVisible();
  await guest.getByRole("button", { name: "Copiar Link" }).click();
  await expect(guest.getByText("Link copiado!").or(guest.getByText("Copie o link da festa"))).toBeVisible();
  await guest.context().close();
});

test("with the creator's /painel open, a gift paid by a guest shows the toast and the new total without reload", async ({
  page,
  browser,
  baseURL,
}) => {
  const donor = `Convidada ${Date.now().toString(36)}`;
  await logIn(page);
  const card = page.locator('[data-party="mari3"]');
  const before = (await card.getByTestId("raised").textContent())!;
  await expect(page.locator('[data-live="ready"]')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // The gift goes through the real donations flow: /festa → /doar → sandbox checkout → paid.
  const guest = await guestPage(browser, baseURL!);
  await guest.goto("/festa/mari3");
  await guest.getByRole("link", { name: "Fazer Doação" }).first().click();
  await expect(guest).toHaveURL(/\/doar\?festa=/);
  await guest.locator("form").getByText("R$ 50", { exact: true }).click();
  await guest.getByLabel("Nome", { exact: true }).fill(donor);
  await guest.getByLabel("E-mail", { exact: true }).fill("convidada.e2e@exemplo.com.br");
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await guest.getByLabel("Cartão", { exact: true }).check();
  await guest.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await guest.getByRole("button", { name: /^Pagar/ }).click();
  await expect(guest).toHaveURL(/\/doacao-sucesso/);
  await guest.context().close();

  await expect(page.getByText("Nova doação recebida! 🎉")).toBeVisible();
  await expect(page.getByText("Sua festa acaba de receber uma nova contribuição!")).toBeVisible();
  await expect(card.getByTestId("raised")).not.toHaveText(before);
  const toCents = (s: string) => Number(s.replace(/[^\d]/g, ""));
  expect(toCents((await card.getByTestId("raised").textContent())!)).toBe(toCents(before) + 5000);
  await expect(card.getByText(donor)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
