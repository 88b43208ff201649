import { Inject, Injectable } from '@nestjs/common';
import { inspectSun, parseSunQuery, type ChipKeys } from '@metatag/chips';
import type { CheckTapUrlReply } from '@metatag/api-types';
import type { Actor } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ChipKeyring } from './chip-keyring.js';

export const NOT_A_TAP_URL =
  'This is not a chip tap URL: paste the whole …/tag/{id}?… address the chip opened';
export const NO_SUN_MESSAGE =
  'The URL carries no SUN message: auth=…, e=…, picc_data=…&cmac=… or uid=…&ctr=…&cmac=…';

/** `/tag/{id}` and the raw query text after `?` (not decoded: the chip MACs the text itself). */
export function splitTapUrl(url: string): { tag: string; query: string } | undefined {
  const noFragment = url.split('#')[0];
  const at = noFragment.indexOf('?');
  const path = at < 0 ? noFragment : noFragment.slice(0, at);
  const tag = /(?:^|\/)tag\/([A-Za-z0-9]{6,32})\/?$/.exec(path)?.[1];
  return tag && at >= 0 ? { tag, query: noFragment.slice(at + 1) } : undefined;
}

/**
 * The admin's chip doctor: reads a tap URL of one of the caller's chips with that chip's keys and says
 * what it carries and whether check-tag would accept it now, without consuming or recording anything.
 * Only the owner of the chip's template (or a super admin) may ask; anyone else gets its 404.
 */
@Injectable()
export class TapUrlDoctor {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly keyring: ChipKeyring,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
  ) {}

  async check(actor: Actor, url: string): Promise<CheckTapUrlReply> {
    const parts = splitTapUrl(url.trim());
    if (!parts) throw new AppError('invalid_input', NOT_A_TAP_URL, 400);
    const row = await this.repo.findById(parts.tag);
    if (!row || row.type !== 'chip') throw AppError.notFound('Chip or link not found');
    await this.templates.owned(row.nftId, actor);
    const message = parseSunQuery(parts.query);
    if (!message) throw new AppError('invalid_input', NO_SUN_MESSAGE, 400);
    let keys: ChipKeys | undefined;
    try {
      keys = this.keyring.keysOf(row);
    } catch {
      keys = undefined; // sealed keys that do not open read nothing
    }
    const read = keys ? inspectSun(message, keys) : undefined;
    const lastCounter = await this.repo.lastCounter(row.uid);
    const macValid = !!read?.macValid && read.picc?.uid === row.uid;
    const counter = read?.picc?.readCounter ?? null;
    return {
      ok: true,
      chip: { id: row.id, nftId: row.nftId, deleted: row.deleted, scheme: row.keyScheme },
      layout: message.layout,
      mode: read?.mode ?? message.mode,
      uid: read?.picc?.uid ?? null,
      counter,
      fileData: macValid ? (read?.fileData?.toString('hex') ?? null) : null,
      macValid,
      counterAccepted: macValid && !row.deleted && counter !== null && counter > lastCounter,
      lastCounter,
    };
  }
}
