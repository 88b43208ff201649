// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ERC-5192: minimal soulbound NFTs
/// @notice A token whose `locked` status is true cannot be transferred.
/// @dev The ERC-165 identifier of this interface is 0xb45a3c0e.
interface IERC5192 {
    /// @notice Emitted when the locking status is changed to locked.
    /// @param tokenId The identifier of the token.
    event Locked(uint256 tokenId);

    /// @notice Emitted when the locking status is changed to unlocked.
    /// @param tokenId The identifier of the token.
    event Unlocked(uint256 tokenId);

    /// @notice Returns the locking status of a token.
    /// @dev Reverts for a token that does not exist.
    /// @param tokenId The identifier of the token.
    /// @return True when the token cannot be transferred.
    function locked(uint256 tokenId) external view returns (bool);
}
