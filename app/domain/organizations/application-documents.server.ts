/**
 * An application's documents: checked by their first bytes (never the name or the type the browser
 * claims), size-capped, kept in file storage under keys our code builds, and served to admins only
 * (`/admin/ongs/pedidos/:id/documentos/:tipo`).
 */
import { randomUUID } from "node:crypto";
import { logger } from "~/platform/logger.server";
import { type FileStorage, getStorage } from "~/platform/storage/index.server";
import { sniffFileType } from "~/platform/storage/sniff";
import {
  APPLICATION_DOCUMENT_KINDS,
  APPLICATION_DOCUMENTS,
  type ApplicationDocumentKind,
  DOCUMENT_FILE_KINDS,
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
} from "./application";

export type CheckedDocument = {
  kind: ApplicationDocumentKind;
  bytes: Uint8Array;
  contentType: string;
  ext: string;
  fileName: string;
  originalName: string;
};
export type StoredDocument = Omit<CheckedDocument, "bytes"> & { storageKey: string; size: number };

type DocumentCheck = { ok: true; document: CheckedDocument } | { ok: false; message: string };

function isFile(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && "arrayBuffer" in value && value.size > 0;
}

async function checkDocument(kind: ApplicationDocumentKind, value: FormDataEntryValue | null): Promise<DocumentCheck> {
  if (!isFile(value)) return { ok: false, message: DOCUMENT_MESSAGES.required };
  if (value.size > MAX_DOCUMENT_BYTES) return { ok: false, message: DOCUMENT_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffFileType(bytes);
  if (type?.kind === "heic") return { ok: false, message: DOCUMENT_MESSAGES.heic };
  if (!type || !DOCUMENT_FILE_KINDS.includes(type.kind)) return { ok: false, message: DOCUMENT_MESSAGES.wrongType };
  const base = kind.replace("_", "-");
  // eslint-disable-next-line no-control-regex
  const originalName = (value.name || base).replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200);
  return { ok: true, document: { kind, bytes, contentType: type.mime, ext: type.ext, fileName: `${base}.${type.ext}`, originalName } };
}

/** Every document the form carries, or each field's pt-BR message. */
export async function checkApplicationDocuments(
  form: FormData,
): Promise<{ ok: true; documents: CheckedDocument[] } | { ok: false; fieldErrors: Record<string, string[]> }> {
  const documents: CheckedDocument[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const kind of APPLICATION_DOCUMENT_KINDS) {
    const field = APPLICATION_DOCUMENTS[kind].field;
    const checked = await checkDocument(kind, form.get(field));
    if (checked.ok) documents.push(checked.document);
    else fieldErrors[field] = [checked.message];
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, documents };
}

/** Writes the documents before the application's transaction: a row never names a missing file. */
export async function storeApplicationDocuments(
  documents: CheckedDocument[],
  storage: FileStorage = getStorage(),
): Promise<StoredDocument[]> {
  const folder = `institutions/applications/${randomUUID()}`;
  const stored: StoredDocument[] = [];
  try {
    for (const { bytes, ...document } of documents) {
      const storageKey = `${folder}/${document.kind}.${document.ext}`;
      await storage.put(storageKey, bytes, document.contentType);
      stored.push({ ...document, storageKey, size: bytes.byteLength });
    }
  } catch (error) {
    await discardApplicationDocuments(stored, storage);
    throw error;
  }
  return stored;
}

/** Removes stored documents no application kept. Best effort: an orphan file is harmless. */
export async function discardApplicationDocuments(documents: Pick<StoredDocument, "storageKey">[], storage: FileStorage = getStorage()) {
  for (const { storageKey } of documents) {
    try {
      await storage.delete(storageKey);
    } catch (error) {
      logger.warn({ err: error, key: storageKey }, "Documento órfão não pôde ser apagado");
    }
  }
}
