import { Link } from "react-router";

/** "Página 2 de 5 · 93 registros" with links to the pages around it (plain links: works without JavaScript). */
export function Pagination({
  page,
  pageSize,
  total,
  href,
  noun = ["registro", "registros"],
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
  /** What is counted, singular and plural. */
  noun?: readonly [string, string];
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const linkClass = "rounded-full border-2 border-indigo-700 px-4 py-1.5 text-sm font-bold text-indigo-700 hover:bg-indigo-50";
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-muted">
        Página {page} de {pages} · {total.toLocaleString("pt-BR")} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className={linkClass} to={href(page - 1)} rel="prev">
            Anterior
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={linkClass} to={href(page + 1)} rel="next">
            Próxima
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
