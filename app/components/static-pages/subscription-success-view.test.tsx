import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionSuccessView } from "./subscription-success-view";

function render(plan?: Parameters<typeof SubscriptionSuccessView>[0]["plan"]) {
  // React marks text boundaries with empty comments; they are not part of the words.
  return renderToString(
    <MemoryRouter>
      <SubscriptionSuccessView plan={plan} />
    </MemoryRouter>,
  ).replaceAll("<!-- -->", "");
}

describe("SubscriptionSuccessView", () => {
  it("shows the spec's title, the four next steps and the two ways on", () => {
    const html = render();
    expect(html).toContain("Assinatura Confirmada!");
    for (const step of [
      "e-mail de confirmação",
      "grupo exclusivo de assinantes no WhatsApp",
      "relatório de impacto",
      "certificado digital",
    ]) {
      expect(html).toContain(step);
    }
    expect(html).toMatch(/<a[^>]*href="\/assine-o-bem"[^>]*>Gerenciar Assinatura<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Voltar ao Início<\/a>/);
    expect(html).not.toContain("Plano ");
  });

  it("names the confirmed plan with its monthly price and renewal date", () => {
    const html = render({ name: "Prata", monthlyCents: 5000, renewsOn: "22/12/2026" });
    expect(html).toContain("Plano Prata");
    expect(html).toContain("R$ 50,00/mês");
    expect(html).toContain("renova em 22/12/2026");
  });
});
