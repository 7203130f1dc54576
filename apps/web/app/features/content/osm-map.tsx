/** The Maképé neighbourhood of Yaoundé, where the shop is. */
const LAT = 3.889;
const LON = 11.5285;
const bbox = [LON - 0.012, LAT - 0.008, LON + 0.012, LAT + 0.008].map((n) => n.toFixed(4)).join(",");

const EMBED = `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${encodeURIComponent(`${LAT},${LON}`)}`;
const FULL = `https://www.openstreetmap.org/?mlat=${LAT}&mlon=${LON}#map=16/${LAT}/${LON}`;

/** OpenStreetMap's embed, loaded only when scrolled near (it weighs more than the page). */
export function OsmMap() {
  return (
    <figure>
      <iframe
        src={EMBED}
        title="Carte du quartier Maképé à Yaoundé, où se trouve la boutique"
        loading="lazy"
        className="h-72 w-full rounded-lg border-0 bg-slate-200 ring-1 ring-slate-200"
      />
      <figcaption className="mt-2 text-sm">
        <a className="font-medium text-brand underline" href={FULL} target="_blank" rel="noopener noreferrer">
          Voir sur OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
