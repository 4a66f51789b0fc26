import { Card } from "~/components/ui/card";

/** One card of /conta: a heading (its id labels the card), an optional line under it, its content. */
export function AccountSection({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-5 md:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl md:text-2xl">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}
