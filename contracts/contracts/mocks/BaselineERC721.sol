// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title Gas baseline: a plain OpenZeppelin ERC-721 (no proxy, no extensions)
contract BaselineERC721 is ERC721 {
    constructor() ERC721("Baseline", "BASE") {}

    /// @notice Mints with OpenZeppelin's `_mint`.
    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }
}
