// digital-link.js (GS1's JavaScript SDK for the GS1 Digital Link) ships no types: the part we call.
declare module 'digital-link.js' {
  interface DigitalLinkObject {
    isValid(): boolean;
    getDomain(): string;
    getIdentifier(): Record<string, string>;
    getKeyQualifiers(): Record<string, string>;
    getAttributes(): Record<string, string>;
  }
  const sdk: { DigitalLink(input: string | object): DigitalLinkObject };
  export default sdk;
}
