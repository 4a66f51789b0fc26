import { cn } from "~/platform/ui/cn";

/** The hero band at the top of content pages. */
export function PageHeader({
  eyebrow,
  title,
  description,
  className,
  children,
}: {
  eyebrow?: string;
  title: string;
  description?: React.ReactNode;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className={cn("bg-gradient-to-b from-coral-50 to-cream", className)}>
      <div className="mx-auto max-w-5xl px-4 py-12 text-center md:py-16">
        {eyebrow ? <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl md:text-5xl">{title}</h1>
        {description ? <div className="mx-auto mt-4 max-w-2xl text-lg text-muted">{description}</div> : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
