import { useEffect, useState } from "react";

/**
 * A party page's live numbers for its guests: listens to the party's public stream
 * (/festa/:code/eventos) and keeps the newest snapshot it sent (totals and recent gifts, the same
 * public fields the page shows). No url (an ended party): no stream. null until the first snapshot: the page shows its loader's data.
 * EventSource reconnects by itself, and each (re)connection starts with a fresh snapshot.
 */
export function useLiveParty<T>(url: string | null): T | null {
  const [snapshot, setSnapshot] = useState<T | null>(null);
  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url);
    source.addEventListener("snapshot", (e) => setSnapshot(JSON.parse(e.data) as T));
    return () => {
      source.close();
      setSnapshot(null);
    };
  }, [url]);
  return snapshot;
}
