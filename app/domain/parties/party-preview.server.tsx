/**
 * A party's generated images (issue 17): the 1200×630 link preview (og:image) and the 1080×1080
 * stories image — its photo (or the brand's colours), name, institution and progress. Rendered once
 * per version of the party (its updated_at and its total), kept in a small in-memory LRU with an
 * ETag; the page's og:image URL carries that version, so a changed party gets a fresh image.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { photoStorageKey } from "~/platform/images/photos.server";
import { PHOTO_VARIANTS } from "~/platform/images/photo-urls";
import { createImageCache, IMAGE_FONT, renderPng } from "~/platform/images/render-png.server";
import { pdfText } from "~/platform/pdf.server";
import { formatCents, progressPercent } from "~/platform/money";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { previewVersion } from "./preview-version";
import { logger } from "~/platform/logger.server";

export type PreviewParty = {
  id: string;
  name: string;
  raisedCents: number;
  goalCents: number;
  paidCount: number;
  causeName: string;
  institutionName: string | null;
  coverPhotoKey: string | null;
  updatedAt: Date;
};

export type PreviewKind = "previa" | "stories";
const SIZES: Record<PreviewKind, { width: number; height: number }> = {
  previa: { width: 1200, height: 630 },
  stories: { width: 1080, height: 1080 },
};

async function photoDataUrl(key: string | null, width: number, height: number) {
  if (!key) return null;
  try {
    const file = await getStorage().get(photoStorageKey(key, PHOTO_VARIANTS.capa.widths.at(-1)!));
    if (!file) return null;
    const jpeg = await sharp(await readAll(file))
      .resize(width, height, { fit: "cover" })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch (error) {
    logger.warn({ err: error, key }, "Foto da festa indisponível para a imagem gerada");
    return null;
  }
}

function progressLine(party: PreviewParty) {
  const raised = `${formatCents(party.raisedCents)} arrecadados`;
  if (party.goalCents <= 0) return party.raisedCents > 0 ? raised : "Seja o primeiro a contribuir";
  return `${raised} de ${formatCents(party.goalCents)}`;
}

function Layout({ party, kind, photo }: { party: PreviewParty; kind: PreviewKind; photo: string | null }) {
  const { width, height } = SIZES[kind];
  const square = kind === "stories";
  const photoHeight = square ? 560 : height;
  const percent = party.goalCents > 0 ? progressPercent(party.raisedCents, party.goalCents) : 0;
  // Only what the image font draws: emoji and other scripts would print as empty boxes.
  const name = pdfText(party.name) || "Festa Solidária";
  const receiver = pdfText(party.institutionName ?? party.causeName);
  const nameSize = name.length > 60 ? 44 : square ? 64 : 56;
  return (
    <div
      style={{ width, height, display: "flex", flexDirection: square ? "column" : "row", background: "#fff8f3", fontFamily: IMAGE_FONT }}
    >
      <div style={{ display: "flex", width: square ? width : 520, height: photoHeight, background: "#ffe0da" }}>
        {photo ? (
          <img src={photo} width={square ? width : 520} height={photoHeight} style={{ objectFit: "cover" }} />
        ) : (
          <div style={{ display: "flex", width: "100%", height: "100%", alignItems: "center", justifyContent: "center", fontSize: 160 }}>
            <div
              style={{
                display: "flex",
                width: 220,
                height: 220,
                borderRadius: 110,
                background: "#c9361f",
                color: "#fff8f3",
                fontWeight: 800,
                fontSize: 120,
                alignItems: "center",
                justifyContent: "center",
              }}
            >
              {name.charAt(0).toUpperCase()}
            </div>
          </div>
        )}
      </div>
      <div
        style={{ display: "flex", flexDirection: "column", flex: 1, padding: square ? "40px 56px" : "48px 56px", justifyContent: "center" }}
      >
        <div style={{ display: "flex", fontSize: 26, fontWeight: 700, color: "#c9361f" }}>Festa Solidária</div>
        <div
          style={{
            display: "flex",
            marginTop: 12,
            fontSize: nameSize,
            fontWeight: 700,
            color: "#242766",
            lineHeight: 1.1,
            wordBreak: "break-word",
            overflow: "hidden",
            maxHeight: nameSize * 1.1 * 3,
          }}
        >
          {name}
        </div>
        <div style={{ display: "flex", marginTop: 16, fontSize: 28, color: "#5d5670" }}>{`Em prol de ${receiver}`}</div>
        <div style={{ display: "flex", marginTop: 28, fontSize: 30, fontWeight: 700, color: "#242766" }}>{progressLine(party)}</div>
        {party.goalCents > 0 ? (
          <div style={{ display: "flex", marginTop: 14, width: "100%", height: 20, borderRadius: 10, background: "#ffe0da" }}>
            <div style={{ display: "flex", width: `${Math.max(percent, 2)}%`, height: 20, borderRadius: 10, background: "#c9361f" }} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

const cache = createImageCache();

/** The party's image of `kind` as PNG with its ETag. */
export async function partyImage(party: PreviewParty, kind: PreviewKind): Promise<{ png: Buffer; etag: string }> {
  const key = `${kind}:${party.id}:${previewVersion(party)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { width, height } = SIZES[kind];
  const photo = await photoDataUrl(party.coverPhotoKey, kind === "stories" ? width : 520, kind === "stories" ? 560 : height);
  const png = await renderPng(<Layout party={party} kind={kind} photo={photo} />, width, height);
  const entry = { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
  cache.set(key, entry);
  return entry;
}
