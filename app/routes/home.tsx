import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Festa Solidária — Festa Solidária" }];

// Built by issue #8.
export default function Page() {
  return <PendingFeature title="Festa Solidária" />;
}
