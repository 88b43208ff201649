// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";

/// @title Claim conditions of a template's phase (issue #32 item 3)
/// @notice A phased mint voucher carries its phase: a window, a per-wallet cap and an allowlist root.
/// The minter signs them with the rest of the voucher; this contract enforces them on chain, so a
/// voucher the server signed by mistake (or a server that was fooled) still cannot mint before the
/// phase opens, after it closes, past a wallet's cap or to a wallet outside the allowlist.
/// @dev Kept apart from {NFTCode}'s own storage: its counters live in their own ERC-7201 namespace,
/// so the NFT code's namespace is untouched and either can grow without the other.
abstract contract ClaimConditions {
    /// @notice A phase as the voucher signs it. Static fields only: the struct sits in calldata in
    /// place, so its words are hashed straight from calldata after the voucher's other fields.
    struct ClaimPhase {
        /// The phase's id (the server's); the per-wallet counter is kept per phase.
        bytes32 id;
        /// First second of the phase (block timestamp); 0: open from the start.
        uint64 start;
        /// First second after the phase; 0: no end.
        uint64 end;
        /// Tokens one wallet (the recipient) may mint in this phase; 0: no cap (and no counter write).
        uint32 walletCap;
        /// Root of an OpenZeppelin StandardMerkleTree of ["address"] leaves; zero: anyone.
        bytes32 allowlistRoot;
    }

    /// @notice A phased mint voucher: {NFTCode.mintSigned}'s fields, then the phase. All static, so the
    /// whole voucher sits in calldata in place, in the order of the signed MintPhased type.
    struct PhasedMint {
        address to;
        uint256 tokenId;
        uint256 price;
        address payoutAddress;
        bool disallowTransfers;
        uint256 deadline;
        ClaimPhase phase;
    }

    /// @custom:storage-location erc7201:metatag.storage.ClaimConditions
    struct ClaimStorage {
        mapping(bytes32 phase => mapping(address wallet => uint256)) minted;
    }

    // keccak256(abi.encode(uint256(keccak256("metatag.storage.ClaimConditions")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _CLAIM_STORAGE_SLOT = 0xfb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000;

    /// @notice The phase has not opened yet.
    error ClaimNotStarted(uint64 start);
    /// @notice The phase is over.
    error ClaimEnded(uint64 end);
    /// @notice The recipient is not on the phase's allowlist (or the proof is wrong).
    error NotAllowlisted(address wallet);
    /// @notice The recipient already minted the phase's per-wallet cap.
    error WalletCapReached(address wallet, uint32 cap);

    function _claimStorage() private pure returns (ClaimStorage storage $) {
        assembly {
            $.slot := _CLAIM_STORAGE_SLOT
        }
    }

    /// @notice How many tokens `wallet` minted in `phase` (counted only for phases with a cap).
    /// @param phase The phase id.
    /// @param wallet The recipient.
    /// @return The number minted.
    function phaseMinted(bytes32 phase, address wallet) external view returns (uint256) {
        return _claimStorage().minted[phase][wallet];
    }

    /// @dev Refuses a mint to `to` outside the phase's window, off its allowlist or over its cap, and
    /// counts the mint against the cap. The leaf is the StandardMerkleTree leaf of (address): the
    /// double keccak keeps a leaf from being read as an inner node.
    function _claim(ClaimPhase calldata phase, address to, bytes32[] calldata proof) internal {
        if (block.timestamp < phase.start) revert ClaimNotStarted(phase.start);
        uint64 end = phase.end;
        if (end != 0 && block.timestamp >= end) revert ClaimEnded(end);
        bytes32 root = phase.allowlistRoot;
        if (root != 0) {
            bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(to))));
            if (!MerkleProof.verifyCalldata(proof, root, leaf)) revert NotAllowlisted(to);
        }
        uint32 cap = phase.walletCap;
        if (cap != 0) {
            mapping(address => uint256) storage minted = _claimStorage().minted[phase.id];
            uint256 count = minted[to];
            if (count >= cap) revert WalletCapReached(to, cap);
            minted[to] = count + 1;
        }
    }
}
