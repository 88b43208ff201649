// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {NFTCode} from "../NFTCode.sol";

/// @title Test double: the next version of the NFT code, to exercise upgrades through the locator
contract NFTCodeV2 is NFTCode {
    /// @notice Reports version 3.
    function libraryVersion() external pure override returns (uint256) {
        return 3;
    }

    /// @notice A function the first version did not have.
    function hello() external pure returns (string memory) {
        return "v2";
    }
}
