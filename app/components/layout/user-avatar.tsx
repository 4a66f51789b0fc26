import { initialsOf } from "~/platform/text";
import { cn } from "~/platform/ui/cn";

export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The profile picture, or the person's initials on a warm circle when there is none. */
export function UserAvatar({
  name,
  image,
  size = 32,
  className,
}: {
  name: string;
  image: string | null;
  size?: number;
  className?: string;
}) {
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        className={cn("shrink-0 rounded-full object-cover", className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-coral-100 font-extrabold text-coral-700", className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {initialsOf(name)}
    </span>
  );
}
