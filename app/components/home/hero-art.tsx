/** Decorative illustrations for the hero slides, inline so they cost no request. */
export function HeroArt({ variant, className }: { variant: "party" | "hearts" | "calendar"; className?: string }) {
  return (
    <svg width="360" height="300" viewBox="0 0 360 300" aria-hidden="true" focusable="false" className={className}>
      <g fill="#c9361f" opacity=".35">
        <circle cx="30" cy="40" r="6" />
        <circle cx="330" cy="250" r="7" />
        <rect x="300" y="30" width="12" height="12" rx="2" transform="rotate(25 306 36)" />
        <rect x="40" y="250" width="10" height="10" rx="2" transform="rotate(-20 45 255)" />
      </g>
      {variant === "party" ? <Balloons /> : variant === "hearts" ? <Hearts /> : <Calendar />}
    </svg>
  );
}

function Balloon({ x, y, s, color }: { x: number; y: number; s: number; color: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <ellipse cx="16" cy="12" rx="9" ry="10.5" fill={color} />
      <ellipse cx="13" cy="8.5" rx="2.5" ry="3.5" fill="#fff" opacity=".45" />
      <path d="M14.5 22.2h3l-1.5 2.2z" fill={color} />
      <path d="M16 24.5c-2 2-2.5 3.5 0 5.5c2 2 1 4-1 6" stroke="#3b3f9e" strokeWidth="1" fill="none" strokeLinecap="round" />
    </g>
  );
}

function Balloons() {
  return (
    <>
      <Balloon x={120} y={10} s={5.5} color="#f2553d" />
      <Balloon x={215} y={60} s={4.2} color="#3b3f9e" />
      <Balloon x={50} y={90} s={3.8} color="#ff7a63" />
    </>
  );
}

function Hearts() {
  const heart = "M0 30C-35 8-45-15-30-28c11-9 24-4 30 7 6-11 19-16 30-7 15 13 5 36-30 58z";
  return (
    <>
      <path d={heart} transform="translate(180 140) scale(2.4)" fill="#f2553d" />
      <path d={heart} transform="translate(80 90) scale(1.1)" fill="#3b3f9e" />
      <path d={heart} transform="translate(285 95) scale(1.3)" fill="#ff7a63" />
      <path d={heart} transform="translate(270 230) scale(.8)" fill="#3b3f9e" opacity=".7" />
    </>
  );
}

function Calendar() {
  return (
    <g transform="translate(70 40)">
      <rect width="220" height="200" rx="24" fill="#fff" stroke="#3b3f9e" strokeWidth="6" />
      <path d="M0 24a24 24 0 0 1 24-24h172a24 24 0 0 1 24 24v36H0z" fill="#3b3f9e" />
      <rect x="45" y="-14" width="14" height="34" rx="7" fill="#f2553d" />
      <rect x="161" y="-14" width="14" height="34" rx="7" fill="#f2553d" />
      <path d="M110 170c-38-24-50-48-34-62 12-10 26-5 34 8 8-13 22-18 34-8 16 14 4 38-34 62z" fill="#f2553d" />
      <g fill="#ffc2b6">
        <circle cx="40" cy="90" r="8" />
        <circle cx="180" cy="90" r="8" />
        <circle cx="40" cy="150" r="8" />
        <circle cx="180" cy="150" r="8" />
      </g>
    </g>
  );
}
