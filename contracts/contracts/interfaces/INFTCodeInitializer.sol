// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The initializer a collection proxy calls on the NFT code when it is deployed
interface INFTCodeInitializer {
    /// @notice Sets up a new collection.
    /// @param name_ The collection name.
    /// @param symbol_ The collection symbol.
    /// @param owner_ The collection owner; also becomes the first minter.
    function initialize(string calldata name_, string calldata symbol_, address owner_) external;
}
