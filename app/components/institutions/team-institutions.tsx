import { Link } from "react-router";

/** /conta: the dashboards of the institutions whose team the person is in (nothing when none). */
export function TeamInstitutions({ institutions }: { institutions: { name: string; slug: string }[] }) {
  if (institutions.length === 0) return null;
  return (
    <div className="mt-5 rounded-2xl bg-indigo-50 p-4">
      <h2 className="text-base font-extrabold text-indigo-800">Instituições em que você está na equipe</h2>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {institutions.map((i) => (
          <li key={i.slug}>
            <Link to={`/ong/${i.slug}/painel`} className="font-bold text-coral-700 underline underline-offset-4">
              Painel de {i.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
