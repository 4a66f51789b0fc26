import { expect, test } from "@playwright/test";

// What people type — emoji, accents, a pasted link with no spaces, line breaks — must never break
// a page: no hydration error, no page wider than the phone.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

function saoPauloDate(daysFromToday: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysFromToday, 12)).toISOString().slice(0, 10);
}

test("a name with an emoji gets letter initials and no hydration error; Esc closes the phone menu", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize({ width: 390, height: 844 });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto("/auth?tab=cadastro");
  await page.getByLabel("Nome completo").fill("Pedro Álvares 😀");
  await page.getByLabel("E-mail").fill(`pedro.${id}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/painel$/);
  // The sign-up toast belongs to /painel: moving on (in the app, no reload) clears it at once.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  await page.getByRole("contentinfo").getByRole("link", { name: "Doar" }).click();
  await expect(page).toHaveURL(/\/doar$/);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 1500 });
  await page.goto("/");
  await page.getByLabel("Abrir menu").click();
  const phoneMenu = page.getByRole("navigation", { name: "Principal (celular)" });
  await expect(phoneMenu).toBeVisible();
  await expect(page.getByRole("banner").getByText("PÁ", { exact: true }).first()).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(phoneMenu).toBeHidden();
  await expect(page.getByLabel("Abrir menu")).toBeFocused();
  expect(errors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
});

test("a 120-character word in a party's name and a message with line breaks stay inside a 390 px phone", async ({
  page,
  browser,
  baseURL,
}) => {
  const longWord = `https://exemplo.com.br/${"a".repeat(97)}`;
  expect(longWord).toHaveLength(120);
  await page.goto("/auth?redirectTo=%2Fcriar-festa");
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/criar-festa$/);
  await page.getByLabel("Nome da festa").fill(longWord);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(saoPauloDate(5));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ label: "Associação Patinhas do Bem · Belo Horizonte - MG" });
  await page.getByLabel("Por que escolhi essa ONG/Causa (opcional)").fill(`Primeira linha\nSegunda linha ${longWord}`);
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  // The share moment names the party too: it fits the phone as well.
  await expect(page).toHaveURL(/\/painel\/festa\/[0-9a-z]{5}\?nova=1$/);
  await expect(page.getByRole("heading", { name: "Sua festa está no ar!" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.goto("/painel");
  const code = await page
    .locator("[data-party]")
    .filter({ hasText: longWord.slice(0, 30) })
    .first()
    .getAttribute("data-party");
  expect(code).toBeTruthy();

  const guest = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "pt-BR" })).newPage();
  for (const path of [`/festa/${code}`, "/eventos", `/doar?festa=${code}`]) {
    await guest.goto(path);
    const widths = await guest.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.scroll, path).toBe(widths.viewport);
  }
  await guest.goto(`/festa/${code}`);
  // The reason keeps its line break: two lines, not one.
  const reason = guest.getByText("Primeira linha");
  await expect(reason).toHaveCSS("white-space", "pre-line");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/painel");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
