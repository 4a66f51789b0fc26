import { Heart, Mail } from "lucide-react";
import { FacebookIcon, InstagramIcon } from "./brand-icons";
import { Link } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { Logo } from "./logo";

const FOOTER_LINKS = [
  ["/doar", "Doar"],
  ["/criar-festa", "Criar Festa"],
  ["/assine-o-bem", "Assine o Bem"],
  ["/transparencia", "Transparência"],
  ["/ongs/cadastrar", "Cadastre sua ONG"],
  ["/termos-de-uso", "Termos de Uso"],
  ["/politica-privacidade", "Política de Privacidade"],
] as const;

export function SiteFooter() {
  const config = useRootData()?.config;
  return (
    <footer className="mt-16 bg-indigo-900 text-indigo-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pt-12 pb-8 md:grid-cols-3">
        <div className="space-y-3">
          <span className="inline-block rounded-xl bg-cream px-3 py-2">
            <Logo />
          </span>
          <p className="max-w-xs text-sm text-indigo-100">
            Transforme sua festa em solidariedade: seus convidados presenteiam uma causa no lugar dos presentes.
          </p>
          {config ? <p className="max-w-xs text-xs text-indigo-100">{config.feeSentence}</p> : null}
        </div>
        <nav aria-label="Rodapé" className="grid grid-cols-2 content-start gap-x-4 text-sm [&_a]:py-1.5">
          {FOOTER_LINKS.map(([to, label]) => (
            <Link key={to} className="hover:underline" to={to}>
              {label}
            </Link>
          ))}
        </nav>
        <div className="space-y-3 text-sm">
          {config ? (
            <>
              <a className="inline-flex items-center gap-2 hover:underline" href={`mailto:${config.contactEmail}`}>
                <Mail size={16} strokeWidth={2} aria-hidden="true" /> {config.contactEmail}
              </a>
              <div className="flex gap-3">
                <a
                  href={config.instagramUrl}
                  aria-label="Instagram"
                  rel="noopener noreferrer"
                  target="_blank"
                  className="rounded-full bg-indigo-800 p-2 hover:bg-indigo-700"
                >
                  <InstagramIcon />
                </a>
                <a
                  href={config.facebookUrl}
                  aria-label="Facebook"
                  rel="noopener noreferrer"
                  target="_blank"
                  className="rounded-full bg-indigo-800 p-2 hover:bg-indigo-700"
                >
                  <FacebookIcon />
                </a>
              </div>
            </>
          ) : null}
          <p className="flex items-center gap-1 text-xs text-indigo-100">
            Feito com <Heart size={14} strokeWidth={2} aria-label="amor" className="text-coral-400" /> em Belo Horizonte - MG
          </p>
        </div>
      </div>
      {config ? (
        // Who collects the money: named on every page (decisions, "settled after the second wave").
        <p className="mx-auto max-w-7xl border-t border-indigo-800 p-4 pb-24 text-xs text-indigo-100 md:pb-8">
          Site operado por {config.operatorLine}
        </p>
      ) : null}
    </footer>
  );
}
