import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NotFoundScreen } from "./not-found-screen";

function render() {
  const Stub = createRoutesStub([{ path: "/*", Component: NotFoundScreen }]);
  // React marks text boundaries with empty comments; they are not part of the words.
  return renderToString(<Stub initialEntries={["/pagina-que-nao-existe"]} />).replaceAll("<!-- -->", "");
}

describe("NotFoundScreen", () => {
  it("speaks pt-BR: the heading and the explanation", () => {
    const html = render();
    expect(html).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/);
    expect(html).not.toMatch(/Oops|Page not found/i);
  });

  it("offers a search for a party that lands on /eventos with the name /eventos reads", () => {
    const html = render();
    const form = html.match(/<form[^>]*>/)?.[0] ?? "";
    expect(form).toContain('role="search"');
    expect(form).toContain('action="/eventos"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<input[^>]*id="busca-404"[^>]*type="search"[^>]*name="nome"/);
    expect(html).toMatch(/<label[^>]*for="busca-404"[^>]*>Procurando uma festa\? Busque pelo nome<\/label>/);
  });

  it("links to the pages a lost visitor most likely wanted, and home", () => {
    const html = render();
    for (const href of ["/eventos", "/criar-festa", "/doar", "/como-funciona", "/contato", "/"]) {
      expect(html).toContain(`href="${href}"`);
    }
  });
});
