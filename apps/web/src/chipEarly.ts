// A second entry of the build, loaded `async` by the server-rendered chip page (/tag/{id}): it starts
// the tap's check-tag at once, before React and the page's code have arrived (apps/web/README.md
// "First paint in one round trip"). The page's own code reuses the request (pages/chip/chipCheck.ts).
import './lib/zodJitless.js';
import { startCheckFromLocation } from './pages/chip/chipCheck.js';

startCheckFromLocation(window.location);
