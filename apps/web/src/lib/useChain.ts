import { useLocation } from 'react-router';
import { DEFAULT_CHAIN, chainFromPath, type ChainName } from './chains.js';

/** The chain of the current path (its first segment), mainnet on paths without one. */
export function useChain(): ChainName {
  const { pathname } = useLocation();
  return chainFromPath(pathname) ?? DEFAULT_CHAIN;
}
