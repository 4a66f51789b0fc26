import { cn } from "~/lib/utils";

export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((w) => w[0]!.toLocaleUpperCase("pt-BR")).join("") || "?";
}

/** The profile picture, or the person's initials on a warm circle when there is none. */
export function UserAvatar({ name, image, size = 32, className }: { name: string; image: string | null; size?: number; className?: string }) {
  if (image) {
    return <img src={image} alt="" width={size} height={size} className={cn("shrink-0 rounded-full object-cover", className)} style={{ width: size, height: size }} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-coral-100 font-extrabold text-coral-700", className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {initials(name)}
    </span>
  );
}
