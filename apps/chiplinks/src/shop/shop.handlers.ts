import { Controller } from '@nestjs/common';
import { SHOP, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { ShopOrderRepository } from './shop-order.repository.js';
import { ShopOrdersService } from './shop-orders.service.js';

type Input<K extends keyof typeof SHOP> = RequestParsed<(typeof SHOP)[K]>;

/** The shop webhook's messages: orders, the email's fate, and the owner's delivery log. */
@Controller()
export class ShopHandlers {
  constructor(
    private readonly orders: ShopOrdersService,
    private readonly repo: ShopOrderRepository,
  ) {}

  @HandleRequest(SHOP.order)
  order(input: Input<'order'>) {
    return this.orders.order(input);
  }

  @HandleRequest(SHOP.emailResult)
  emailResult(input: Input<'emailResult'>) {
    return this.orders.emailResult(input);
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
