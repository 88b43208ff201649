import type { Hex, PublicClient } from 'viem';

/** Hands signed bytes to a node. A port so tests can simulate a crash between commit and broadcast. */
export interface Broadcaster {
  broadcast(client: PublicClient, chainId: number, raw: Hex): Promise<void>;
}

export const rpcBroadcaster: Broadcaster = {
  async broadcast(client, _chainId, raw) {
    await client.request({ method: 'eth_sendRawTransaction', params: [raw] });
  },
};
