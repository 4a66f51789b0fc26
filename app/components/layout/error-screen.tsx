import { Link } from "react-router";

export function ErrorScreen({ title, message, retry }: { title: string; message?: string; retry?: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="text-6xl">
        🎈
      </span>
      <h1 className="mt-4 text-3xl">{title}</h1>
      {message ? <p className="mt-3 text-muted">{message}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {retry ? (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-coral-600 px-5 py-2.5 font-bold text-white hover:bg-coral-700"
          >
            Tentar Novamente
          </button>
        ) : null}
        <Link to="/" className="rounded-full border-2 border-indigo-700 px-5 py-2 font-bold text-indigo-700 hover:bg-indigo-50">
          Voltar ao Início
        </Link>
      </div>
    </section>
  );
}
