import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";

/** The centred card the account pages share (/auth, /redefinir-senha). */
export function AuthShell({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: string;
  /** A lucide icon, shown in a warm circle above the title. */
  icon: React.ComponentType<{ size?: number; strokeWidth?: number; "aria-hidden"?: boolean }>;
  children: React.ReactNode;
}) {
  const Icon = icon;
  return (
    <section className="bg-gradient-to-b from-coral-50 via-cream to-cream px-4 py-10 md:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-coral-100 bg-white p-6 shadow-soft sm:p-8">
          <div className="mb-6 text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-coral-50 text-coral-600">
              <Icon size={28} strokeWidth={2} aria-hidden />
            </span>
            <h1 className="mt-4 text-2xl md:text-3xl">{title}</h1>
            {description ? <p className="mt-2 text-muted">{description}</p> : null}
          </div>
          {children}
        </div>
      </div>
    </section>
  );
}

/** The way out of the account pages, under each of them. */
export function BackHome() {
  return (
    <p className="mt-8 text-center">
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-bold text-indigo-700 hover:underline">
        <ArrowLeft size={16} strokeWidth={2} aria-hidden="true" />
        Voltar para o início
      </Link>
    </p>
  );
}
