import { VOUCHERS, type SignVoucherReply, type SignVoucherRequest } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';

/** Voucher signing belongs to the relayer: it holds the minter key. */
export interface VoucherSigner {
  sign(request: SignVoucherRequest): Promise<SignVoucherReply>;
}

export class RelayerVoucherSigner implements VoucherSigner {
  constructor(private readonly services: ServiceClient) {}

  sign(request: SignVoucherRequest): Promise<SignVoucherReply> {
    return this.services.send(VOUCHERS.sign, request);
  }
}
