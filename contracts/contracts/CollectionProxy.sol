// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";
import {INFTCodeInitializer} from "./interfaces/INFTCodeInitializer.sol";
import {LibraryAddressLocator} from "./LibraryAddressLocator.sol";

/// @title MetaTag collection
/// @notice One NFT collection. It holds the collection's state and runs the NFT code that its
/// {LibraryAddressLocator} points at (the ERC-1967 beacon pattern), so the locator's owner upgrades every
/// collection at once. Every call other than the four below is served by the NFT code.
/// @dev The locator is fixed at deployment (immutable, and recorded in the ERC-1967 beacon slot for
/// explorers). The proxy admin is recorded in the ERC-1967 admin slot; the collection owner is a
/// separate role kept by the NFT code.
contract CollectionProxy is BeaconProxy {
    /// @notice The caller is not the proxy admin.
    error NotProxyAdmin(address caller);

    /// @notice Deploys a collection: the deployer becomes proxy admin, collection owner and minter.
    /// @dev Announces itself to the locator ({LibraryAddressLocator.CollectionCreated}) so that indexers find
    /// it: collections come from wallets, not from a factory whose events could be watched.
    /// @param name_ The collection name.
    /// @param symbol_ The collection symbol.
    /// @param libraryAddress The {LibraryAddressLocator} to take the NFT code from.
    constructor(
        string memory name_,
        string memory symbol_,
        address libraryAddress
    ) BeaconProxy(libraryAddress, abi.encodeCall(INFTCodeInitializer.initialize, (name_, symbol_, msg.sender))) {
        ERC1967Utils.changeAdmin(msg.sender);
        LibraryAddressLocator(libraryAddress).registerCollection(msg.sender);
        // Every call looks the NFT code up with a data-less call ({_implementation}): refuse a locator that
        // does not answer it (an older one) here rather than on every later call.
        _implementation();
    }

    /// @dev BeaconProxy's lookup, run on every call: a call without data to the locator, whose fallback
    /// answers with the NFT code address (no selector dispatch there, no ABI decoding here).
    function _implementation() internal view override returns (address impl) {
        address beacon = _getBeacon();
        assembly ("memory-safe") {
            if iszero(staticcall(gas(), beacon, 0x00, 0x00, 0x00, 0x20)) {
                revert(0x00, 0x00)
            }
            impl := mload(0x00)
        }
    }

    /// @notice Plain ether transfers go to the NFT code like every other call (which refuses them).
    receive() external payable {
        _fallback();
    }

    /// @notice The proxy admin (the deployer unless changed with {setOwner}).
    /// @return The admin address.
    function proxyAdmin() external view returns (address) {
        return ERC1967Utils.getAdmin();
    }

    /// @notice The NFT code this collection currently runs, as reported by its locator.
    /// @return The NFT code address.
    function implementation() external view returns (address) {
        return _implementation();
    }

    /// @notice The library-address locator this collection takes its NFT code from.
    /// @return The locator address.
    function libraryAddressLocator() external view returns (address) {
        return _getBeacon();
    }

    /// @notice Hands the proxy admin role to another account. Only the proxy admin.
    /// @dev Emits ERC-1967 {AdminChanged}. Reverts for the zero address.
    /// @param newAdmin The new proxy admin.
    function setOwner(address newAdmin) external {
        if (msg.sender != ERC1967Utils.getAdmin()) revert NotProxyAdmin(msg.sender);
        ERC1967Utils.changeAdmin(newAdmin);
    }
}
