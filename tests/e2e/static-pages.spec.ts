import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// The e2e server runs with the default PLATFORM_FEE_PERCENT (10).
const CAUSE_SHARE_SENTENCE = "90% de cada doação vai para a causa; 10% cobre a operadora de cartão e a administração.";

const FAQ_QUESTIONS = [
  "Criar uma festa solidária tem algum custo?",
  "Existe alguma taxa sobre as doações?",
  "Quando o valor arrecadado chega à instituição?",
  "Por quanto tempo a página da festa fica no ar?",
  "Posso editar ou cancelar minha festa?",
  "Como fico sabendo das doações que recebi?",
  "Como posso doar e o que é o Assine o Bem?",
];

const STATIC_PAGES = [
  "/como-funciona",
  "/faq",
  "/termos-de-uso",
  "/politica-privacidade",
  "/subscription-canceled",
  "/doacao-cancelada?festa=abc12",
];

/** Opens a page and waits until React has hydrated it (scripts loaded, network quiet). */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
}

async function expectNoFullShareClaim(page: Page) {
  await expect(page.locator("main")).not.toContainText("100% para a causa");
  await expect(page.locator("main")).not.toContainText("100% da sua doação");
  await expect(page.locator("main")).not.toContainText("sem taxas");
}

test("Como Funciona shows the 6 steps, the 6 benefits, the configured fee and the call to create a party", async ({ page }) => {
  await open(page, "/como-funciona");
  await expect(page).toHaveTitle("Como Funciona — Festa Solidária");
  await expect(page.getByRole("heading", { level: 1, name: "Como Funciona" })).toBeVisible();
  for (const step of ["Crie sua Festa", "Defina a Meta", "Compartilhe", "Convidados Doam", "Impacto Garantido", "Celebre o Resultado"]) {
    await expect(page.getByRole("heading", { level: 3, name: step, exact: true })).toBeVisible();
  }
  for (const benefit of [
    "Página Personalizada",
    "Acompanhamento em Tempo Real",
    "Certificado de Impacto",
    "100% Transparente",
    "Compartilhamento Fácil",
    "Suporte Completo",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: benefit, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("listitem").filter({ hasText: "100% Transparente" })).toContainText(CAUSE_SHARE_SENTENCE);
  await expectNoFullShareClaim(page);
  const ctas = page.getByRole("main").getByRole("link", { name: "Criar Minha Festa" });
  await expect(ctas).toHaveCount(2);
  await expect(ctas.first()).toHaveAttribute("href", "/criar-festa");
});

test("the FAQ lists the 7 questions and keeps one answer open at a time", async ({ page }) => {
  await open(page, "/faq");
  await expect(page).toHaveTitle("Dúvidas Frequentes — Festa Solidária");
  await expect(page.getByRole("heading", { level: 1, name: "Dúvidas Frequentes" })).toBeVisible();

  const triggers = page.getByRole("main").getByRole("button");
  await expect(triggers).toHaveText(FAQ_QUESTIONS);
  for (const trigger of await triggers.all()) await expect(trigger).toHaveAttribute("aria-expanded", "false");

  const first = page.getByRole("button", { name: FAQ_QUESTIONS[0] });
  const fee = page.getByRole("button", { name: FAQ_QUESTIONS[1] });
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("Criar um evento na Festa Solidária é gratuito")).toBeVisible();

  await fee.click();
  await expect(fee).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Criar um evento na Festa Solidária é gratuito")).toBeHidden();
  const feeAnswer = page.getByRole("region", { name: FAQ_QUESTIONS[1] });
  await expect(feeAnswer).toContainText(
    "Há uma taxa de 10% sobre o total arrecadado, que cobre o custo da operadora de cartão e a administração",
  );
  await expect(feeAnswer).toContainText("Os outros 90% vão para a causa.");

  // Collapsible: the open answer closes again, leaving none open.
  await fee.click();
  await expect(fee).toHaveAttribute("aria-expanded", "false");
  await expect(feeAnswer).toBeHidden();

  await page.getByRole("button", { name: FAQ_QUESTIONS[2] }).click();
  await expect(page.getByRole("region", { name: FAQ_QUESTIONS[2] })).toContainText("33 dias corridos");
  await expect(page.getByRole("region", { name: FAQ_QUESTIONS[2] })).toContainText("3 dias úteis");
  // The net amount is what reaches the institution, worded from the fee.
  await expect(page.getByRole("region", { name: FAQ_QUESTIONS[2] })).toContainText(
    "transferimos o valor líquido (o total arrecadado menos a taxa de 10% da plataforma)",
  );

  await expect(page.getByRole("link", { name: "Fale Conosco", exact: true })).toHaveAttribute("href", "/contato");
  await expect(page.getByRole("link", { name: "Criar Festa Solidária" })).toHaveAttribute("href", "/criar-festa");
  await expectNoFullShareClaim(page);
});

test("the legal texts carry their date and the configured contacts", async ({ page }) => {
  await open(page, "/termos-de-uso");
  await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();
  const terms = page.getByRole("article");
  // The same version and date as the one an account accepts (/conta), never another.
  await expect(terms).toContainText("Versão 2026-11, em vigor desde 24/11/2026");
  await expect(terms).toContainText("foro da comarca de Belo Horizonte - MG");
  await expect(terms).toContainText("(31) 99999-9999");
  await expect(terms).toContainText(CAUSE_SHARE_SENTENCE);
  await expect(terms.getByRole("link", { name: "contato@festasolidaria.org.br" })).toHaveAttribute(
    "href",
    "mailto:contato@festasolidaria.org.br",
  );

  await open(page, "/politica-privacidade");
  await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
  const policy = page.getByRole("article");
  await expect(policy).toContainText("Versão 2026-11, em vigor desde 24/11/2026");
  await expect(policy).toContainText("LGPD");
  await expect(policy).toContainText("cerca de 5 anos");
  await expect(policy).toContainText("O e-mail de quem doa nunca é exibido publicamente.");
  await expect(policy).toContainText("baixar uma cópia dos seus dados");
  await expect(policy).toContainText("excluir a sua conta");
  await expect(page.getByRole("heading", { level: 2, name: /Encarregado de dados/ })).toBeVisible();
  await expect(policy.getByRole("link", { name: "privacidade@festasolidaria.org.br" }).first()).toHaveAttribute(
    "href",
    "mailto:privacidade@festasolidaria.org.br",
  );
});

// /subscription-success needs a signed-in subscriber (its loader confirms the plan):
// tests/e2e/subscriptions.spec.ts walks through it.
test("the subscription canceled page explains why to subscribe and leads back", async ({ page }) => {
  await open(page, "/subscription-canceled");
  await expect(page.getByRole("heading", { level: 1, name: "Assinatura Cancelada" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Por que assinar?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver Planos" })).toHaveAttribute("href", "/assine-o-bem");
  await expect(page.getByRole("main").getByRole("link", { name: "Voltar ao Início" })).toHaveAttribute("href", "/");
});

test("the donation result page without a valid signed reference claims no gift", async ({ page }) => {
  // The real states (confirming, paid, declined) are in tests/e2e/receipts.spec.ts.
  for (const path of [
    "/doacao-sucesso",
    "/doacao-sucesso?festa=abc12",
    "/doacao-sucesso?ref=abc.def",
    `/doacao-sucesso?ref=${"a".repeat(65)}`,
  ]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Não encontramos essa doação" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toHaveCount(0);
    // No link to a party (a gift's "Ver Festa"); only the general list of parties.
    await expect(page.getByRole("link", { name: "Ver Festa", exact: true })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Ver festas", exact: true })).toHaveAttribute("href", "/eventos");
    await expect(page.getByRole("main").getByRole("link", { name: "Fazer uma doação" })).toHaveAttribute("href", "/doar");
  }
});

test("the donation canceled page offers the way back to the party when there is one", async ({ page }) => {
  await open(page, "/doacao-cancelada?festa=abc12");
  await expect(page.getByRole("heading", { level: 1, name: "Doação Cancelada" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Por que doar?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para Festa" })).toHaveAttribute("href", "/festa/abc12");
  await expect(page.getByRole("main").getByRole("link", { name: "Voltar ao Início" })).toHaveAttribute("href", "/");
  await expectNoFullShareClaim(page);

  await open(page, "/doacao-cancelada?festa=ABC%2012");
  await expect(page.getByRole("link", { name: "Voltar para Festa" })).toHaveCount(0);
  await open(page, "/doacao-cancelada");
  await expect(page.getByRole("link", { name: "Voltar para Festa" })).toHaveCount(0);
});

test("every static page has share meta, no console errors and no accessibility violations", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of STATIC_PAGES) {
    await open(page, path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /— Festa Solidária$/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.{50,}/);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  }
  expect(errors).toEqual([]);
});
