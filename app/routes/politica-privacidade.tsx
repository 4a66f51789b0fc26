import { publicPageHeaders } from "~/platform/http/cache-headers";
import type { Route } from "./+types/politica-privacidade";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "~/components/static-pages/legal-page";
import { pageMeta } from "~/platform/ui/meta";
import { operatorIdentity } from "~/platform/operator";
import { useRootData } from "~/components/layout/root-data";
import type { RootData } from "~/root";

export const headers: Route.HeadersFunction = publicPageHeaders;

type PublicConfig = NonNullable<RootData>["config"];

export const meta = () =>
  pageMeta({
    title: "Política de Privacidade",
    description:
      "Como a Festa Solidária coleta, usa, protege e guarda os seus dados pessoais, de acordo com a LGPD, e como exercer os seus direitos.",
  });

function sections(config: PublicConfig | undefined): LegalSection[] {
  const dpo = config ? <a href={`mailto:${config.dpoEmail}`}>{config.dpoEmail}</a> : null;
  return [
    {
      id: "introducao",
      title: "Quem somos e o que esta política cobre",
      body: (
        <p>
          Esta Política de Privacidade explica como a Festa Solidária trata os dados pessoais de quem cria festas, doa, assina o Assine o
          Bem ou entra em contato conosco. Ela segue a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). A controladora
          dos dados tratados no site é a empresa que opera a Festa Solidária
          {config ? `: ${operatorIdentity(config.operator)}` : null}.
        </p>
      ),
    },
    {
      id: "dados-coletados",
      title: "Dados que coletamos",
      body: (
        <ul>
          <li>
            <strong>Conta:</strong> nome completo, e-mail, senha (guardada apenas em forma criptografada, nunca em texto), foto de perfil,
            se houver, e a versão e a data em que você aceitou os Termos de Uso e esta Política ao criar a conta.
          </li>
          <li>
            <strong>Festas:</strong> nome, tipo e data do evento, causa escolhida, meta e a mensagem que você escreve.
          </li>
          <li>
            <strong>Doações:</strong> nome, e-mail, valor, mensagem, número do recibo e se a doação é anônima. Os dados do cartão são
            informados diretamente ao provedor de pagamentos; nós não os recebemos nem armazenamos.
          </li>
          <li>
            <strong>Patrocínios em dobro:</strong> nome, CPF ou CNPJ e e-mail do patrocinador, o valor prometido e o que ele já pagou. O
            e-mail serve para enviar, quando o patrocínio termina, o valor a pagar e o link de pagamento; o pagamento é registrado como uma
            doação, com recibo.
          </li>
          <li>
            <strong>Assinaturas:</strong> plano, situação, datas e cobranças da assinatura.
          </li>
          <li>
            <strong>Patrocínios:</strong> quando quem organiza uma festa (ou a nossa equipe) convida uma pessoa ou empresa para somar um
            valor às doações, guardamos o nome, o CPF ou CNPJ e o e-mail do patrocinador, informados por quem convida. O e-mail serve só
            para o pedido de confirmação e os avisos do patrocínio; o CPF ou CNPJ, para identificar quem promete e paga. Nenhum dos dois
            aparece em página pública: na festa aparecem só o nome (e o logo, se houver) do patrocinador. Os patrocínios são registros
            financeiros e ficam guardados como eles.
          </li>
          <li>
            <strong>Contato:</strong> nome, e-mail, telefone e mensagem enviados pelo formulário.
          </li>
          <li>
            <strong>Dados técnicos:</strong> endereço IP, data e hora de acesso e registros de segurança, guardados como exige o Marco Civil
            da Internet.
          </li>
        </ul>
      ),
    },
    {
      id: "finalidades",
      title: "Para que usamos os seus dados",
      body: (
        <ul>
          <li>criar e manter a sua conta e as suas festas (execução de contrato);</li>
          <li>processar doações e assinaturas, emitir comprovantes e fazer os repasses às instituições (execução de contrato);</li>
          <li>enviar e-mails sobre a sua conta, as doações recebidas e a sua assinatura (execução de contrato);</li>
          <li>cumprir obrigações legais, fiscais e contábeis (obrigação legal);</li>
          <li>prevenir fraudes e proteger a plataforma, por exemplo limitando tentativas de login (legítimo interesse);</li>
          <li>responder às mensagens que você nos envia.</li>
        </ul>
      ),
    },
    {
      id: "dados-publicos",
      title: "O que aparece publicamente",
      body: (
        <>
          <p>
            Nas páginas públicas de uma festa aparecem apenas o nome de quem doou (ou &quot;Doador Anônimo&quot;, se a doação for anônima),
            a mensagem, a data e o valor da doação — e, se quem doou marcar essa opção, &quot;em homenagem a&quot; e o nome da pessoa
            homenageada.
          </p>
          <p>
            Numa doação em homenagem a alguém, o e-mail da pessoa homenageada serve só para enviar o cartão quando o pagamento é confirmado:
            nesse momento ele é apagado da doação, e nunca aparece em nenhuma página. Se o pagamento não for confirmado, ele é apagado sete
            dias depois da doação.
          </p>
          <p>
            <strong>O e-mail de quem doa nunca é exibido publicamente.</strong> Ele só é visto pela nossa equipe de administração, pela
            própria pessoa que doou e, se você marcar “Quero receber notícias desta festa” numa doação com nome, por quem organiza a festa.
          </p>
        </>
      ),
    },
    {
      id: "compartilhamento",
      title: "Com quem compartilhamos",
      body: (
        <>
          <p>Não vendemos dados pessoais. Compartilhamos apenas o necessário com:</p>
          <ul>
            <li>o provedor de pagamentos, para processar doações e assinaturas;</li>
            <li>as instituições beneficiárias, que recebem os valores e os comprovantes de repasse;</li>
            <li>
              quem organiza a festa em que você doou, só se você marcar “Quero receber notícias desta festa” numa doação com nome: seu nome,
              e-mail, a data e o valor da doação, para falar com você sobre a festa. Se você sair da lista de notícias pelo link do e-mail,
              seu contato deixa de ir para quem organiza;
            </li>
            <li>
              a instituição apoiada pelo Assine o Bem, quando você pede a visita guiada do Plano Diamante: seu nome, e-mail e o que você
              escreveu no pedido, para combinarem a visita;
            </li>
            <li>
              o público do mural de apoiadores, só se você escolher aparecer nele em Minha conta: o nome que você escolher (ou o primeiro
              nome e a inicial do sobrenome), nunca o e-mail;
            </li>
            <li>o serviço de envio de e-mails, para entregar as mensagens da plataforma;</li>
            <li>autoridades públicas, quando houver obrigação legal ou ordem judicial.</li>
          </ul>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <p>
          Usamos apenas cookies essenciais, que mantêm você conectado e guardam avisos de uma página para outra. Não usamos cookies de
          publicidade nem rastreadores de terceiros.
        </p>
      ),
    },
    {
      id: "retencao",
      title: "Por quanto tempo guardamos",
      body: (
        <ul>
          <li>Os dados da conta ficam guardados enquanto a conta existir.</li>
          <li>
            Quando você exclui a conta, apagamos na hora o seu nome, e-mail e foto, as suas sessões, as mensagens de contato, os convites
            para organizar festas e os e-mails guardados; as suas doações passam a aparecer como anônimas, sem nome, e-mail nem mensagem.
          </li>
          <li>
            Os registros de transações financeiras (doações, assinaturas e repasses) são guardados por cerca de 5 anos, para cumprir
            obrigações legais e fiscais. Se você excluir a sua conta, esses registros são mantidos desvinculados da sua identidade.
          </li>
          <li>Os registros de acesso são guardados por pelo menos 6 meses, como exige o Marco Civil da Internet.</li>
        </ul>
      ),
    },
    {
      id: "direitos",
      title: "Os seus direitos",
      body: (
        <>
          <p>Pela LGPD, você pode, a qualquer momento:</p>
          <ul>
            <li>confirmar se tratamos os seus dados e acessá-los;</li>
            <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
            <li>pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários;</li>
            <li>pedir a portabilidade dos seus dados;</li>
            <li>saber com quem compartilhamos os seus dados;</li>
            <li>revogar um consentimento que tenha dado.</li>
          </ul>
          <p>Como exercer esses direitos sem precisar falar com ninguém:</p>
          <ul>
            <li>
              <strong>Com conta:</strong> em <Link to="/conta">Minha conta</Link> você corrige o nome, troca o e-mail (confirmado por um
              link enviado ao novo endereço) e a senha, vê as suas doações com o número do recibo,{" "}
              <strong>baixa uma cópia de todos os seus dados</strong> (em JSON ou CSV, na hora) e <strong>exclui a conta</strong>,
              confirmando com a senha. Ao excluir, uma assinatura ativa é cancelada antes, você sai de todos os aparelhos e as suas festas
              ainda no ar são encerradas, com um aviso para quem abrir a página.
            </li>
            <li>
              <strong>Sem conta (doou só com o e-mail):</strong> em <Link to="/privacidade/solicitar">Seus dados pessoais</Link> você
              informa o e-mail e recebe um link, válido por 24 horas, para baixar uma cópia dos seus dados ligados a esse e-mail ou
              apagá-los.
            </li>
            <li>
              <strong>Assinantes:</strong> cada e-mail da assinatura traz um link, válido por 7 dias e só para aquela assinatura, para
              cancelar, mudar de plano ou atualizar o cartão sem senha; cada mudança é confirmada por e-mail.
            </li>
          </ul>
          <p>Se preferir, peça ao nosso Encarregado pelo e-mail {dpo}. Respondemos em até 15 dias.</p>
        </>
      ),
    },
    {
      id: "seguranca",
      title: "Segurança",
      body: (
        <p>
          Usamos conexão criptografada (HTTPS), senhas guardadas com criptografia forte, acesso restrito aos dados por pessoa autorizada e
          registro das operações sensíveis. Se acontecer um incidente que possa trazer risco a você, avisaremos você e a Autoridade Nacional
          de Proteção de Dados (ANPD).
        </p>
      ),
    },
    {
      id: "menores",
      title: "Crianças e adolescentes",
      body: (
        <p>
          A plataforma é destinada a maiores de 18 anos. Festas de crianças e adolescentes podem ser criadas pelos pais ou responsáveis, que
          cuidam das informações publicadas.
        </p>
      ),
    },
    {
      id: "encarregado",
      title: "Encarregado de dados (DPO)",
      body: (
        <>
          <p>
            Para dúvidas, pedidos ou reclamações sobre os seus dados, fale com o nosso Encarregado pela Proteção de Dados pelo e-mail {dpo}.
          </p>
          <p>
            Você também pode registrar uma reclamação na Autoridade Nacional de Proteção de Dados (ANPD). Para outros assuntos, use a página
            de <Link to="/contato">Contato</Link>.
          </p>
        </>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações desta política",
      body: (
        <p>
          Podemos atualizar esta política para refletir mudanças na plataforma ou na lei. A data da última atualização fica no início desta
          página; mudanças relevantes serão avisadas por e-mail ou no site. Veja também os nossos{" "}
          <Link to="/termos-de-uso">Termos de Uso</Link>.
        </p>
      ),
    },
  ];
}

export default function PoliticaPrivacidade() {
  const config = useRootData()?.config;
  return (
    <LegalPage
      title="Política de Privacidade"
      intro="Como cuidamos dos seus dados pessoais, com base na Lei Geral de Proteção de Dados (LGPD)."
      sections={sections(config)}
    />
  );
}
