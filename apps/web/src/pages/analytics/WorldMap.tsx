import { useMemo } from 'react';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import type { ScanAnalytics } from './analyticsApi.js';

const WIDTH = 960;
const HEIGHT = 500;

/**
 * Where the scans were: the world drawn offline from world-atlas (Natural Earth 1:110m, shipped in the
 * npm package) with d3-geo, no tile server; one marker per city, its area proportional to its scans.
 */
export function WorldMap({ cities }: { cities: ScanAnalytics['cities'] }) {
  const { land, projection } = useMemo(() => {
    const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
    const shapes = feature(topology, topology.objects.countries);
    const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], shapes);
    const path = geoPath(projection);
    return { land: shapes.features.map((shape) => path(shape) ?? ''), projection };
  }, []);
  const placed = cities.filter((c) => c.lat !== null && c.lon !== null);
  const most = Math.max(1, ...placed.map((c) => c.scans));
  return (
    <svg
      className="analytics-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="Scans on a world map"
      data-testid="scan-map"
    >
      <g className="analytics-map__land">
        {land.map((d, index) => (
          <path key={index} d={d} />
        ))}
      </g>
      {placed.map((city) => {
        const [x, y] = projection([city.lon!, city.lat!]) ?? [0, 0];
        return (
          <circle
            key={`${city.city}|${city.country}`}
            className="analytics-map__marker"
            cx={x}
            cy={y}
            r={4 + 14 * Math.sqrt(city.scans / most)}
            data-testid="map-marker"
            data-city={city.city}
            data-scans={city.scans}
          >
            <title>{`${city.city}, ${city.country}: ${city.scans}`}</title>
          </circle>
        );
      })}
    </svg>
  );
}
