import { randomBytes } from 'node:crypto';
import { expect, request, type APIRequestContext } from '@playwright/test';
import {
  batchChipKeys,
  simulateFormTap,
  type BatchUrlForm,
  type ChipKeys,
  type FormMode,
} from '@metatag/chips';
import { createUserViaApi, uniqueName } from './accounts.js';
import { env } from './chips.js';

/**
 * Chip fleets on the stack under test (issue #26), seeded through the product's API as a brand's
 * owner would: a template, batches with one URL form each, their chips by UID. Taps come from the
 * software chip of `@metatag/chips` personalised with the batch's keys.
 */

export interface FleetOwner {
  name: string;
  password: string;
  /** The owner's signed-in API session. */
  api: APIRequestContext;
  nftId: number;
}

export interface FleetChip {
  id: string;
  uid: string;
  keys: ChipKeys;
}

export interface FleetBatch {
  id: string;
  form: BatchUrlForm;
  mode: FormMode;
  chips: FleetChip[];
}

/** A new owner with a template (`templateData` PUT onto it, one object per request). */
export async function fleetOwner(prefix: string, templateData: object[] = []): Promise<FleetOwner> {
  const name = uniqueName(prefix);
  const password = `${prefix}-password`;
  await createUserViaApi(name, password);
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  expect((await api.post('/password-login', { data: { name, password } })).ok()).toBe(true);
  const created = await api.post('/json/ganache/nft', { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  for (const data of templateData) {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data });
    expect(put.ok(), await put.text()).toBe(true);
  }
  return { name, password, api, nftId };
}

export const randomUid = () => randomBytes(7).toString('hex').toUpperCase();

/** An `an10922` batch of the owner's template on one URL form, with `count` chips added by UID. */
export async function fleetBatch(
  owner: FleetOwner,
  options: { name: string; form: BatchUrlForm; mode?: FormMode; tagTamper?: boolean; count?: number },
): Promise<FleetBatch> {
  const master = randomBytes(16);
  const mode = options.mode ?? 'aes';
  const batch = await owner.api.post('/json/chip-batches', {
    data: {
      nftId: owner.nftId,
      name: options.name,
      scheme: 'an10922',
      masterKey: master.toString('hex'),
      mode,
      urlForm: options.form,
      tagTamper: options.tagTamper ?? false,
    },
  });
  expect(batch.status(), await batch.text()).toBe(201);
  const id = ((await batch.json()) as { id: string }).id;
  const uids = Array.from({ length: options.count ?? 3 }, randomUid);
  if (uids.length > 0) {
    const added = await owner.api.post(`/json/chip-batches/${id}/chips`, {
      data: { rows: uids.map((uid) => ({ uid })) },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const items = (
    (await (await owner.api.get(`/json/chip-batches/${id}/chips`)).json()) as {
      items: { id: string; uid: string }[];
    }
  ).items;
  return {
    id,
    form: options.form,
    mode,
    chips: uids.map((uid) => ({
      id: items.find((c) => c.uid === uid)!.id,
      uid,
      keys: batchChipKeys(master, uid, 'an10922'),
    })),
  };
}

/** A tap of a batch chip as the phone opens it: path and query of the batch's one URL. */
export function fleetTap(
  batch: Pick<FleetBatch, 'form' | 'mode'>,
  chip: FleetChip,
  sim: { readCounter: number; tamper?: string; fileData?: Buffer },
): string {
  const url = new URL(
    simulateFormTap(batch.form, chip.keys, {
      uid: chip.uid,
      mode: batch.mode,
      readCounter: sim.readCounter,
      tamper: sim.tamper,
      fileData: batch.form.template.includes('{ENC}') ? sim.fileData : undefined,
    }),
  );
  return `${url.pathname}${url.search}`;
}
