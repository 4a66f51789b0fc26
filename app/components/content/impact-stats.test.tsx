import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImpactStats } from "./impact-stats";

const live = { raisedCents: 312_500, donationsCents: 300_000, subscriptionsCents: 12_500, parties: 6, activeSubscribers: 2 };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the public impact figures", () => {
  it("never show a typed number beside the live ones without saying whose report it is and when", () => {
    const html = text(
      renderToStaticMarkup(
        <ImpactStats
          figures={{ ...live, familiesHelped: 2847, familiesReport: { source: "Relatório anual da AADORA", reportedOn: "2026-10-31" } }}
        />,
      ),
    );
    expect(html).toContain("2.847");
    expect(html).toContain("Famílias ajudadas");
    expect(html).toContain("Segundo Relatório anual da AADORA, 31/10/2026");
    // The computed ones say they are computed from confirmed payments.
    expect(html).toMatch(/calculados agora a partir dos pagamentos confirmados/);
  });

  it("a figure saved without a source says it was informed by the institutions, with the day", () => {
    const html = text(
      renderToStaticMarkup(
        <ImpactStats figures={{ ...live, familiesHelped: 42, familiesReport: { source: null, reportedOn: "2026-09-15" } }} />,
      ),
    );
    expect(html).toContain("Informado pelas instituições em 15/09/2026");
  });

  it("without a report there is no families card at all (never a zero)", () => {
    const html = text(renderToStaticMarkup(<ImpactStats figures={{ ...live, familiesHelped: 0, familiesReport: null }} />));
    expect(html).not.toContain("Famílias ajudadas");
    expect(html).toContain("Festas criadas");
  });
});
