import { PageHeader } from "~/components/ui/page-header";
import { LEGAL_VERSION_DATES, TERMS_VERSION } from "~/domain/accounts/privacy-policy";
import { formatCalendarDate } from "~/platform/dates";

export type LegalSection = { id: string; title: string; body: React.ReactNode };

/** Legal texts: numbered sections, a table of contents on wide screens, ~70 characters a line. */
export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  // The terms and the policy are one version, the one a new account accepts (and /conta shows).
  const since = LEGAL_VERSION_DATES[TERMS_VERSION];
  return (
    <>
      <PageHeader eyebrow="Documento legal" title={title} description={<p>{intro}</p>} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-8 lg:grid-cols-[16rem_minmax(0,70ch)] lg:justify-center">
        <nav aria-label="Nesta página" className="hidden lg:block">
          <div className="sticky top-24 rounded-2xl border border-coral-100 bg-white p-5 shadow-soft">
            <p className="text-sm font-bold tracking-wide text-muted uppercase">Nesta página</p>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="block rounded-lg px-2 py-1.5 text-ink hover:bg-coral-50 hover:text-coral-700">
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article
          className={[
            "max-w-[70ch] rounded-2xl bg-white p-6 leading-relaxed shadow-soft sm:p-10",
            "[&_a]:font-bold [&_a]:text-coral-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-coral-600",
            "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_strong]:text-indigo-800",
          ].join(" ")}
        >
          <p className="!mt-0 text-sm font-bold text-muted">
            Versão {TERMS_VERSION}
            {since ? `, em vigor desde ${formatCalendarDate(since)}` : null}
          </p>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-titulo`}
              className="mt-10 scroll-mt-24 first-of-type:mt-6"
            >
              <h2 id={`${section.id}-titulo`} className="text-xl md:text-2xl">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
