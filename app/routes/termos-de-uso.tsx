import { publicPageHeaders } from "~/platform/http/cache-headers";
import type { Route } from "./+types/termos-de-uso";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "~/components/static-pages/legal-page";
import { feeSentence } from "~/domain/donations/fee";
import { payoutFaqAnswer } from "~/domain/payouts/payout-texts";
import { pageMeta } from "~/platform/ui/meta";
import { operatorSentence } from "~/platform/operator";
import { useRootData } from "~/components/layout/root-data";
import type { RootData } from "~/root";

export const headers: Route.HeadersFunction = publicPageHeaders;

type PublicConfig = NonNullable<RootData>["config"];

export const meta = () =>
  pageMeta({
    title: "Termos de Uso",
    description:
      "As regras para criar festas solidárias, doar e assinar o Assine o Bem na Festa Solidária: responsabilidades, taxas, repasses e contato.",
  });

function sections(config: PublicConfig | undefined): LegalSection[] {
  const fee = config?.feePercent;
  return [
    {
      id: "aceitacao",
      title: "Aceitação dos termos",
      body: (
        <>
          <p>
            Estes Termos de Uso regem o acesso e o uso do site Festa Solidária. Ao criar uma conta, criar uma festa solidária, fazer uma
            doação ou assinar o Assine o Bem, você declara que leu, entendeu e concorda com estes termos e com a nossa{" "}
            <Link to="/politica-privacidade">Política de Privacidade</Link>.
          </p>
          <p>Se você não concorda com alguma condição, não utilize a plataforma.</p>
        </>
      ),
    },
    {
      id: "operador",
      title: "Quem opera a plataforma",
      body: (
        <p data-testid="operador-termos">
          {config ? operatorSentence(config.operator) : null} É ela que recebe as doações, retém a taxa da plataforma e repassa o valor
          líquido às instituições, e é com ela que você contrata ao usar o site.
        </p>
      ),
    },
    {
      id: "servico",
      title: "O que é a Festa Solidária",
      body: (
        <>
          <p>
            A Festa Solidária é uma plataforma que transforma celebrações em campanhas de doação: quem cria a festa escolhe uma causa e os
            convidados doam para essa causa no lugar de dar presentes. Também é possível fazer doações únicas e assinar um plano mensal de
            doação, o Assine o Bem.
          </p>
          <p>
            A plataforma intermedeia as doações entre doadores e instituições parceiras. Não somos uma instituição financeira: os pagamentos
            são processados por um provedor de pagamentos certificado.
          </p>
        </>
      ),
    },
    {
      id: "cadastro",
      title: "Cadastro e conta",
      body: (
        <ul>
          <li>Para criar festas e assinar planos, você precisa de uma conta com nome completo, e-mail e senha.</li>
          <li>Você é responsável pela veracidade dos dados informados e por manter a sua senha em segredo.</li>
          <li>A conta é pessoal e intransferível. Avise-nos imediatamente se suspeitar de uso indevido.</li>
          <li>É preciso ter 18 anos ou mais, ou estar assistido por um responsável legal, para criar uma conta.</li>
        </ul>
      ),
    },
    {
      id: "festas",
      title: "Festas solidárias",
      body: (
        <>
          <p>Ao criar uma festa solidária, você se compromete a:</p>
          <ul>
            <li>informar dados verdadeiros sobre o evento (nome, tipo, data, causa e mensagem);</li>
            <li>não usar a festa para fins diferentes da arrecadação para a causa escolhida;</li>
            <li>não publicar conteúdo ofensivo, discriminatório, ilegal ou que viole direitos de terceiros.</li>
          </ul>
          <p>
            Criar uma festa é gratuito. A página do evento sai do ar automaticamente 5 dias após a data do evento. A foto, o texto e a meta
            você mesmo altera no Painel do Festeiro, e o nome e a data também, até a festa terminar (o link não muda); a instituição e o
            cancelamento são alterados pela nossa equipe, a seu pedido, pelos canais de contato desta página.
          </p>
          <p>Podemos desativar festas que descumpram estes termos, avisando quem as criou.</p>
        </>
      ),
    },
    {
      id: "doacoes",
      title: "Doações e pagamentos",
      body: (
        <>
          <ul>
            <li>As doações são voluntárias e feitas por meio do provedor de pagamentos; não armazenamos os dados do seu cartão.</li>
            <li>Uma doação só é considerada concluída quando o provedor de pagamentos confirma o pagamento.</li>
            <li>Os valores mínimo e máximo por doação são informados na página de doação.</li>
            <li>Você pode doar de forma anônima: nesse caso, o seu nome não aparece em nenhuma página pública.</li>
            <li>
              Pedidos de estorno seguem as regras do provedor de pagamentos e do emissor do seu cartão; fale conosco antes, para ajudarmos.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "taxas-repasses",
      title: "Taxas e repasses",
      body: (
        <>
          {fee === undefined ? null : <p>{feeSentence(fee)}</p>}
          <p>{fee === undefined ? null : payoutFaqAnswer(fee)}</p>
        </>
      ),
    },
    {
      id: "assine-o-bem",
      title: "Assine o Bem",
      body: (
        <ul>
          <li>
            O Assine o Bem é uma assinatura mensal, cobrada automaticamente no cartão informado ou pelo Pix Automático autorizado no app do
            seu banco, até que você a cancele.
          </li>
          <li>
            Você pode trocar de plano ou cancelar a qualquer momento em <Link to="/assine-o-bem">Gerenciar Assinatura</Link>; o cancelamento
            vale a partir da próxima cobrança.
          </li>
          <li>Os valores já cobrados e repassados às causas não são devolvidos, salvo cobrança indevida.</li>
        </ul>
      ),
    },
    {
      id: "condutas",
      title: "Condutas proibidas",
      body: (
        <ul>
          <li>usar a plataforma para fraude, lavagem de dinheiro ou teste de cartões;</li>
          <li>se passar por outra pessoa ou por uma instituição;</li>
          <li>tentar acessar áreas restritas, contas de terceiros ou dados que não sejam seus;</li>
          <li>enviar vírus, automatizar acessos abusivos ou prejudicar o funcionamento do site.</li>
        </ul>
      ),
    },
    {
      id: "propriedade",
      title: "Propriedade intelectual",
      body: (
        <p>
          A marca Festa Solidária, o layout, os textos e as ilustrações do site são protegidos por lei. O conteúdo que você publica (como a
          mensagem da festa) continua sendo seu; você nos autoriza a exibi-lo na plataforma para a finalidade da campanha.
        </p>
      ),
    },
    {
      id: "responsabilidade",
      title: "Limitação de responsabilidade",
      body: (
        <p>
          Trabalhamos para manter a plataforma disponível e segura, mas não garantimos funcionamento ininterrupto. Não respondemos por
          falhas de terceiros (como a operadora do cartão ou a sua conexão), nem pelo uso que as instituições fazem dos recursos além do que
          a lei determina. Verificamos as instituições parceiras antes de listá-las.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações destes termos",
      body: (
        <p>
          Podemos atualizar estes termos para refletir mudanças na plataforma ou na lei. A data da última atualização fica no início desta
          página; mudanças relevantes serão avisadas por e-mail ou no site.
        </p>
      ),
    },
    {
      id: "foro-contato",
      title: "Foro e contato",
      body: (
        <>
          <p>
            Estes termos seguem as leis do Brasil. Fica eleito o foro da comarca de {config?.legalCity ?? "Belo Horizonte - MG"} para
            resolver qualquer questão, ressalvado o direito do consumidor de propor ação no foro do seu domicílio.
          </p>
          <p>
            Dúvidas? Fale com a gente pelo e-mail {config ? <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> : null}
            {config ? `, pelo telefone ${config.legalPhone}` : null} ou pela página de <Link to="/contato">Contato</Link>.
          </p>
        </>
      ),
    },
  ];
}

export default function TermosDeUso() {
  const config = useRootData()?.config;
  return (
    <LegalPage
      title="Termos de Uso"
      intro="As regras para usar a Festa Solidária, explicadas de forma direta."
      sections={sections(config)}
    />
  );
}
