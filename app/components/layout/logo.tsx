/** The Festa Solidária mark: a balloon whose string becomes a heart. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className ?? ""}`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <ellipse cx="16" cy="12" rx="9" ry="10.5" fill="#f2553d" />
        <ellipse cx="13" cy="8.5" rx="2.5" ry="3.5" fill="#ffc2b6" opacity=".8" />
        <path d="M14.5 22.2h3l-1.5 2.2z" fill="#c9361f" />
        <path d="M16 24.5c-2 2-2.5 3.5 0 5.5" stroke="#3b3f9e" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      </svg>
      <span className="text-lg font-extrabold tracking-tight text-indigo-800">
        Festa <span className="text-coral-600">Solidária</span>
      </span>
    </span>
  );
}
