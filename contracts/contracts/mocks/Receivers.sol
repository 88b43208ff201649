// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";

/// @title Test double: accepts ERC-721 tokens and ether
contract AcceptingReceiver is ERC721Holder {
    receive() external payable {}
}

/// @title Test double: refuses ether and ERC-721 tokens (it has neither receive nor onERC721Received)
contract RefusingReceiver {}
