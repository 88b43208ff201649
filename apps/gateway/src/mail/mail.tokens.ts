export const MAILER = Symbol('MAILER');
