import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** One module per URL, in the order of the spec's route table (product-spec.md §2). */
export default [
  index("routes/home.tsx"),
  route("como-funciona", "routes/como-funciona.tsx"),
  route("criar-festa", "routes/criar-festa.tsx"),
  route("assine-o-bem", "routes/assine-o-bem.tsx"),
  route("doar", "routes/doar.tsx"),
  route("causas", "routes/causas.tsx"),
  route("eventos", "routes/eventos.tsx"),
  route("historias", "routes/historias.tsx"),
  route("transparencia", "routes/transparencia.tsx"),
  route("contato", "routes/contato.tsx"),
  route("faq", "routes/faq.tsx"),
  route("auth", "routes/auth.tsx"),
  route("redefinir-senha", "routes/redefinir-senha.tsx"),
  route("painel", "routes/painel.tsx"),
  route("admin", "routes/admin.tsx"),
  route("festa/:id", "routes/festa.$id.tsx"),
  route("subscription-success", "routes/subscription-success.tsx"),
  route("subscription-canceled", "routes/subscription-canceled.tsx"),
  route("doacao-sucesso", "routes/doacao-sucesso.tsx"),
  route("doacao-cancelada", "routes/doacao-cancelada.tsx"),
  route("termos-de-uso", "routes/termos-de-uso.tsx"),
  route("politica-privacidade", "routes/politica-privacidade.tsx"),
  route("conta", "routes/conta.tsx"),
  route("conta/confirmar-email", "routes/conta.confirmar-email.tsx"),
  route("privacidade/solicitar", "routes/privacidade.solicitar.tsx"),
  route("assinatura/gerenciar", "routes/assinatura.gerenciar.tsx"),
  route("certificado/:codigo", "routes/certificado.$codigo.tsx"),
  route("descadastrar", "routes/descadastrar.tsx"),
  route("painel/festas/:id/agradecer", "routes/painel.festas.$id.agradecer.tsx"),

  // The sandbox payment provider's hosted checkout (only when the sandbox is enabled).
  route("sandbox/checkout/:id", "routes/sandbox.checkout.$id.tsx"),
  route("sandbox/assinatura/:id", "routes/sandbox.assinatura.$id.tsx"),
  route("sandbox/portal/:customer", "routes/sandbox.portal.$customer.tsx"),
  // The local mailbox: every outbox e-mail (never in production).
  route("dev/emails", "routes/dev.emails.tsx"),

  // Resource routes (no page): machine-facing endpoints.
  route("painel/eventos", "routes/painel.eventos.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("api/webhooks/sandbox", "routes/api.webhooks.sandbox.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("transparencia/relatorio/:mes", "routes/transparencia.relatorio.$mes.ts"),
  route("dev/emails/:id", "routes/dev.emails.$id.ts"),
  route("admin/doacoes.csv", "routes/admin.doacoes[.]csv.ts"),
  route("repasses/:id/comprovante", "routes/repasses.$id.comprovante.ts"),
  route("conta/exportar/:formato", "routes/conta.exportar.$formato.ts"),
  route("privacidade/exportar/:formato", "routes/privacidade.exportar.$formato.ts"),
  route("painel/festas/:id/certificado/:formato", "routes/painel.festas.$id.certificado.$formato.ts"),
  route("conta/certificado/:ano/:formato", "routes/conta.certificado.$ano.$formato.ts"),

  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
