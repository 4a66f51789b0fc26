import { Logo } from "~/components/layout/logo";

/** The centred card the account pages share (/auth, /redefinir-senha). */
export function AuthShell({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-coral-50 via-cream to-cream px-4 py-10 md:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-coral-100 bg-white p-6 shadow-soft sm:p-8">
          <div className="mb-6 text-center">
            <Logo className="justify-center" />
            <h1 className="mt-4 text-2xl md:text-3xl">{title}</h1>
            {description ? <p className="mt-2 text-muted">{description}</p> : null}
          </div>
          {children}
        </div>
      </div>
    </section>
  );
}
