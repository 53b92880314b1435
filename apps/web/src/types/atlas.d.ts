/**
 * The atlases' TopoJSON, typed by hand: without these, resolveJsonModule would have the compiler
 * infer a literal type from 100 KB of arcs on every type check, and the result would not be a
 * Topology that topojson-client accepts.
 */
declare module 'world-atlas/countries-110m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';

  const atlas: Topology<{
    countries: GeometryCollection<{ name: string }>;
    land: GeometryCollection;
  }>;
  export default atlas;
}

declare module 'us-atlas/states-10m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';

  const atlas: Topology<{
    states: GeometryCollection<{ name: string }>;
    nation: GeometryCollection;
  }>;
  export default atlas;
}
