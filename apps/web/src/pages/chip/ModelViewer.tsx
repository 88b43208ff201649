import { createElement, useEffect, useState } from 'react';
import { loadChunk } from '../../lib/chunkLoad.js';

/**
 * A 3D viewer for glb media (spec section 2): Google's <model-viewer> web component, loaded only when
 * a page shows a glb (it brings three.js). Until it is defined the element is an empty box.
 */
export function ModelViewer({ src, alt }: { src: string; alt: string }) {
  const [ready, setReady] = useState(
    () => typeof customElements !== 'undefined' && !!customElements.get('model-viewer'),
  );
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    // a chunk that cannot load leaves the plain image in place
    void loadChunk(() => import('@google/model-viewer')).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return createElement('model-viewer', {
    class: 'chip-media__model',
    src,
    alt,
    'camera-controls': '',
    'auto-rotate': '',
    'data-ready': ready ? 'true' : 'false',
  });
}
