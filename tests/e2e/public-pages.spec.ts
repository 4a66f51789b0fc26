import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const slide = (page: Page, n: number) => page.getByRole("group", { name: `${n} de 3` });

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test.describe("home", () => {
  test("the hero carousel auto-plays, and moves with buttons, dots and arrow keys", async ({ page }) => {
    await page.goto("/");
    await expect(slide(page, 1)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Festa Solidária: transforme sua festa em solidariedade");
    await expect(slide(page, 1).getByRole("heading", { name: "Transforme sua festa em solidariedade" })).toBeVisible();
    await expect(slide(page, 2)).toBeHidden();

    // Auto-play: the next slide within the 5 s interval (nothing hovered or focused).
    await expect(slide(page, 2)).toBeVisible({ timeout: 8_000 });
    await expect(slide(page, 2).getByRole("link", { name: "Buscar Eventos" })).toHaveAttribute("href", "/eventos");

    // Focus pauses it; buttons and keys move it.
    const next = page.getByRole("button", { name: "Próximo slide" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(slide(page, 3)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(slide(page, 1)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(slide(page, 3)).toBeVisible();
    await page.getByRole("button", { name: /^Ir para o slide 2/ }).click();
    await expect(slide(page, 2)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Ir para o slide 2/ })).toHaveAttribute("aria-current", "true");
    await page.waitForTimeout(5_600);
    await expect(slide(page, 2)).toBeVisible(); // still focused: no auto-advance

    // The pause button stops it for good.
    await page.getByRole("button", { name: "Pausar apresentação" }).click();
    await expect(page.getByRole("button", { name: "Retomar apresentação" })).toBeVisible();
  });

  test("the carousel stands still under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(slide(page, 1)).toBeVisible();
    await page.waitForTimeout(6_000);
    await expect(slide(page, 1)).toBeVisible();
    await expect(page.getByRole("button", { name: "Pausar apresentação" })).toHaveCount(0);
    await page.getByRole("button", { name: "Próximo slide" }).click();
    await expect(slide(page, 2)).toBeVisible();
  });

  test("shows the figures, plans, the main charity and a sponsor", async ({ page }) => {
    await page.goto("/");
    for (const label of ["Famílias ajudadas", "Arrecadados", "Festas criadas", "Assinantes ativos"]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText("2.847")).toBeVisible();
    // The institutions' figure says whose report it is; the computed ones say they are computed.
    await expect(page.getByText(/^Segundo o relatório anual da AADORA .*\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
    await expect(page.getByText(/calculados agora a partir dos pagamentos confirmados/).first()).toBeVisible();
    for (const price of ["R$ 30", "R$ 50", "R$ 70", "R$ 100"]) await expect(page.getByText(price, { exact: true })).toBeVisible();
    await expect(page.getByRole("complementary", { name: /^Patrocínio:/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Causas" })).toBeVisible();
  });

  test("'Conheça a associação' scrolls to the AADORA section under the sticky header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Conheça a associação" }).click();
    await expect(page).toHaveURL(/\/causas#aadora$/);
    const section = page.locator("#aadora");
    await expect(section).toBeInViewport();
    await expect(section.getByRole("heading", { name: /AADORA/ })).toBeInViewport();
    const box = await section.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(64); // not hidden under the 64 px header

    // A cold visit to the deep link lands there too.
    await page.goto("/causas#aadora");
    await expect(page.locator("#aadora").getByRole("heading", { name: /AADORA/ })).toBeInViewport();
  });
});

test.describe("/causas", () => {
  test("filters by city from the select and shows the empty message when nothing matches", async ({ page }) => {
    await page.goto("/causas");
    const cards = page.getByRole("link", { name: /^Saiba mais sobre/ });
    // The demo's six, plus any institution an earlier journey of the same run approved.
    await expect(cards.nth(5)).toBeVisible();
    const all = await cards.count();
    await page.getByLabel("Cidade").selectOption({ label: "Contagem - MG" });
    await expect(page).toHaveURL(/\/causas\?cidade=Contagem$/);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Instituto Prato Cheio" }).first()).toBeVisible();

    await page.getByLabel("Causa").selectOption({ label: "Proteção Animal" });
    await expect(page.getByText("Nenhuma causa encontrada")).toBeVisible();
    await expect(page.getByText("Tente ajustar os filtros para ver mais causas disponíveis")).toBeVisible();

    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(cards).toHaveCount(all);
  });

  test("filters work without JavaScript and unknown values give the empty state", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/causas");
    await page.getByLabel("Cidade").selectOption({ label: "Belo Horizonte - MG" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/cidade=Belo\+Horizonte/);
    // The demo's two in Belo Horizonte, plus any an earlier journey of the same run approved there;
    // none from elsewhere (Contagem's Instituto Prato Cheio is filtered out).
    await expect(page.getByRole("link", { name: /^Saiba mais sobre/ }).nth(1)).toBeVisible();
    await expect(page.getByRole("link", { name: "Saiba mais sobre Instituto Prato Cheio" })).toHaveCount(0);
    const response = await page.goto("/causas?causa=nao-existe&cidade=Atlantida");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Nenhuma causa encontrada")).toBeVisible();
    await context.close();
  });
});

test.describe("/contato", () => {
  test("shows errors under the fields keeping the values, then sends and clears", async ({ page }) => {
    // Unique per run: both viewports share one server.
    const name = `Cláudia Teste ${Date.now().toString(36)}`;
    await page.goto("/contato");
    await page.getByLabel("Nome *").fill(name);
    await page.getByLabel("E-mail *").fill("claudia@");
    await page.getByRole("textbox", { name: "Mensagem" }).fill("Gostaria de cadastrar a nossa ONG.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe um e-mail válido, como nome@exemplo.com.br.")).toBeVisible();
    await expect(page.getByText("Informe seu telefone.")).toBeVisible();
    await expect(page.getByLabel("E-mail *")).toBeFocused();
    await expect(page.getByLabel("Nome *")).toHaveValue(name);
    await expect(page.getByRole("textbox", { name: "Mensagem" })).toHaveValue("Gostaria de cadastrar a nossa ONG.");
    await expectNoAxeViolations(page, "/contato com erros");

    await page.getByLabel("E-mail *").fill("claudia@exemplo.com.br");
    await page.getByLabel("Telefone *").fill("(31) 97777-6666");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Mensagem enviada!")).toBeVisible();
    await expect(page.getByText("Entraremos em contato em breve.")).toBeVisible();
    await expect(page.getByLabel("Nome *")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Mensagem" })).toHaveValue("");
    await expect(page.getByText("Informe seu telefone.")).toHaveCount(0);

    // The team reads it in the admin's Mensagens tab.
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
    await page.getByLabel("Senha").fill("admin1234");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/painel|\/admin|\/$/);
    await page.goto("/admin/mensagens");
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByRole("link", { name: "claudia@exemplo.com.br" }).first()).toBeVisible();
  });
});

test.describe("/transparencia", () => {
  test("percentages add up to 100 and 'Baixar PDF' downloads a report pdftotext can read", async ({ page }) => {
    await page.goto("/transparencia");
    const percents = await page.locator("ul li span.text-lg").allTextContents();
    expect(percents.length).toBeGreaterThan(0);
    expect(percents.map((p) => Number(p.replace("%", ""))).reduce((a, b) => a + b, 0)).toBe(100);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: /^Baixar PDF/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^festa-solidaria-transparencia-\d{4}-\d{2}\.pdf$/);
    const file = await download.path();
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Relatório de transparência");
    expect(text).toContain("Doações por causa");
    expect(text).toContain("Aniversário de 30 anos da Mariana");

    await expect(page.getByRole("link", { name: "Enviar e-mail" })).toHaveAttribute("href", /^mailto:.+@.+/);
    await expect(page.getByRole("link", { name: "Falar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  });
});

test("every public page of this issue has SEO meta, no console errors and no accessibility violations", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  const base = new URL(page.url() === "about:blank" ? test.info().project.use.baseURL! : page.url()).origin;
  for (const path of ["/", "/causas", "/causas?cidade=Atlantida", "/historias", "/transparencia", "/contato"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(/— Festa Solidária$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base}${path.split("?")[0]}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${base}/images/og-festa-solidaria.jpg`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${base}${path.split("?")[0]}`);
    // Below-the-fold images wait; every image has its size.
    for (const img of await page.locator("main img").all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectNoAxeViolations(page, path);
  }
  expect(errors).toEqual([]);

  const sitemap = await page.request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${base}/causas</loc>`);
  expect(xml).toContain(`<loc>${base}/festa/mari3</loc>`);
  expect(xml).not.toContain("/festa/bia08"); // its event was 20 days ago
  const og = await page.request.get("/images/og-festa-solidaria.jpg");
  expect(og.headers()["content-type"]).toBe("image/jpeg");
});
