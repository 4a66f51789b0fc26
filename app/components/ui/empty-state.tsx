import { cn } from "~/platform/ui/cn";

export function EmptyState({
  title,
  description,
  icon = "🎈",
  children,
  className,
}: {
  title: string;
  description?: string;
  icon?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("rounded-2xl border border-dashed border-coral-200 bg-white/60 px-6 py-12 text-center", className)}>
      <p aria-hidden="true" className="text-4xl">
        {icon}
      </p>
      <p className="mt-3 text-lg font-bold text-indigo-800">{title}</p>
      {description ? <p className="mt-1 text-muted">{description}</p> : null}
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
