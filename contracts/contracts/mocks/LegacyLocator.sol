// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

/// @title Test double: a locator of the previous build (collections announce themselves to it, but it
/// does not answer the data-less lookup that {CollectionProxy} makes on every call)
contract LegacyLocator is UpgradeableBeacon {
    constructor(address nftCode) UpgradeableBeacon(nftCode, msg.sender) {}

    /// @notice Accepts the announcement, like the real locator.
    function registerCollection(address /* deployer */) external {}
}
