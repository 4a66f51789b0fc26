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
  it("shows the spec's title, the next steps and the two ways on; the WhatsApp group only when it exists (issue 33)", () => {
    const html = render();
    expect(html).toContain("Assinatura Confirmada!");
    for (const step of ["e-mail de confirmação", "relatório de impacto", "certificado digital"]) {
      expect(html).toContain(step);
    }
    expect(html).not.toContain("WhatsApp");
    expect(html).toMatch(/<a[^>]*href="\/assine-o-bem"[^>]*>Gerenciar Assinatura<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Voltar ao Início<\/a>/);
    expect(html).not.toContain("Plano ");
  });

  it("with the operator's invite link, the plan's group is one tap away; the mural and the visit point to Minha conta", () => {
    const html = render({ name: "Diamante", whatsappGroupUrl: "https://chat.whatsapp.com/Grupo", mural: true, visit: true });
    expect(html).toContain("grupo exclusivo de assinantes no WhatsApp");
    expect(html).toMatch(/<a[^>]*href="https:\/\/chat\.whatsapp\.com\/Grupo"[^>]*rel="noopener noreferrer"[^>]*>abrir o convite<\/a>/);
    expect(html).toContain("mural de apoiadores");
    expect(html).toContain("visita guiada");
    expect(html.match(/href="\/conta#beneficios"/g)).toHaveLength(2);
  });

  it("names the confirmed plan with its monthly price and renewal date", () => {
    const html = render({ name: "Prata", monthlyCents: 5000, renewsOn: "22/12/2026" });
    expect(html).toContain("Plano Prata");
    expect(html).toContain("R$ 50,00/mês");
    expect(html).toContain("renova em 22/12/2026");
  });
});
