import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readLimitedForm } from "./limited-form.server";

const KB = 1024;

function formRequest(fields: Array<[string, string | File]>) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return new Request("http://localhost/admin", { method: "POST", body: form });
}

/** The same body as a stream without Content-Length, counting how much of it was read. */
async function streamed(request: Request) {
  const bytes = new Uint8Array(await request.arrayBuffer());
  const counter = { sent: 0, cancelled: false };
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const chunk = bytes.subarray(offset, offset + 16 * KB);
      offset += chunk.length;
      counter.sent = offset;
      controller.enqueue(chunk);
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  const headers = { "content-type": request.headers.get("content-type")! };
  return {
    request: new Request("http://localhost/admin", { method: "POST", body, headers, duplex: "half" } as RequestInit),
    counter,
    total: bytes.length,
  };
}

const file = (size: number, name = "comprovante.pdf") => new File([new Uint8Array(size).fill(0x41)], name, { type: "application/pdf" });

describe("readLimitedForm", () => {
  it("reads a form within the limit, file included", async () => {
    const form = await readLimitedForm(
      formRequest([
        ["intent", "markPayoutTransferred"],
        ["proofFile", file(50 * KB)],
      ]),
      100 * KB,
    );
    expect(form.get("intent")).toBe("markPayoutTransferred");
    expect((form.get("proofFile") as File).size).toBe(50 * KB);
  });

  it("refuses a body over the limit even without Content-Length, recovering the fields sent before the file", async () => {
    const { request, counter, total } = await streamed(
      formRequest([
        ["intent", "markPayoutTransferred"],
        ["partyId", "abc"],
        ["proofFile", file(300 * KB)],
        ["after", "x"],
      ]),
    );
    const error = await readLimitedForm(request, 100 * KB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    const { leading, cutFileField } = error as BodyTooLargeError;
    expect(Object.fromEntries(leading)).toEqual({ intent: "markPayoutTransferred", partyId: "abc" });
    expect(cutFileField).toBe("proofFile");
    // The rest was read and dropped, so a browser still sending gets the answer, not a reset.
    expect(counter.sent).toBe(total);
    expect(counter.cancelled).toBe(false);
  });

  it("gives up reading past the drain limit", async () => {
    const { request, counter, total } = await streamed(
      formRequest([
        ["intent", "x"],
        ["proofFile", file(2000 * KB)],
      ]),
    );
    await expect(readLimitedForm(request, 100 * KB, 500 * KB)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(counter.sent).toBeLessThan(total);
  });

  it("refuses at once a body whose declared length is past the drain limit", async () => {
    const source = formRequest([
      ["intent", "x"],
      ["proofFile", file(700 * KB)],
    ]);
    const bytes = new Uint8Array(await source.arrayBuffer());
    const headers = { "content-type": source.headers.get("content-type")!, "content-length": String(bytes.length) };
    const request = new Request("http://localhost/admin", { method: "POST", body: bytes, headers });
    expect(request.headers.get("content-length")).toBe(String(bytes.length));
    const error = (await readLimitedForm(request, 100 * KB, 500 * KB).catch((e: unknown) => e)) as BodyTooLargeError;
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect([...error.leading]).toEqual([]);
    expect(error.cutFileField).toBeNull();
  });

  it("recovers nothing from a body that is not multipart", async () => {
    const request = new Request("http://localhost/admin", {
      method: "POST",
      body: "a=".padEnd(300 * KB, "b"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const error = (await readLimitedForm(request, 100 * KB).catch((e: unknown) => e)) as BodyTooLargeError;
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect([...error.leading]).toEqual([]);
  });
});
