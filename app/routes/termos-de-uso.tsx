import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Termos de Uso — Festa Solidária" }];

// Built by issue #2.
export default function Page() {
  return <PendingFeature title="Termos de Uso" />;
}
