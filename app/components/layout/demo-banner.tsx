/** Site-wide notice while the payment sandbox takes payments in production: nothing is charged. */
export function DemoBanner() {
  return (
    <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm font-bold text-amber-900">
      Demonstração — nenhum valor é cobrado
    </div>
  );
}
