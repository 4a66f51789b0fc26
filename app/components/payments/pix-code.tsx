import { useState } from "react";
import { Button } from "~/components/ui/button";

/**
 * A Pix code as a payer uses it: the QR code beside (below, on a phone) the copia-e-cola text with
 * its copy button, first on a phone, and who the payer's bank will show as the receiver (`payee`,
 * pixPayeeSentence: the operator's configured name). `children` follow in the text column (the
 * countdown, the steps, "Já paguei").
 */
export function PixCode({
  qr,
  qrAlt,
  copyPaste,
  copyLabel,
  payee,
  children,
}: {
  qr: string;
  qrAlt: string;
  copyPaste: string;
  copyLabel: string;
  payee: string;
  children?: React.ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] md:items-start">
      <div className="order-2 md:order-1">
        <img src={qr} alt={qrAlt} width={240} height={240} className="mx-auto rounded-2xl border border-coral-100 p-2" />
        <p className="mt-2 text-center text-sm text-muted">Escaneie com o app do seu banco</p>
      </div>
      <div className="order-1 space-y-4 md:order-2">
        <div>
          <label htmlFor="pix-copia-e-cola" className="text-sm font-bold text-indigo-800">
            Pix copia e cola
          </label>
          <textarea
            id="pix-copia-e-cola"
            readOnly
            rows={3}
            value={copyPaste}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 w-full resize-none rounded-xl border border-coral-200 bg-cream p-3 font-mono text-xs break-all text-ink"
          />
          <Button
            type="button"
            size="lg"
            className="mt-2 w-full"
            onClick={() => void navigator.clipboard?.writeText(copyPaste).then(() => setCopied(true))}
          >
            {copied ? "Código copiado!" : copyLabel}
          </Button>
          <p className="mt-2 text-sm text-muted" data-testid="pix-recebedor">
            {payee}
          </p>
        </div>
        {children}
      </div>
    </div>
  );
}
