import { Controller } from '@nestjs/common';
import { PASSKEYS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { PasskeysService } from './passkeys.service.js';

type Input<K extends keyof typeof PASSKEYS> = RequestParsed<(typeof PASSKEYS)[K]>;

/** Thin message handlers of passkey accounts (issue #29). */
@Controller()
export class PasskeysHandlers {
  constructor(private readonly passkeys: PasskeysService) {}

  @HandleRequest(PASSKEYS.register)
  register(input: Input<'register'>) {
    return this.passkeys.register(input);
  }

  @HandleRequest(PASSKEYS.lookup)
  lookup(input: Input<'lookup'>) {
    return this.passkeys.lookup(input);
  }

  @HandleRequest(PASSKEYS.tokens)
  tokens(input: Input<'tokens'>) {
    return this.passkeys.tokens(input);
  }

  @HandleRequest(PASSKEYS.recoverable)
  recoverable(input: Input<'recoverable'>) {
    return this.passkeys.recoverable(input);
  }

  @HandleRequest(PASSKEYS.sponsor)
  sponsor(input: Input<'sponsor'>) {
    return this.passkeys.sponsor(input);
  }

  @HandleRequest(PASSKEYS.bundler)
  bundler(input: Input<'bundler'>) {
    return this.passkeys.bundler(input);
  }
}
