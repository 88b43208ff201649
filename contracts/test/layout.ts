// Storage layouts of the NFT code's ERC-7201 structs, flattened so that two versions can be compared
// member by member (solc's storageLayout output of contracts/mocks/StorageLayoutProbe.sol).
import hre from 'hardhat';

interface SolcType {
  encoding: string;
  label: string;
  numberOfBytes: string;
  members?: SolcMember[];
  value?: string;
  base?: string;
}
interface SolcMember {
  label: string;
  offset: number;
  slot: string;
  type: string;
}
interface SolcLayout {
  storage: SolcMember[];
  types: Record<string, SolcType>;
}

/** One storage member: its path (`nft.parents[].limit`), slot relative to its struct, byte offset and type. */
export interface LayoutEntry {
  path: string;
  slot: string;
  offset: number;
  type: string;
}

function flatten(layout: SolcLayout, members: SolcMember[], prefix: string, base: bigint): LayoutEntry[] {
  const entries: LayoutEntry[] = [];
  for (const member of members) {
    const type = layout.types[member.type];
    if (!type) throw new Error(`type ${member.type} missing from the layout`);
    const path = prefix ? `${prefix}.${member.label}` : member.label;
    const slot = base + BigInt(member.slot);
    entries.push({ path, slot: slot.toString(), offset: member.offset, type: type.label });
    entries.push(...flattenType(layout, type, path, slot));
  }
  return entries;
}

function flattenType(layout: SolcLayout, type: SolcType, path: string, slot: bigint): LayoutEntry[] {
  if (type.members) return flatten(layout, type.members, path, slot);
  const inner = type.value ? layout.types[type.value] : undefined;
  // A mapping's values live at hashed slots: their members are relative to each value's own slot.
  if (type.encoding === 'mapping' && inner) return flattenType(layout, inner, `${path}[]`, 0n);
  return [];
}

/** The flattened layout of the probe's state variables (one per namespaced struct). */
export async function probeLayout(): Promise<LayoutEntry[]> {
  const name = 'contracts/mocks/StorageLayoutProbe.sol:StorageLayoutProbe';
  const info = await hre.artifacts.getBuildInfo(name);
  const output = info?.output.contracts['contracts/mocks/StorageLayoutProbe.sol']?.StorageLayoutProbe as
    { storageLayout?: SolcLayout } | undefined;
  const layout = output?.storageLayout;
  if (!layout)
    throw new Error('no storage layout: is outputSelection storageLayout set in hardhat.config.cjs?');
  return flatten(layout, layout.storage, '', 0n);
}
