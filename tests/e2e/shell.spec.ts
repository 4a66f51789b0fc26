import { expect, test } from "@playwright/test";

test("the home page serves the site shell with navigation and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Festa Solidária/);
  await expect(page.getByRole("link", { name: "Festa Solidária — início" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fale conosco pelo WhatsApp" })).toHaveAttribute("href", /wa\.me\/\d+\?text=/);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Doar" })).toHaveAttribute("href", "/doar");
});

test("an unknown address shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/pagina-que-nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByText(/Oops|Page not found/)).toHaveCount(0);
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the not-found page searches for a party by name and links to the useful pages", async ({ page }) => {
  await page.goto("/festa-da-mariana-errada");
  const search = page.getByRole("search", { name: "Buscar uma festa" });
  await search.getByLabel("Procurando uma festa? Busque pelo nome").fill("Mariana");
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/eventos\?nome=Mariana$/);
  await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
  await expect(page.getByText(/eventos? encontrados?/)).toBeVisible();
  await page.goBack();
  const useful = page.getByRole("navigation", { name: "Páginas úteis" });
  await expect(useful.getByRole("link", { name: "Fazer uma doação" })).toHaveAttribute("href", "/doar");
  await expect(useful.getByRole("link", { name: "Criar uma festa solidária" })).toHaveAttribute("href", "/criar-festa");
});

test("a record that does not exist (a loader's 404) draws the same, single not-found screen", async ({ page }) => {
  // The catch-all route and the root error boundary both draw NotFoundScreen (error-screen.tsx).
  const response = await page.goto(`/sandbox/checkout/cs_sbx_${"0".repeat(32)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Voltar ao início" })).toHaveCount(1);
});

test("the scripts' preloads wait behind what the first paint needs", async ({ request }) => {
  // <Scripts> drops its links after hydration: what the server sent is read from the HTML itself.
  for (const url of ["/", "/festa/mari3", "/doar"]) {
    const html = await (await request.get(url)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    expect(head).toMatch(/<link[^>]*rel="stylesheet"[^>]*>/);
    expect(html.match(/<link rel="modulepreload"/g)?.length).toBe(preloads.length);
  }
});
