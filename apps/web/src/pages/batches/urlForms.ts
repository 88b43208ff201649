/**
 * The URL forms the admin offers for a new batch (issue #26 item 3; `@metatag/chips` READY_FORMS is the
 * server's list, which the browser does not import): each builds the NDEF URL template from the base
 * URL. The Advanced part of the form edits the built template (custom parameter names, offsets).
 */
export type MacFrom = 'MAC' | 'ENC' | 'PICC' | 'UID' | 'URL';

export interface ReadyForm {
  build: (base: string) => string;
  from: MacFrom;
  mode?: 'plain';
  encLength?: number;
}

const query = (q: string) => (base: string) => `${base}?${q}`;

export const READY_FORMS: Record<string, ReadyForm> = {
  'sdm-backend (picc_data, enc, cmac)': { build: query('picc_data={PICC}&cmac={MAC}'), from: 'MAC' },
  'sdm-backend with file data': {
    build: query('picc_data={PICC}&enc={ENC}&cmac={MAC}'),
    from: 'ENC',
    encLength: 16,
  },
  'sdm-backend e': { build: query('e={PICC}{MAC}'), from: 'MAC' },
  'boltcard (p, c)': { build: query('p={PICC}&c={MAC}'), from: 'MAC' },
  'NXP AN12196 (e, c)': { build: query('e={PICC}&c={MAC}'), from: 'MAC' },
  'plain mirroring (uid, ctr, cmac)': {
    build: query('uid={UID}&ctr={CTR}&cmac={MAC}'),
    from: 'MAC',
    mode: 'plain',
  },
  'path form (/{PICC}/{MAC})': { build: (base) => `${base}/{PICC}/{MAC}`, from: 'MAC' },
};

/** Where the chip's MAC input starts (SDMMACInputOffset), as the forms name it. */
export const MAC_FROM: [MacFrom, string][] = [
  ['MAC', 'nothing (MAC over no data)'],
  ['ENC', 'the file data {ENC}'],
  ['PICC', 'the PICC data {PICC}'],
  ['UID', 'the UID {UID} (plain)'],
  ['URL', 'the start of the URL text'],
];
