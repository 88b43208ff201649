/**
 * EIP-4361 (Sign-In with Ethereum) messages. Built by hand rather than with viem's helper because
 * the spec requires the lower-cased address in the message, while viem insists on the checksummed form.
 */
export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

export function buildSiweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expirationTime.toISOString()}`,
  ].join('\n');
}

export interface ParsedSiwe {
  domain: string;
  address: string;
  uri: string;
  chainId: number;
  nonce: string;
  expirationTime: Date;
}

const PATTERN =
  /^(?<domain>\S+) wants you to sign in with your Ethereum account:\n(?<address>0x[0-9a-f]{40})\n\n[^\n]*\n\nURI: (?<uri>\S+)\nVersion: 1\nChain ID: (?<chainId>\d{1,15})\nNonce: (?<nonce>[A-Za-z0-9]{8,})\nIssued At: \S+\nExpiration Time: (?<exp>\S+)$/;

export function parseSiweMessage(message: string): ParsedSiwe | undefined {
  const m = PATTERN.exec(message)?.groups;
  if (!m) return undefined;
  return {
    domain: m.domain,
    address: m.address,
    uri: m.uri,
    chainId: Number(m.chainId),
    nonce: m.nonce,
    expirationTime: new Date(m.exp),
  };
}
