import { describe, expect, it } from "vitest";
import { showsFloatingWhatsApp } from "./whatsapp-button";

describe("showsFloatingWhatsApp", () => {
  it("is drawn on the pages a visitor reads", () => {
    for (const path of ["/", "/como-funciona", "/causas", "/historias", "/transparencia", "/faq", "/termos-de-uso", "/faq/"]) {
      expect(showsFloatingWhatsApp(path), path).toBe(true);
    }
  });

  it("never over a form, an amount or a QR code: payment, checkout, forms, a party page, the panels", () => {
    for (const path of [
      "/doar",
      "/doar/pix/abc.def",
      "/doacao-sucesso",
      "/sandbox/checkout/cs_sbx_1",
      "/sandbox/pix/tx1",
      "/assine-o-bem",
      "/auth",
      "/redefinir-senha",
      "/criar-festa",
      "/contato",
      "/conta",
      "/festa/mari3",
      "/painel/festa/1",
      "/admin",
      "/eventos",
      "/pagina-que-nao-existe",
    ]) {
      expect(showsFloatingWhatsApp(path), path).toBe(false);
    }
  });
});
