// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

/// @title MetaTag library-address locator
/// @notice Tells every collection proxy where the current NFT code lives (an ERC-1967 beacon). Its owner
/// points it at new NFT code with {setLibraryAddress}; every collection then runs the new code and keeps
/// its state. It is also where collections announce themselves ({registerCollection}): they are deployed
/// from wallets, with no factory contract, so this event is how an indexer finds every collection of a chain.
contract LibraryAddressLocator is UpgradeableBeacon {
    uint256 private _libraryVersion;

    /// @notice The locator now points at `libraryAddress`; `version` counts the addresses it has held.
    event LibraryAddressChanged(address indexed libraryAddress, uint256 version);

    /// @notice The contract `collection` announced itself as a collection deployed by `deployer`.
    event CollectionCreated(address indexed collection, address indexed deployer);

    /// @notice Deploys a locator owned by the deployer.
    /// @param nftCode The address of the deployed NFT code.
    constructor(address nftCode) UpgradeableBeacon(nftCode, msg.sender) {
        _libraryVersion = 1;
        emit LibraryAddressChanged(nftCode, 1);
    }

    /// @notice The collections' own lookup: a call without data returns the NFT code address as one
    /// 32-byte word, like {implementation} but without a selector to dispatch (it runs on every call to
    /// every collection). Calls with data that match no function, and calls with ether, revert.
    fallback() external {
        address impl = implementation();
        assembly ("memory-safe") {
            if calldatasize() {
                revert(0x00, 0x00)
            }
            mstore(0x00, impl)
            return(0x00, 0x20)
        }
    }

    /// @notice The address of the NFT code collections currently run (same as {implementation}).
    /// @return The NFT code address.
    function libraryAddress() external view returns (address) {
        return implementation();
    }

    /// @notice How many NFT code addresses this locator has held: 1 after deployment, +1 per change.
    /// @return The library version.
    function libraryVersion() external view returns (uint256) {
        return _libraryVersion;
    }

    /// @notice Announces the calling contract as a collection; {CollectionProxy}'s constructor calls it.
    /// @dev Open to anyone on purpose: collections are deployed from browser wallets, so there is no factory
    /// to restrict it to. The announced address is always `msg.sender`, so a caller can only announce itself
    /// (and `deployer` is what the caller claims). A contract that is not a collection costs its sender gas
    /// and nobody else anything: an indexer reads only MetaTag events from announced addresses, and those
    /// describe that contract alone.
    /// @param deployer The account that deployed the collection (its first proxy admin, owner and minter).
    function registerCollection(address deployer) external {
        emit CollectionCreated(msg.sender, deployer);
    }

    /// @notice Points every collection at new NFT code. Only the locator owner.
    /// @dev Emits {Upgraded} and {LibraryAddressChanged}. Reverts when `newLibraryAddress` has no code.
    /// @param newLibraryAddress The new NFT code.
    function setLibraryAddress(address newLibraryAddress) external {
        upgradeTo(newLibraryAddress);
    }

    /// @notice Same as {setLibraryAddress} (the OpenZeppelin beacon name). Only the locator owner.
    /// @param newImplementation The new NFT code.
    function upgradeTo(address newImplementation) public override onlyOwner {
        super.upgradeTo(newImplementation);
        uint256 version = ++_libraryVersion;
        emit LibraryAddressChanged(newImplementation, version);
    }
}
