// The contact, legal and operator details production refuses to start without
// (app/platform/config.server.ts, requireRealDetails): every test, bench and script that starts the
// server with NODE_ENV=production passes these. Plain JS, so scripts/*.mjs can import it too.

/** Valid, non-placeholder values (a real CNPJ's check digits, example addresses). */
export const PRODUCTION_DETAILS_ENV = Object.freeze({
  CONTACT_EMAIL: "contato@festa.example",
  LEGAL_CITY: "Belo Horizonte - MG",
  LEGAL_PHONE: "(31) 3333-4444",
  DPO_EMAIL: "privacidade@festa.example",
  OPERATOR_LEGAL_NAME: "Festa Solidária Teste Ltda.",
  OPERATOR_CNPJ: "11.222.333/0001-81",
  OPERATOR_ADDRESS: "Av. Afonso Pena, 1000, Centro, Belo Horizonte - MG, 30130-000",
});
