import { Award, Image } from "lucide-react";

/** /conta: the yearly "Certificado digital de Assinante do Bem", one per year the plan was charged. */
export function SubscriberCertificates({ years }: { years: number[] }) {
  const link = "inline-flex items-center gap-1.5 font-bold text-indigo-700 underline-offset-2 hover:underline";
  return (
    <ul className="divide-y divide-coral-100" data-subscriber-certificates>
      {years.map((year) => (
        <li key={year} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <p className="font-bold text-indigo-800">Assinante do Bem {year}</p>
          <div className="flex flex-wrap gap-4 text-sm">
            <a href={`/conta/certificado/${year}/pdf`} download className={link}>
              <Award size={16} strokeWidth={2} aria-hidden="true" />
              Baixar PDF
            </a>
            <a href={`/conta/certificado/${year}/imagem`} download className={link}>
              <Image size={16} strokeWidth={2} aria-hidden="true" />
              Baixar imagem
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
