// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title MetaTag tag relayer
/// @notice Runs an NFC-NFT record's pending transaction after a verified tag scan. MetaTag's server (the
/// {authorizer}) signs an EIP-712 authorization for one call, `target.call{value: value}(data)`, bound to
/// this contract on this chain, the call's target, calldata and value, a deadline and a one-time scan id.
/// Anyone may send it (the visitor's wallet, or MetaTag's relayer account when there is no value); a scan id
/// runs at most once. The call runs with this contract as `msg.sender`.
/// @dev Holds no ether: `msg.value` must equal the authorized value and is forwarded whole. The scan id is
/// marked used before the call, so the target cannot re-enter with the same authorization; a call that
/// reverts reverts the whole transaction (the scan id stays unused and the authorization can be sent again
/// until its deadline). No immutables: the runtime code is the same on every chain and every deployment.
contract TagRelayer is Ownable {
    /// @dev EIP-712 domain: a constant name and version; chain id and contract are bound per call.
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant _NAME_HASH = keccak256("MetaTag TagRelayer");
    bytes32 private constant _VERSION_HASH = keccak256("1");

    /// @notice The EIP-712 type the authorizer signs. `data` is hashed as EIP-712 hashes `bytes`
    /// (keccak256 of the calldata).
    bytes32 public constant AUTHORIZATION_TYPEHASH =
        keccak256("Authorization(bytes32 scanId,address target,bytes data,uint256 value,uint256 deadline)");

    /// @notice The account whose signature authorizes a call (MetaTag's relayer key); zero disables relaying.
    address public authorizer;

    /// @notice Whether a scan id has been executed.
    mapping(bytes32 scanId => bool) public used;

    /// @notice The authorizer changed.
    event AuthorizerChanged(address indexed previousAuthorizer, address indexed newAuthorizer);

    /// @notice A pending transaction ran: `sender` sent `value` wei with calldata hashing to `dataHash` to
    /// `target`, authorized for `scanId`. An indexer matches `scanId` (and `dataHash`) to the pending record.
    event PendingTransactionExecuted(
        bytes32 indexed scanId,
        address indexed target,
        address indexed sender,
        uint256 value,
        bytes32 dataHash
    );

    /// @notice The authorization's deadline (a block timestamp) has passed.
    error AuthorizationExpired(uint256 deadline);
    /// @notice The signature does not recover to the authorizer: wrong signer, chain, contract, altered
    /// field or malformed signature (EIP-712 cannot tell them apart). `recovered` is zero when unrecoverable.
    error InvalidSigner(address recovered);
    /// @notice The scan id has already been executed.
    error ScanIdUsed(bytes32 scanId);
    /// @notice `msg.value` differs from the authorized value.
    error IncorrectValue(uint256 expected, uint256 sent);
    /// @notice The target has no code: an authorized call would do nothing there and still "succeed".
    error TargetHasNoCode(address target);
    /// @notice The target reverted without revert data (its own revert data is passed on as it is).
    error PendingTransactionFailed(address target);

    /// @notice Deploys a relayer owned by the deployer.
    /// @param initialAuthorizer The account whose signatures authorize calls (MetaTag's relayer key).
    constructor(address initialAuthorizer) Ownable(msg.sender) {
        authorizer = initialAuthorizer;
        emit AuthorizerChanged(address(0), initialAuthorizer);
    }

    /// @notice Replaces the authorizer (a new relayer key); zero stops every relay. Only the owner.
    /// @dev Authorizations the previous authorizer signed stop working at once.
    /// @param newAuthorizer The new authorizer.
    function setAuthorizer(address newAuthorizer) external onlyOwner {
        emit AuthorizerChanged(authorizer, newAuthorizer);
        authorizer = newAuthorizer;
    }

    /// @notice Runs an authorized pending transaction: `target.call{value: value}(data)`.
    /// @dev Reverts with {AuthorizationExpired}, {IncorrectValue}, {InvalidSigner}, {ScanIdUsed},
    /// {TargetHasNoCode}; when the target reverts, with the target's own revert data (decode it with the
    /// target's ABI), or {PendingTransactionFailed} when it gave none. Emits {PendingTransactionExecuted}.
    /// @param target The contract to call.
    /// @param data The calldata of the call.
    /// @param value The wei to send with the call; `msg.value` must equal it.
    /// @param deadline Last valid block timestamp of the authorization.
    /// @param scanId The one-time id of the authorization.
    /// @param signature The authorizer's 65-byte EIP-712 signature of the fields above.
    /// @return returnData What the target returned.
    function execute(
        address target,
        bytes calldata data,
        uint256 value,
        uint256 deadline,
        bytes32 scanId,
        bytes calldata signature
    ) external payable returns (bytes memory returnData) {
        if (block.timestamp > deadline) revert AuthorizationExpired(deadline);
        if (msg.value != value) revert IncorrectValue(value, msg.value);
        bytes32 dataHash = keccak256(data);
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(
            _digest(scanId, target, dataHash, value, deadline),
            signature
        );
        if (failure != ECDSA.RecoverError.NoError || signer != authorizer) revert InvalidSigner(signer);
        if (used[scanId]) revert ScanIdUsed(scanId);
        if (target.code.length == 0) revert TargetHasNoCode(target);
        // Before the call: a re-entering target finds the scan id used.
        used[scanId] = true;

        bool success;
        (success, returnData) = target.call{value: value}(data);
        if (!success) {
            if (returnData.length == 0) revert PendingTransactionFailed(target);
            assembly ("memory-safe") {
                revert(add(returnData, 0x20), mload(returnData))
            }
        }
        emit PendingTransactionExecuted(scanId, target, msg.sender, value, dataHash);
    }

    /// @notice The EIP-712 digest the authorizer signs for {execute}.
    /// @param scanId The one-time id.
    /// @param target The contract to call.
    /// @param data The calldata of the call.
    /// @param value The wei sent with the call.
    /// @param deadline Last valid block timestamp.
    /// @return The digest.
    function hashAuthorization(
        bytes32 scanId,
        address target,
        bytes calldata data,
        uint256 value,
        uint256 deadline
    ) external view returns (bytes32) {
        return _digest(scanId, target, keccak256(data), value, deadline);
    }

    /// @notice The EIP-712 domain separator: name "MetaTag TagRelayer", version "1", this chain, this contract.
    /// @return The separator.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(_DOMAIN_TYPEHASH, _NAME_HASH, _VERSION_HASH, block.chainid, address(this)));
    }

    function _digest(
        bytes32 scanId,
        address target,
        bytes32 dataHash,
        uint256 value,
        uint256 deadline
    ) private view returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(AUTHORIZATION_TYPEHASH, scanId, target, dataHash, value, deadline));
        return MessageHashUtils.toTypedDataHash(domainSeparator(), structHash);
    }
}
