import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Doar — Festa Solidária" }];

// Built by issue #5.
export default function Page() {
  return <PendingFeature title="Doar" />;
}
