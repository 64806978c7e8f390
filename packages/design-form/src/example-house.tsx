// The example house shown until an image is generated, drawn inline rather than fetched: on the
// host pages it is the largest thing in view, and as an <img> its request made LCP wait (issue 18).
// The pre-render and the live widget render this same markup, so taking over swaps nothing visible.

/**
 * The gradient's id. Ids are scoped per shadow root, and the form draws one example at a time;
 * the prefix keeps it clear of anything a slotted or themed part might name.
 */
const SKY = 'obra-example-sky';

/** The example illustration (640×480, the preview's 4:3 box), named by `label`. */
export function ExampleHouse({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 640 480" width="640" height="480" role="img" aria-label={label} focusable="false">
      <defs>
        <linearGradient id={SKY} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bfdbfe" />
          <stop offset="1" stopColor="#eff6ff" />
        </linearGradient>
      </defs>
      <rect width="640" height="480" fill={`url(#${SKY})`} />
      <circle cx="540" cy="90" r="38" fill="#fde68a" />
      <rect y="380" width="640" height="100" fill="#86efac" />
      <path d="M0 380h640v12H0z" fill="#4ade80" />
      <path d="M150 230 320 120l170 110z" fill="#9a3412" />
      <rect x="170" y="228" width="300" height="154" fill="#f5f5f4" stroke="#78716c" strokeWidth="3" />
      <path d="M170 304h300" stroke="#d6d3d1" strokeWidth="3" />
      <rect x="298" y="318" width="44" height="64" fill="#92400e" />
      <g fill="#7dd3fc" stroke="#475569" strokeWidth="3">
        <rect x="196" y="248" width="62" height="40" />
        <rect x="382" y="248" width="62" height="40" />
        <rect x="196" y="322" width="62" height="40" />
        <rect x="382" y="322" width="62" height="40" />
      </g>
      <rect x="410" y="140" width="26" height="56" fill="#78716c" />
      <g fill="#15803d">
        <circle cx="86" cy="330" r="38" />
        <circle cx="566" cy="340" r="30" />
      </g>
      <path d="M82 368v14M562 370v12" stroke="#713f12" strokeWidth="8" />
    </svg>
  );
}
