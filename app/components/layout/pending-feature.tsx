/** Shown by routes whose feature has not landed yet (each names its issue in the module). */
export function PendingFeature({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-4 text-muted">Esta página estará disponível em breve.</p>
    </section>
  );
}
