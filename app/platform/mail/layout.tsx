/**
 * The shared look of every e-mail: a cream page, a white rounded card, the coral call to action.
 * Tables and inline styles only, because that is what mail clients render reliably.
 */
const colors = {
  cream: "#fff8f1",
  ink: "#2a2340",
  muted: "#5d5670",
  coral: "#c9361f",
  coralLight: "#ffe0da",
  indigo: "#242766",
};
const font = "'Nunito', 'Segoe UI', Helvetica, Arial, sans-serif";

export function EmailLayout({ preview, children, footer }: { preview: string; children: React.ReactNode; footer: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.cream, fontFamily: font, color: colors.ink }}>
        {/* Mail clients show this line next to the subject; it stays invisible in the body. */}
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: colors.cream }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "32px 16px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td style={{ paddingBottom: 20, fontSize: 22, fontWeight: 800, color: colors.indigo }}>
                        <span
                          aria-hidden="true"
                          style={{
                            display: "inline-block",
                            width: 16,
                            height: 20,
                            borderRadius: "50%",
                            backgroundColor: "#f2553d",
                            marginRight: 8,
                            verticalAlign: -2,
                          }}
                        />
                        Festa <span style={{ color: colors.coral }}>Solidária</span>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          backgroundColor: "#ffffff",
                          borderRadius: 16,
                          border: `1px solid ${colors.coralLight}`,
                          padding: "32px 28px",
                          fontSize: 16,
                          lineHeight: 1.6,
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ paddingTop: 20, fontSize: 13, lineHeight: 1.5, color: colors.muted }}>{footer}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function EmailHeading({ children }: { children: React.ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: 24, lineHeight: 1.3, color: colors.indigo, fontWeight: 800 }}>{children}</h1>;
}

export function EmailText({ children, muted }: { children: React.ReactNode; muted?: boolean }) {
  return <p style={{ margin: "0 0 16px", color: muted ? colors.muted : colors.ink }}>{children}</p>;
}

/** A guest's own words, set apart in quotes (the gift's message). */
export function EmailQuote({ children }: { children: React.ReactNode }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 16px" }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: "#fff1ee", borderRadius: 12, padding: "14px 18px", fontStyle: "italic" }}>“{children}”</td>
        </tr>
      </tbody>
    </table>
  );
}

export function EmailButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px" }}>
      <tbody>
        <tr>
          <td style={{ borderRadius: 999, backgroundColor: colors.coral }}>
            <a
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 28px",
                color: "#ffffff",
                fontWeight: 800,
                textDecoration: "none",
                borderRadius: 999,
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function EmailLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    <a href={href} style={{ color: colors.coral, fontWeight: 700, wordBreak: "break-all" }}>
      {children ?? href}
    </a>
  );
}

/** The standard footer: why they got it and how to reach us. */
export function StandardFooter({ contactEmail, publicUrl }: { contactEmail: string; publicUrl: string }) {
  return (
    <>
      Você recebeu este e-mail porque tem uma conta na Festa Solidária.
      <br />
      Dúvidas? Escreva para <EmailLink href={`mailto:${contactEmail}`}>{contactEmail}</EmailLink> ·{" "}
      <EmailLink href={publicUrl}>{publicUrl.replace(/^https?:\/\//, "")}</EmailLink>
    </>
  );
}
