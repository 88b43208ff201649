// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {NFTCode} from "../NFTCode.sol";
import {ClaimConditions} from "../ClaimConditions.sol";

/// @title Test double: exposes the NFT code's ERC-7201 structs to solc's storage-layout output
/// @dev NFTCode keeps all state in namespaced structs (no state variables), so solc reports no layout for
/// it. Declaring the structs here makes solc print their members (slot, offset, type), which the layout
/// test compares with the layout of the deployed version.
contract StorageLayoutProbe {
    NFTCode.NFTStorage internal nft;
    NFTCode.RecoveryStorage internal recovery;
    NFTCode.RedemptionStorage internal redemption;
    ClaimConditions.ClaimStorage internal claims;
}
