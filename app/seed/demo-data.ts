/** Content the spec hard-codes, kept as data so admins can change it (decisions.md). */
import type { AD_PLACEMENTS, TESTIMONIAL_TYPES } from "~/domain/content/content-kinds";
import type { EVENT_TYPES } from "~/domain/parties/event-types";

export const DEMO_CAUSES = [
  {
    key: "raras",
    name: "Doenças Raras",
    icon: "🧬",
    description: "Acolhimento, tratamento e qualidade de vida para pessoas com doenças raras e suas famílias.",
  },
  {
    key: "fome",
    name: "Combate à Fome",
    icon: "🍲",
    description: "Cestas básicas, cozinhas comunitárias e segurança alimentar para famílias em vulnerabilidade.",
  },
  {
    key: "educacao",
    name: "Educação Infantil",
    icon: "📚",
    description: "Reforço escolar, material didático e leitura para crianças de comunidades.",
  },
  { key: "saude", name: "Saúde e Bem-estar", icon: "💚", description: "Consultas, terapias e apoio emocional para quem não tem acesso." },
  { key: "moradia", name: "Moradia Digna", icon: "🏠", description: "Reformas e mutirões para que cada família tenha um lar seguro." },
  { key: "animais", name: "Proteção Animal", icon: "🐾", description: "Resgate, castração e adoção responsável de cães e gatos." },
  { key: "ambiente", name: "Meio Ambiente", icon: "🌱", description: "Reflorestamento, hortas urbanas e educação ambiental." },
] as const;

/** /doar's impact panel per cause: what each preset (in reais) helps to pay for. */
export const DEMO_CAUSE_IMPACT: Record<(typeof DEMO_CAUSES)[number]["key"], Record<string, string>> = {
  raras: {
    "10": "Ajuda no transporte de uma família até uma consulta especializada.",
    "25": "Contribui para um exame de apoio ao diagnóstico.",
    "50": "Ajuda a custear uma sessão de fisioterapia ou terapia.",
    "100": "Garante uma semana de atendimento psicológico às famílias.",
    "250": "Apoia um mês de acompanhamento de uma família.",
    "500": "Ajuda a manter o acolhimento funcionando por um mês inteiro.",
  },
  fome: {
    "10": "Garante cinco refeições na cozinha comunitária.",
    "25": "Contribui para uma cesta de alimentos para uma família.",
    "50": "Serve o almoço de 25 pessoas em um dia.",
    "100": "Compra os legumes e verduras de uma semana da cozinha.",
    "250": "Garante cestas básicas para dez famílias.",
    "500": "Mantém a cozinha comunitária aberta por quatro dias.",
  },
  educacao: {
    "10": "Compra um livro infantil para a biblioteca comunitária.",
    "25": "Garante o material escolar de uma criança por um mês.",
    "50": "Paga uma semana de reforço escolar para uma criança.",
    "100": "Monta um kit de leitura para uma turma.",
    "250": "Apoia um mês de reforço escolar para cinco crianças.",
    "500": "Ajuda a manter a biblioteca comunitária aberta por um mês.",
  },
  saude: {
    "10": "Ajuda no transporte de uma pessoa até um atendimento.",
    "25": "Contribui para medicamentos de uso contínuo.",
    "50": "Ajuda a custear uma consulta ou sessão de terapia.",
    "100": "Garante uma semana de apoio emocional em grupo.",
    "250": "Apoia um mês de acompanhamento de uma pessoa.",
    "500": "Ajuda a manter um mutirão de saúde por um dia.",
  },
  moradia: {
    "10": "Compra um saco de cimento para um mutirão.",
    "25": "Contribui para a tinta de um cômodo.",
    "50": "Ajuda a trocar a fiação elétrica de um cômodo.",
    "100": "Garante as telhas para consertar um vazamento.",
    "250": "Apoia a reforma do banheiro de uma família.",
    "500": "Ajuda a reformar um quarto inteiro.",
  },
  animais: {
    "10": "Garante a ração de um cão resgatado por uma semana.",
    "25": "Contribui para uma vacina de um animal resgatado.",
    "50": "Ajuda a custear uma consulta veterinária.",
    "100": "Paga a castração de um gato.",
    "250": "Apoia o tratamento de um animal resgatado.",
    "500": "Ajuda a manter o abrigo funcionando por uma semana.",
  },
  ambiente: {
    "10": "Planta uma muda de árvore nativa.",
    "25": "Compra sementes para um canteiro da horta urbana.",
    "50": "Garante as ferramentas de uma oficina com alunos.",
    "100": "Planta dez árvores nativas com uma escola.",
    "250": "Apoia um mês de horta em uma escola pública.",
    "500": "Ajuda a recuperar um trecho de mata ciliar.",
  },
};
export type DemoCauseKey = (typeof DEMO_CAUSES)[number]["key"];

/**
 * Demo institutions. Their CNPJs are FICTITIOUS: made up, with valid check digits so the forms
 * accept them; they do not belong to these (or any known) institutions. Pix keys are the same
 * fictitious CNPJs. The seed marks them verified "by the demo data", saying so in the note.
 */
export const DEMO_CNPJ_NOTE = "Dados de demonstração: CNPJ e chave Pix fictícios (dígitos verificadores válidos).";

export const DEMO_ORGANIZATIONS: Array<{
  slug: string;
  name: string;
  legalName: string;
  cnpj: string;
  cause: DemoCauseKey;
  city: string;
  state: string;
  description: string;
  email: string;
  isMain?: boolean;
  bannerUrl: string;
}> = [
  {
    slug: "aadora",
    name: "AADORA — Associação de Apoio às Pessoas com Doenças Raras",
    legalName: "Associação de Apoio às Pessoas com Doenças Raras",
    cnpj: "10485736000150",
    cause: "raras",
    city: "Belo Horizonte",
    state: "MG",
    email: "contato@aadora.org.br",
    isMain: true,
    bannerUrl: "/images/banners/aadora.svg",
    description:
      "Desde 2009 a AADORA acolhe pessoas com doenças raras e suas famílias em Belo Horizonte: orientação para diagnóstico, acesso a tratamento, fisioterapia, apoio psicológico e defesa de direitos. Cada doação vira consulta, terapia e esperança.",
  },
  {
    slug: "prato-cheio",
    name: "Instituto Prato Cheio",
    legalName: "Instituto Prato Cheio de Segurança Alimentar",
    cnpj: "21593847000105",
    cause: "fome",
    city: "Contagem",
    state: "MG",
    email: "contato@pratocheio.org.br",
    bannerUrl: "/images/banners/fome.svg",
    description: "Cozinha comunitária que serve 600 refeições por dia e distribui cestas básicas na região metropolitana de BH.",
  },
  {
    slug: "ler-e-crescer",
    name: "Projeto Ler e Crescer",
    legalName: "Associação Projeto Ler e Crescer",
    cnpj: "32746159000146",
    cause: "educacao",
    city: "São Paulo",
    state: "SP",
    email: "ola@lerecrescer.org.br",
    bannerUrl: "/images/banners/educacao.svg",
    description: "Bibliotecas comunitárias e reforço escolar para 300 crianças da zona leste de São Paulo.",
  },
  {
    slug: "patinhas-do-bem",
    name: "Associação Patinhas do Bem",
    legalName: "Associação Protetora Patinhas do Bem",
    cnpj: "43857261000135",
    cause: "animais",
    city: "Belo Horizonte",
    state: "MG",
    email: "adote@patinhasdobem.org.br",
    bannerUrl: "/images/banners/animais.svg",
    description: "Resgate, tratamento veterinário e adoção responsável de cães e gatos abandonados.",
  },
  {
    slug: "teto-amigo",
    name: "Rede Teto Amigo",
    legalName: "Associação Rede Teto Amigo de Moradia",
    cnpj: "54968372000135",
    cause: "moradia",
    city: "Rio de Janeiro",
    state: "RJ",
    email: "contato@tetoamigo.org.br",
    bannerUrl: "/images/banners/moradia.svg",
    description: "Mutirões de reforma que devolvem segurança e dignidade a casas de famílias de baixa renda.",
  },
  {
    slug: "verde-vivo",
    name: "Coletivo Verde Vivo",
    legalName: "Associação Coletivo Verde Vivo",
    cnpj: "65079483000107",
    cause: "ambiente",
    city: "Curitiba",
    state: "PR",
    email: "ola@verdevivo.org.br",
    bannerUrl: "/images/banners/ambiente.svg",
    description: "Hortas urbanas e plantio de árvores nativas com escolas públicas.",
  },
];

export const DEMO_TESTIMONIALS: Array<{
  name: string;
  type: (typeof TESTIMONIAL_TYPES)[number];
  quote: string;
  event: string;
  impact: string;
}> = [
  // Testimonials tell of parties that already happened: Bia's (bia08, ended, R$ 400 in DEMO_PARTIES)
  // or ones older than the demo data — never of a party still collecting.
  {
    name: "Mariana Costa",
    type: "Festeiro Solidário",
    quote:
      "A Bia pediu doações no lugar de presentes nos 8 anos dela. Foi a festa mais emocionante da família — agora é a minha vez, nos meus 30!",
    event: "Festa de 8 anos da Bia",
    impact: "R$ 400 para a AADORA",
  },
  {
    name: "Camila e Pedro",
    type: "Festeiro Solidário",
    quote: "Nossos convidados adoraram saber que o presente ia ajudar quem precisa. Casamento com propósito!",
    event: "Casamento em 2025",
    impact: "R$ 8.750 para combate à fome",
  },
  {
    name: "Dona Helena",
    type: "Beneficiado",
    quote: "Meu neto tem uma doença rara e a associação nos acolheu quando ninguém sabia o que fazer.",
    event: "Família atendida pela AADORA",
    impact: "12 meses de fisioterapia",
  },
  {
    name: "Lucas Andrade",
    type: "Assinante do Bem",
    quote: "Assino o plano Prata há um ano. Recebo os relatórios e vejo exatamente onde o dinheiro chega.",
    event: "Assinante desde 2025",
    impact: "R$ 600 doados no ano",
  },
  {
    name: "Turma de Engenharia 2025",
    type: "Festeiro Solidário",
    quote: "A formatura virou uma campanha e a turma inteira se envolveu. Valeu cada centavo!",
    event: "Formatura",
    impact: "R$ 5.400 para educação infantil",
  },
  {
    name: "Ana Paula Ribeiro",
    type: "Beneficiado",
    quote: "Com a reforma da nossa casa, meus filhos finalmente têm um quarto seco para dormir.",
    event: "Família atendida pela Rede Teto Amigo",
    impact: "1 casa reformada",
  },
];

export const DEMO_ADS: Array<{
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  sponsor: string;
  imageUrl: string;
  placements: Array<(typeof AD_PLACEMENTS)[number]>;
}> = [
  {
    title: "Buffet Alegria: festa completa com 10% revertidos",
    description: "Contrate seu buffet e 10% do valor vai para a causa da sua festa solidária.",
    ctaText: "Conhecer o buffet",
    ctaUrl: "https://example.com/buffet-alegria",
    sponsor: "Buffet Alegria",
    imageUrl: "/images/ads/buffet.svg",
    placements: ["home", "eventos", "festa"],
  },
  {
    title: "Convites digitais que ajudam",
    description: "Crie convites lindos com o link da sua festa solidária já incluído.",
    ctaText: "Criar convite",
    ctaUrl: "https://example.com/convites",
    sponsor: "Convite Fácil",
    imageUrl: "/images/ads/convite.svg",
    placements: ["home", "festa"],
  },
  {
    title: "Farmácia Viva apoia as doenças raras",
    description: "Na compra de medicamentos, arredonde o troco para a AADORA.",
    ctaText: "Saiba mais",
    ctaUrl: "https://example.com/farmacia-viva",
    sponsor: "Farmácia Viva",
    imageUrl: "/images/ads/farmacia.svg",
    placements: ["causas", "transparencia"],
  },
  {
    title: "Doces da Vovó: bolos que fazem o bem",
    description: "Parte de cada bolo de aniversário vai para projetos de combate à fome.",
    ctaText: "Encomendar bolo",
    ctaUrl: "https://example.com/doces-da-vovo",
    sponsor: "Doces da Vovó",
    imageUrl: "/images/ads/bolo.svg",
    placements: ["eventos", "historias", "festa"],
  },
  {
    title: "Banco Parceiro: Pix solidário sem tarifa",
    description: "Transfira para causas cadastradas sem pagar nada a mais.",
    ctaText: "Abrir conta",
    ctaUrl: "https://example.com/banco-parceiro",
    sponsor: "Banco Parceiro",
    imageUrl: "/images/ads/banco.svg",
    placements: ["transparencia", "causas"],
  },
  {
    title: "Foto Festa: sua celebração registrada",
    description: "Fotógrafos parceiros doam uma sessão para cada 10 festas solidárias.",
    ctaText: "Ver portfólio",
    ctaUrl: "https://example.com/foto-festa",
    sponsor: "Foto Festa",
    imageUrl: "/images/ads/foto.svg",
    placements: ["home", "historias"],
  },
];

export const DEMO_STORIES = [
  {
    title: "Um aniversário que virou tratamento",
    description: "Os 40 anos do Carlos arrecadaram o suficiente para seis meses de fisioterapia de três crianças atendidas pela AADORA.",
    imageUrl: null,
  },
  {
    title: "Casamento com cesta básica na lista",
    description: "Rafael e Júlia trocaram a lista de presentes por doações: 120 famílias receberam cestas no mês do casamento.",
    imageUrl: null,
  },
  {
    title: "A formatura que abriu uma biblioteca",
    description: "A turma de Engenharia 2025 montou uma biblioteca comunitária com mais de 800 livros na zona leste de São Paulo.",
    imageUrl: null,
  },
];

export const DEMO_USERS = [
  { name: "Admin Festa Solidária", email: "admin@festasolidaria.org.br", password: "admin1234", admin: true },
  { name: "Mariana Costa", email: "mariana@exemplo.com.br", password: "festa1234", admin: false },
  { name: "Rafael Souza", email: "rafael@exemplo.com.br", password: "festa1234", admin: false },
];

export const DEMO_PARTIES: Array<{
  code: string;
  owner: number;
  name: string;
  eventType: (typeof EVENT_TYPES)[number];
  daysFromToday: number;
  goalReais: number;
  org: string;
  message: string;
  gifts: Array<{ name: string | null; reais: number; message?: string; daysAgo: number }>;
}> = [
  {
    code: "mari3",
    owner: 1,
    name: "Aniversário de 30 anos da Mariana",
    eventType: "Aniversário",
    daysFromToday: 12,
    goalReais: 3000,
    org: "aadora",
    message:
      "Conheci a AADORA quando uma amiga recebeu o diagnóstico do filho. Quero que meus 30 anos ajudem outras famílias a não se sentirem sozinhas.",
    gifts: [
      { name: "Beatriz Lima", reais: 100, message: "Parabéns, Mari! Que linda iniciativa 💛", daysAgo: 1 },
      { name: null, reais: 50, daysAgo: 2 },
      { name: "Tio Jorge", reais: 250, message: "Feliz aniversário, querida!", daysAgo: 3 },
      { name: "Camila e Pedro", reais: 150, message: "Com todo carinho", daysAgo: 4 },
      { name: "Fernanda", reais: 25, daysAgo: 5 },
      { name: "Grupo do trabalho", reais: 500, message: "Do pessoal do financeiro 🎉", daysAgo: 6 },
    ],
  },
  {
    code: "rjcas",
    owner: 2,
    name: "Casamento Rafael & Júlia",
    eventType: "Casamento",
    daysFromToday: 30,
    goalReais: 10000,
    org: "prato-cheio",
    message: "Já temos tudo de que precisamos em casa. O maior presente é saber que nenhuma família vai passar fome no nosso grande dia.",
    gifts: [
      { name: "Família Souza", reais: 500, message: "Felicidades ao casal!", daysAgo: 2 },
      { name: "Padrinhos", reais: 1000, message: "Amor e solidariedade, tudo a ver com vocês", daysAgo: 3 },
      { name: null, reais: 100, daysAgo: 7 },
    ],
  },
  {
    code: "form5",
    owner: 1,
    name: "Formatura Engenharia 2026",
    eventType: "Formatura",
    daysFromToday: 45,
    goalReais: 5000,
    org: "ler-e-crescer",
    message: "Educação mudou nossa vida. Queremos que ela mude a vida de outras crianças também.",
    gifts: [{ name: "Prof. Ricardo", reais: 200, message: "Orgulho desta turma!", daysAgo: 1 }],
  },
  {
    code: "natal",
    owner: 2,
    name: "Confraternização da Empresa Aurora",
    eventType: "Confraternização",
    daysFromToday: 33,
    goalReais: 0,
    org: "patinhas-do-bem",
    message: "Este ano o amigo secreto vai ser com os nossos amigos de quatro patas.",
    gifts: [],
  },
  {
    code: "bia08",
    owner: 1,
    name: "Festa de 8 anos da Bia",
    eventType: "Aniversário",
    daysFromToday: -20,
    goalReais: 1000,
    org: "aadora",
    message: "A Bia escolheu ajudar crianças como a amiguinha dela da escola.",
    gifts: [
      { name: "Vovó Lúcia", reais: 300, message: "Para a minha netinha de coração enorme", daysAgo: 25 },
      { name: "Tia Carol", reais: 100, daysAgo: 24 },
    ],
  },
  {
    // Ended long enough ago that the card operator has settled: its payout is due (admin "Repasses").
    code: "theo1",
    owner: 1,
    name: "Chá de bebê do Theo",
    eventType: "Outro",
    daysFromToday: -40,
    goalReais: 800,
    org: "prato-cheio",
    message: "O Theo vai chegar num mundo com menos fome: em vez de fraldas, uma doação.",
    gifts: [
      { name: "Madrinha Lu", reais: 200, message: "Bem-vindo, Theo!", daysAgo: 44 },
      { name: null, reais: 120, daysAgo: 43 },
      { name: "Vizinhos do 302", reais: 80, daysAgo: 41 },
    ],
  },
];

/** Pending and failed gifts, so admin lists show every status. */
export const DEMO_UNPAID_GIFTS = [
  { party: "mari3", name: "Rodrigo", reais: 80, status: "pendente" as const },
  { party: "rjcas", name: "Ana", reais: 40, status: "falhou" as const },
];

/**
 * "Famílias ajudadas" is the institutions' own report, not a figure we compute: the demo shows it
 * with its source and the report's date (a month before the seed runs), as every page does.
 */
export const FAMILIES_HELPED_DEMO = { count: 2847, source: "o relatório anual da AADORA (demonstração)" };

/**
 * Each demo institution's impact units (admins keep them in Admin → Impacto): /doar's panel and the
 * certificates speak them. An institution without units (Prato Cheio) keeps its cause's lines.
 */
export const DEMO_IMPACT_UNITS: Record<string, Array<{ singular: string; plural: string; costCents: number }>> = {
  aadora: [
    { singular: "sessão de fisioterapia", plural: "sessões de fisioterapia", costCents: 6000 },
    { singular: "consulta com especialista", plural: "consultas com especialista", costCents: 15000 },
  ],
  "ler-e-crescer": [{ singular: "livro infantil", plural: "livros infantis", costCents: 3000 }],
  "patinhas-do-bem": [{ singular: "castração", plural: "castrações", costCents: 10000 }],
};
