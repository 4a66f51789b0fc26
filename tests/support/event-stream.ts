type Reading = { reader: ReadableStreamDefaultReader<Uint8Array>; pending?: Promise<ReadableStreamReadResult<Uint8Array>> };
const readings = new WeakMap<ReadableStream<Uint8Array>, Reading>();

/**
 * Reads a server-sent event stream until `until` holds for the text read by this call (or fails
 * after 5 s). One reader per stream and one read at a time, kept across the 200 ms ticks and across
 * calls: a read given up on would still take the next chunk and drop it (a snapshot coalesced
 * 250 ms later was lost that way on PostgreSQL).
 */
export async function readUntil(stream: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
  let reading = readings.get(stream);
  if (!reading) readings.set(stream, (reading = { reader: stream.getReader() }));
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 5_000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`timed out; got: ${text}`);
    reading.pending ??= reading.reader.read();
    const chunk = await Promise.race([reading.pending, new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (!chunk) continue;
    reading.pending = undefined;
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}
