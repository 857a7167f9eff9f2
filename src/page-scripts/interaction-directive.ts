/**
 * `client:interaction`: an island that loads on the shopper's first interaction
 * with any stepper of the page (pointerdown, key press or focus), which the
 * first-paint script (src/page-scripts/first-paint.ts) announces with one window
 * event, so every stepper of the page loads together. Until then the
 * server-rendered stepper is worked by the first-paint script, so nothing is
 * lost and the tap that triggered the load has already counted.
 */
import type { ClientDirective } from 'astro';
import { HYDRATE_EVENT } from './page-events.ts';

const interactionDirective: ClientDirective = (load, _options, _el) => {
  let started = false;
  const go = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(HYDRATE_EVENT, go);
    const hydrate = await load();
    await hydrate();
  };
  // An island added after the first interaction (a later page part) loads at once.
  if (document.documentElement.dataset.hydrate !== undefined) void go();
  else window.addEventListener(HYDRATE_EVENT, go);
};

export default interactionDirective;
