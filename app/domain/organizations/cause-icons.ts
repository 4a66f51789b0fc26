/**
 * The icons a cause may show: an emoji each, drawn as text on the home page, the party cards and
 * the party page. The admin picks one from this list (the server refuses anything else), so a
 * cause never shows a word such as "heart" or a broken symbol where its icon goes.
 * Plain literals only (no top-level calls), so a page that does not use them does not carry them.
 */
export const CAUSE_ICONS = ["💛", "💚", "🩺", "🧬", "🍲", "📚", "🧒", "👵", "♿", "🏠", "🐾", "🌱", "💧", "🎨", "⚽", "🤝", "🎈"] as const;

export type CauseIcon = (typeof CAUSE_ICONS)[number];

/** What each icon stands for, in the admin's select. */
export const CAUSE_ICON_LABELS: Record<CauseIcon, string> = {
  "💛": "Coração",
  "💚": "Saúde",
  "🩺": "Atendimento médico",
  "🧬": "Doenças raras",
  "🍲": "Alimentação",
  "📚": "Educação",
  "🧒": "Crianças",
  "👵": "Pessoas idosas",
  "♿": "Acessibilidade",
  "🏠": "Moradia",
  "🐾": "Proteção animal",
  "🌱": "Meio ambiente",
  "💧": "Água",
  "🎨": "Cultura",
  "⚽": "Esporte",
  "🤝": "Comunidade",
  "🎈": "Festa",
};

/** Shown where a cause has no icon (or one saved before the list existed). */
export const DEFAULT_CAUSE_ICON: CauseIcon = "💛";
