import type { BatchUrlForm } from '../url-form.js';
import { sdmSettingsJson } from './bureau-package.js';
import { sdmSettings, withSampleSerial } from './sdm-settings.js';

/** Characters of a chip's public id (`/tag/{id}`): every chip of a default batch has one this long. */
export const CHIP_ID_LENGTH = 14;
/** The per-chip URL a default batch's chips carry (MetaTag's own form; the id differs per chip). */
export const PER_CHIP_TEMPLATE = (origin: string) => `${origin}/tag/{chip id}?auth={PICC}{MAC}`;

export interface BatchTemplateView {
  /** the NDEF URL template with its placeholders, as a personalisation tool is given it */
  template: string;
  /** per-chip URLs: `{chip id}` is each chip's own id, written as text (same length, same offsets) */
  perChip: boolean;
  macInputFrom: BatchUrlForm['macInputFrom'];
  /** the SDM settings (`sdmSettingsJson`): what `npm run chip -- template --batch B` prints */
  settings: ReturnType<typeof sdmSettingsJson> | null;
  /** why there are no settings (a form a chip cannot be given), else null */
  problem: string | null;
}

/**
 * A batch's NDEF URL template and the SDM settings a personalisation tool enters for it (issue #26 item
 * 4): the same computation as `npm run chip -- template` and the bureau package. A default batch's
 * chips carry per-chip URLs: its template is MetaTag's per-chip form, its settings computed with a
 * chip id of the right length (the offsets are every chip's). A TagTamper batch without `{TT}` reads
 * the seal from the file data, so the chip mirrors no TT status into the URL.
 */
export function batchTemplateView(
  batch: { urlForm: BatchUrlForm | null; mode: string; tagTamper: boolean },
  origin: string,
): BatchTemplateView {
  const perChip = !batch.urlForm;
  const template = batch.urlForm?.template ?? PER_CHIP_TEMPLATE(origin);
  const given: BatchUrlForm = batch.urlForm ?? {
    template: template.replace('{chip id}', 'C'.repeat(CHIP_ID_LENGTH)),
    macInputFrom: 'MAC',
  };
  const form = withSampleSerial(given);
  try {
    const settings = sdmSettings(form, {
      mode: batch.mode === 'lrp' ? 'lrp' : 'aes',
      tt: batch.tagTamper && form.template.includes('{TT}'),
    });
    return {
      template,
      perChip,
      macInputFrom: form.macInputFrom,
      settings: sdmSettingsJson(settings),
      problem: null,
    };
  } catch (error) {
    return {
      template,
      perChip,
      macInputFrom: form.macInputFrom,
      settings: null,
      problem: (error as Error).message,
    };
  }
}
