/**
 * Reads a posted form of at most `limitBytes`, whatever Content-Length says. A body over the limit
 * is not simply dropped: the browser is still sending it and would show a reset connection
 * instead of our answer, and the form could not say which field was too big. So the rest is read
 * and thrown away (up to `drainLimitBytes`, past which the connection is given up), and the text
 * fields that came before the cut are recovered: browsers send fields in page order, so a form's
 * hidden inputs (intent, ids) precede its file input and the answer can land in the right form.
 */

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(
    /** The complete fields before the cut (empty when nothing could be recovered). */
    readonly leading: FormData,
    /** The file field that was being sent when the limit was reached, if any. */
    readonly cutFileField: string | null,
  ) {
    super("Request body too large");
  }
}

export async function readLimitedForm(request: Request, limitBytes: number, drainLimitBytes = limitBytes * 6): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > drainLimitBytes) throw new BodyTooLargeError(new FormData(), null);
  if (!request.body) return new FormData();

  const kept: Uint8Array[] = [];
  let seen = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limitBytes - seen;
    seen += value.byteLength;
    if (room > 0) kept.push(room >= value.byteLength ? value : value.subarray(0, room));
    if (seen > drainLimitBytes) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const body = concat(kept);
  if (seen > limitBytes) throw await tooLarge(body, type);
  const headers = new Headers();
  if (type) headers.set("content-type", type);
  return await new Response(body, { headers }).formData();
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat(chunks));
}

/** Cuts a multipart prefix at its last boundary and parses the whole parts before it. */
async function tooLarge(prefix: Uint8Array, contentType: string): Promise<BodyTooLargeError> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) return new BodyTooLargeError(new FormData(), null);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const bytes = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  const last = bytes.lastIndexOf(delimiter);
  if (last < 0) return new BodyTooLargeError(new FormData(), null);
  const cutHeader = bytes.subarray(last, last + 1024).toString("latin1");
  const cutName = /content-disposition:[^\r\n]*\bname="([^"]*)"[^\r\n]*\bfilename=/i.exec(cutHeader)?.[1] ?? null;
  let leading = new FormData();
  if (last > 0) {
    try {
      const closed = Buffer.concat([bytes.subarray(0, last), delimiter, Buffer.from("--\r\n")]);
      leading = await new Response(new Uint8Array(closed), { headers: { "content-type": contentType } }).formData();
    } catch {
      // A prefix that does not parse recovers nothing; the answer still says the body was too big.
    }
  }
  const fileField = cutName ?? [...leading].find(([, value]) => typeof value !== "string")?.[0] ?? null;
  return new BodyTooLargeError(leading, fileField);
}
