import { Award, BadgeCheck, Image, Send } from "lucide-react";

/** An ended party's impact certificate on /painel: the PDF and the square image to share. */
export function CertificateLinks({ partyId, code }: { partyId: string; code: string | null }) {
  const base = `/painel/festas/${partyId}/certificado`;
  const link = "inline-flex items-center gap-1.5 font-bold text-indigo-700 underline-offset-2 hover:underline";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-coral-100 pt-3 text-sm" data-certificate-links>
      <span className="font-bold text-ink">Certificado de impacto:</span>
      <a href={`${base}/pdf`} download className={link}>
        <Award size={16} strokeWidth={2} aria-hidden="true" />
        Baixar PDF
      </a>
      <a href={`${base}/imagem`} download className={link}>
        <Image size={16} strokeWidth={2} aria-hidden="true" />
        Baixar imagem (WhatsApp, Instagram)
      </a>
      {code ? (
        <a href={`/certificado/${code}`} className={link}>
          <BadgeCheck size={16} strokeWidth={2} aria-hidden="true" />
          Página de verificação
        </a>
      ) : null}
      <a href={`/painel/festas/${partyId}/agradecer`} className={link}>
        <Send size={16} strokeWidth={2} aria-hidden="true" />
        Agradecer aos convidados
      </a>
    </div>
  );
}
