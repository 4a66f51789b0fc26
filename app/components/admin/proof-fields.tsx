import { TextField } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { MAX_PROOF_MB, PROOF_ACCEPT, PROOF_UPLOAD } from "~/domain/payouts";

type ProofFieldMeta = { proofUrl: { initialValue?: unknown; errors?: string[] }; proofFile: { errors?: string[] } };

/** A payout's proof, as a link or a file: the same two fields on the party and the institution transfer forms. */
export function ProofFields({ formId, fields }: { formId: string; fields: ProofFieldMeta }) {
  return (
    <>
      <TextField
        label="Link do comprovante"
        id={`${formId}-proofUrl`}
        name="proofUrl"
        type="url"
        placeholder="https://"
        defaultValue={typeof fields.proofUrl.initialValue === "string" ? fields.proofUrl.initialValue : undefined}
        error={fields.proofUrl.errors}
      />
      <FileField
        label={`ou arquivo (PDF, PNG ou JPG, até ${MAX_PROOF_MB} MB)`}
        id={`${formId}-proofFile`}
        name="proofFile"
        accept={PROOF_ACCEPT}
        rule={PROOF_UPLOAD}
        error={fields.proofFile.errors}
      />
    </>
  );
}
