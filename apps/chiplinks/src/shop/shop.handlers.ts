import { Controller } from '@nestjs/common';
import { SHOP, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { ShopOrderRepository } from './shop-order.repository.js';
import { ShopEmailsService } from './shop-emails.service.js';
import { ShopOrdersService } from './shop-orders.service.js';

type Input<K extends keyof typeof SHOP> = RequestParsed<(typeof SHOP)[K]>;

/** The shop webhook's messages: orders, the buyers' due emails and their fate, the owner's delivery log. */
@Controller()
export class ShopHandlers {
  constructor(
    private readonly orders: ShopOrdersService,
    private readonly emails: ShopEmailsService,
    private readonly repo: ShopOrderRepository,
  ) {}

  @HandleRequest(SHOP.order)
  order(input: Input<'order'>) {
    return this.orders.order(input);
  }

  @HandleRequest(SHOP.emailResult)
  emailResult(input: Input<'emailResult'>) {
    return this.emails.emailResult(input);
  }

  @HandleRequest(SHOP.claimEmails)
  claimEmails(input: Input<'claimEmails'>) {
    return this.emails.claimEmails(input);
  }

  @HandleRequest(SHOP.log)
  async log(input: Input<'log'>) {
    return { id: await this.repo.log(input) };
  }

  @HandleRequest(SHOP.deliveries)
  async deliveries({ ownerId, limit }: Input<'deliveries'>) {
    return { items: await this.repo.deliveries(ownerId, limit) };
  }
}
