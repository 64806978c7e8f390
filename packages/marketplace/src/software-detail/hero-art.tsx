import type { HeroArtwork } from '@obra/catalogue';

/**
 * The detail's hero artwork (640×360), drawn inline from the item's colour and monogram rather
 * than fetched: it is the largest thing in view on a product page, and as an <img> its request
 * made LCP wait (issue 18). The pre-render and the live widget draw the same markup. No ids, so
 * two of them in one shadow root cannot clash.
 */
export function HeroArt({ art, label }: { art: HeroArtwork; label: string }) {
  return (
    <svg viewBox="0 0 640 360" width="640" height="360" role="img" aria-label={label} focusable="false">
      <rect width="640" height="360" fill={art.color} />
      <path d="M0 280 160 200l120 50 150-90 210 110v90H0z" fill="#fff" fillOpacity=".12" />
      <path d="M60 60h520M60 300h520M60 60v240M580 60v240" stroke="#fff" strokeOpacity=".18" strokeWidth="2" strokeDasharray="6 8" />
      <g transform="translate(256 116)">
        <rect width="128" height="128" rx="28" fill="#fff" fillOpacity=".16" />
        {/* One letter is drawn larger, so every monogram fills its tile alike. */}
        <text
          x="64"
          y="82"
          fontFamily="Arial,Helvetica,sans-serif"
          fontSize={art.monogram.length > 1 ? 48 : 60}
          fontWeight="700"
          fill="#fff"
          textAnchor="middle"
        >
          {art.monogram}
        </text>
      </g>
    </svg>
  );
}
