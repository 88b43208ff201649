import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchTemplateView } from './batch-template.js';
import { sdmSettingsJson } from './bureau-package.js';
import { sdmSettings } from './sdm-settings.js';

test("a batch's view is `chip template`'s computation; TT mirrored only with {TT}", () => {
  const form = {
    template: 'https://brand.example/tag?picc_data={PICC}&enc={ENC}&tt={TT}&cmac={MAC}',
    macInputFrom: 'ENC' as const,
    encLength: 16,
  };
  const view = batchTemplateView({ urlForm: form, mode: 'aes', tagTamper: true }, 'https://x.example');
  assert.deepEqual(view.settings, sdmSettingsJson(sdmSettings(form, { mode: 'aes', tt: true })));
  assert.equal(view.perChip, false);
  assert.equal(view.problem, null);
  // a TagTamper batch whose seal is read from the file data: no TT mirror, settings still given
  const noTt = batchTemplateView(
    {
      urlForm: { template: 'https://b.example/t?p={PICC}&c={MAC}', macInputFrom: 'MAC' },
      mode: 'lrp',
      tagTamper: true,
    },
    'https://x.example',
  );
  assert.ok(noTt.settings);
  assert.equal(noTt.settings.ttStatusOffset, null);
  assert.equal(noTt.settings.macOffset! - noTt.settings.piccDataOffset!, 48 + '&c='.length);
});

test("a default batch: MetaTag's per-chip form, offsets with a 14-character chip id", () => {
  const view = batchTemplateView({ urlForm: null, mode: 'any', tagTamper: false }, 'https://metatag.example');
  assert.equal(view.template, 'https://metatag.example/tag/{chip id}?auth={PICC}{MAC}');
  assert.equal(view.perChip, true);
  const same = sdmSettings(
    { template: 'https://metatag.example/tag/ABCDEFGHIJKLMN?auth={PICC}{MAC}', macInputFrom: 'MAC' },
    { mode: 'aes' },
  );
  assert.equal(view.settings?.piccDataOffset, same.piccDataOffset);
  assert.equal(view.settings?.macOffset, same.macOffset);
  assert.equal(view.settings?.macInputOffset, same.macOffset);
});

test('a form no chip can be given has no settings and says why', () => {
  const view = batchTemplateView(
    {
      urlForm: { template: 'https://b.example/t?p={PICC}', macInputFrom: 'MAC' },
      mode: 'aes',
      tagTamper: false,
    },
    'https://x.example',
  );
  assert.equal(view.settings, null);
  assert.match(view.problem!, /MAC/);
});

test('a GS1 template with {SERIAL}: settings for the sample serial', () => {
  const view = batchTemplateView(
    {
      urlForm: {
        template: 'https://b.example/01/09506000134352/21/{SERIAL}?d={PICC}&m={MAC}',
        macInputFrom: 'URL',
      },
      mode: 'aes',
      tagTamper: false,
    },
    'https://x.example',
  );
  assert.equal(view.problem, null);
  assert.ok(view.settings?.url.includes('/21/SERIAL01?d='));
});
