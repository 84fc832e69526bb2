/**
 * The meeting point drawn without map tiles: Sojourn serves no map imagery and the portal loads nothing from other
 * sites, so this is a plain SVG "compass card" with the point at the centre, a scale-free grid and the coordinates,
 * plus a link that opens the point in the visitor's own map app (nothing is fetched until they choose to).
 */
export function MeetingMap({ lat, lng, address, className }: { lat: number; lng: number; address: string; className?: string }) {
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lng >= 0 ? 'E' : 'W';
  const coords = `${Math.abs(lat).toFixed(4)}° ${ns}, ${Math.abs(lng).toFixed(4)}° ${ew}`;
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
  return (
    <figure className={className}>
      <svg viewBox="0 0 320 180" role="img" aria-label={`Meeting point: ${address} (${coords})`} className="w-full rounded-lg border bg-muted">
        <defs>
          <pattern id="tour-grid" width="20" height="20" patternUnits="userSpaceOnUse">
            <path d="M 20 0 L 0 0 0 20" fill="none" stroke="currentColor" strokeOpacity="0.08" />
          </pattern>
        </defs>
        <rect width="320" height="180" fill="url(#tour-grid)" />
        <path d="M0 120 C 60 100, 120 140, 180 110 S 280 90, 320 105" fill="none" stroke="currentColor" strokeOpacity="0.15" strokeWidth="10" />
        <path d="M160 0 V180 M0 90 H320" stroke="currentColor" strokeOpacity="0.12" strokeDasharray="4 4" />
        <circle cx="160" cy="90" r="22" fill="hsl(var(--primary))" fillOpacity="0.15" />
        <path d="M160 62 c-10 0 -17 7 -17 16 c0 12 17 30 17 30 s17 -18 17 -30 c0 -9 -7 -16 -17 -16z" fill="hsl(var(--primary))" />
        <circle cx="160" cy="78" r="6" fill="white" />
        <text x="300" y="22" textAnchor="end" fontSize="12" fill="currentColor" fillOpacity="0.6">N ↑</text>
        <text x="12" y="168" fontSize="11" fill="currentColor" fillOpacity="0.7">{coords}</text>
      </svg>
      <figcaption className="mt-2 grid gap-1 text-sm">
        <span className="font-medium">{address}</span>
        <span className="text-muted-foreground">
          Sketch of the meeting point, not a street map.{' '}
          <a className="underline underline-offset-2" href={osm} target="_blank" rel="noreferrer">
            Open {coords} in a map
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
