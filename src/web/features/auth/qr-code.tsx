/**
 * A QR code drawn as SVG (uqr encodes; one path of dark modules, so no markup is injected).
 */
import { encode } from 'uqr';

/** The QR code of `text`, `size` CSS pixels square, with `label` for screen readers. */
export function QrCode({ text, size = 192, label }: { text: string; size?: number; label: string }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const n = data.length;
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <path d={d} fill="#1c1917" />
    </svg>
  );
}
