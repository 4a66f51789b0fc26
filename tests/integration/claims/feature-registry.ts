/**
 * Every promise the site makes, as a feature with the phrases that mention it (docs/claims.md is
 * the readable table). `present`: the feature exists, `backedBy` names the code and the test that
 * prove it. `absent`: nothing may mention it (things the product does not do, and the wording of
 * old flows that are no longer true). `config`: it exists only once the operator sets a variable,
 * so only the files in `gatedIn`, which check that variable, may mention it.
 */
export type Feature = {
  id: string;
  claim: string;
  phrases: RegExp[];
} & (
  | { status: "present"; backedBy: string[] }
  | { status: "absent"; why: string }
  | { status: "config"; variable: string; backedBy: string[]; gatedIn: string[] }
);

export const FEATURES: Feature[] = [
  // ---------- Assine o Bem ----------
  {
    id: "mural",
    claim: "Nome no mural de apoiadores (planos Ouro e Diamante, se o assinante quiser)",
    phrases: [/mural de apoiadores/i],
    status: "present",
    backedBy: [
      "app/routes/assine-o-bem.mural.tsx",
      "app/domain/subscriptions/supporters.server.ts",
      "app/routes/assine-o-bem.mural.test.ts",
    ],
  },
  {
    id: "ranking",
    claim: "Ranking dos Assinantes do Bem por faixa (Bronze 30–49, Prata 50–69, Ouro 70–99, Diamante 100+)",
    phrases: [/ranking dos assinantes/i],
    status: "present",
    backedBy: [
      "app/domain/subscriptions/supporters.server.ts",
      "app/components/subscriptions/plan-sections.tsx",
      "app/routes/assine-o-bem.mural.test.ts",
    ],
  },
  {
    id: "whatsapp-group",
    claim: "Grupo exclusivo de assinantes no WhatsApp (Prata, Ouro e Diamante)",
    phrases: [/grupo exclusivo de assinantes/i],
    status: "config",
    variable: "SUBSCRIBERS_WHATSAPP_GROUP_URL",
    backedBy: ["app/domain/subscriptions/benefits-account.server.ts", "app/routes/assine-o-bem.mural.test.ts"],
    gatedIn: [
      "app/domain/subscriptions/benefits.ts", // the label; offeredBenefits drops it without the link
      "app/components/account/subscriber-benefits.tsx", // shown only with whatsappGroupUrl
      "app/components/static-pages/subscription-success-view.tsx", // only with whatsappGroupUrl
      "app/domain/subscriptions/emails/subscription-confirmation.server.tsx", // only with whatsappGroup
      "app/routes/subscription-canceled.tsx", // only with config.subscribersGroup
    ],
  },
  {
    id: "guided-visit",
    claim: "Visita guiada à instituição apoiada (Plano Diamante), pedida em Minha conta",
    phrases: [/visita guiada/i],
    status: "present",
    backedBy: [
      "app/domain/subscriptions/visits.server.ts",
      "app/domain/subscriptions/emails/visit-request.server.tsx",
      "app/routes/assine-o-bem.mural.test.ts",
    ],
  },
  {
    id: "monthly-impact-report",
    claim: "Relatório mensal de impacto por e-mail para assinantes",
    phrases: [/relat[óo]rios? (mensa(l|is) )?de impacto/i],
    status: "present",
    backedBy: ["app/domain/impact/emails/monthly-impact.server.tsx", "app/domain/impact/monthly-impact.server.test.ts"],
  },
  {
    id: "subscriber-certificate",
    claim: "Certificado digital de Assinante do Bem",
    phrases: [/certificado digital de assinante/i],
    status: "present",
    backedBy: ["app/routes/conta.certificado.$ano.$formato.ts", "app/domain/impact/certificates.server.test.ts"],
  },
  {
    id: "pix-automatico",
    claim: "Assinatura por Pix Automático",
    phrases: [/pix autom[áa]tico/i],
    status: "present",
    backedBy: ["app/domain/subscriptions/pix-automatico.server.ts", "app/routes/assine-o-bem.pix-automatico.test.ts"],
  },
  {
    id: "cancel-anytime",
    claim: "Trocar de plano ou cancelar quando quiser (Gerenciar Assinatura)",
    phrases: [/cancel(e|ar) quando quiser/i, /cancelar a qualquer momento/i],
    status: "present",
    backedBy: ["app/domain/subscriptions/manage.server.ts", "app/routes/assinatura.gerenciar.test.ts"],
  },

  // ---------- parties and gifts ----------
  {
    id: "party-certificate",
    claim: "Certificado de impacto da festa, em PDF e imagem",
    phrases: [/certificado de impacto/i, /certificado digital com o impacto/i],
    status: "present",
    backedBy: ["app/routes/painel.festas.$id.certificado.$formato.ts", "app/domain/impact/certificates.server.test.ts"],
  },
  {
    id: "email-per-gift",
    claim: "Um e-mail ao anfitrião a cada presente, com o valor e a mensagem",
    phrases: [/e-mail a cada presente/i, /e-mail autom[áa]tico com o valor/i],
    status: "present",
    backedBy: ["app/domain/donations/donation-emails.server.ts", "app/domain/donations/payment-events.server.test.ts"],
  },
  {
    id: "live-tracking",
    claim: "Acompanhamento das doações em tempo real",
    phrases: [/tempo real/i],
    status: "present",
    backedBy: ["app/domain/parties/owner-event-stream.server.ts", "app/routes/festa.eventos.test.ts"],
  },
  {
    id: "party-editing",
    claim: "O anfitrião edita foto, texto e meta, e nome e data até a festa terminar; instituição e cancelamento pela equipe",
    phrases: [/você mesmo altera/i],
    status: "present",
    backedBy: ["app/routes/painel.festa.$id.editar.tsx", "app/routes/painel.festa.editar.test.ts"],
  },
  {
    id: "party-page-5-days",
    claim: "A página da festa sai do ar 5 dias após o evento",
    phrases: [/5 dias após a data do evento/i],
    status: "present",
    backedBy: ["app/domain/parties/parties.server.test.ts", "app/routes/festa.test.ts"],
  },
  {
    id: "receipts",
    claim: "Recibo de cada doação, com verificação pública, e extrato anual",
    phrases: [/recibo/i],
    status: "present",
    backedBy: ["app/domain/receipts/receipts.server.ts", "app/routes/recibo.test.ts"],
  },
  {
    id: "payout-proof",
    claim: "Repasse em até 3 dias úteis após a liberação, com comprovante para anfitrião e instituição",
    phrases: [/comprovante/i],
    status: "present",
    backedBy: [
      "app/domain/payouts/party-transfer.server.ts",
      "app/routes/admin.payouts.test.ts",
      "app/routes/admin.institution-payouts.test.ts",
    ],
  },
  {
    id: "transparency-reports",
    claim: "Relatórios mensais em PDF na página de transparência",
    phrases: [/baixe o relat[óo]rio de cada m[êe]s/i],
    status: "present",
    backedBy: ["app/routes/transparencia.relatorio.$mes.ts", "app/routes/transparencia.test.ts"],
  },
  {
    id: "data-export",
    claim: "Baixar uma cópia dos seus dados e excluir a conta (LGPD)",
    phrases: [/baixar em json/i, /excluir minha conta/i],
    status: "present",
    backedBy: ["app/routes/conta.exportar.$formato.ts", "app/routes/conta.test.ts"],
  },
  {
    id: "impact-figures",
    claim: "Números de impacto: arrecadado, festas e assinantes do livro-caixa; famílias ajudadas com a fonte e a data",
    phrases: [/fam[íi]lias ajudadas/i],
    status: "present",
    backedBy: ["app/domain/content/impact.server.ts", "app/routes/home.test.ts"],
  },

  // ---------- never promised ----------
  {
    id: "company-tax-deduction",
    claim: "Dedução de imposto para empresas",
    phrases: [/dedu[çc][ãa]o (fiscal|do imposto|no imposto|do ir)/i, /dedut[íi]ve(l|is)/i, /abater (do|no) imposto/i],
    status: "absent",
    why: "decisions.md: the money is collected by the platform, not the direct credit a company deduction needs",
  },
  {
    id: "mobile-app",
    claim: "Aplicativo da Festa Solidária para celular",
    phrases: [/baixe (o|nosso) (app|aplicativo)/i, /aplicativo da festa solid[áa]ria/i],
    status: "absent",
    why: "the product is a web site",
  },
  {
    id: "team-only-party-edits",
    claim: "Só a equipe altera os dados da festa (fluxo antigo)",
    phrases: [/para alterar os dados ou cancelar o evento/i, /altera[çc][õo]es e cancelamentos s[ãa]o feitos pela nossa equipe/i],
    status: "absent",
    why: "the host edits photo, text and goal in /painel/festa/:id/editar",
  },
  {
    id: "group-invite-by-email",
    claim: "Convite do grupo de WhatsApp enviado por e-mail nos próximos dias (fluxo antigo)",
    phrases: [/nos pr[óo]ximos dias voc[êe] recebe o convite/i],
    status: "absent",
    why: "the invite is in /conta and on the success page, only when configured and only for the plans that include it",
  },
  {
    id: "card-only-subscription",
    claim: "Assinatura cobrada só no cartão (fluxo antigo)",
    phrases: [/cobrada automaticamente no cart[ãa]o informado, at[ée]/i],
    status: "absent",
    why: "Assine o Bem also runs on Pix Automático",
  },
];
