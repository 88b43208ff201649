// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ERC2981Upgradeable} from "@openzeppelin/contracts-upgradeable/token/common/ERC2981Upgradeable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Metadata} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Metadata.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IERC5192} from "./interfaces/IERC5192.sol";
import {INFTCodeInitializer} from "./interfaces/INFTCodeInitializer.sol";
import {ClaimConditions} from "./ClaimConditions.sol";

/// @title MetaTag NFT code
/// @notice The shared implementation behind every MetaTag collection. Collections are
/// {CollectionProxy} contracts that find this code through a {LibraryAddressLocator}, so pointing the
/// locator at new code upgrades every collection at once while each keeps its own storage.
/// @dev ERC-721 (without enumeration) with ERC-165, ERC-2981 royalties, ERC-4906 metadata events and
/// ERC-5192 locks. The ERC-721 core is written here instead of inherited from OpenZeppelin so that a
/// token is a single storage word (owner, transfer nonce, parent reference, flags): a signed mint writes
/// one token slot and one balance slot, a signed transfer needs no extra nonce slot and no approval
/// clean-up, and a batch of children writes one slot per 16 children (ERC721A-style lazy ownership).
/// All state lives in one ERC-7201 namespace so later versions of the code can append fields safely.
contract NFTCode is
    Initializable,
    OwnableUpgradeable,
    ERC2981Upgradeable,
    IERC721Metadata,
    IERC4906,
    IERC5192,
    IERC721Errors,
    INFTCodeInitializer,
    ClaimConditions
{
    using Strings for uint256;

    // ---------------------------------------------------------------------------------------------
    // Constants
    // ---------------------------------------------------------------------------------------------

    /// @notice Version of this NFT code; a collection reports the version it currently runs.
    uint256 public constant LIBRARY_VERSION = 2;

    /// @notice Child tokens get the ids CHILD_ID_BASE + 1, CHILD_ID_BASE + 2, ... (the top bit set).
    /// @dev Ids at or above this value are reserved: `mint` and signed mints refuse them.
    uint256 public constant CHILD_ID_BASE = 1 << 255;

    /// @notice The largest `amount` accepted by {mintChildBatch} in one transaction.
    uint256 public constant MAX_CHILD_BATCH = 500;

    /// @dev EIP-712 domain: a constant name and version; chain id and contract are bound per call.
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant _NAME_HASH = keccak256("MetaTag");
    bytes32 private constant _VERSION_HASH = keccak256("1");

    /// @dev The order of the fields equals the order of the matching function parameters after
    /// v, r, s: the signed functions hash their calldata directly (see {_calldataStructHash}).
    bytes32 private constant _MINT_TYPEHASH =
        keccak256(
            "Mint(address to,uint256 tokenId,uint256 price,address payoutAddress,bool disallowTransfers,"
            "uint256 deadline)"
        );
    bytes32 private constant _MINT_WITH_LIMIT_TYPEHASH =
        keccak256(
            "MintWithLimit(address to,uint256 tokenId,uint256 price,address payoutAddress,bool disallowTransfers,"
            "uint256 deadline,uint64 limit)"
        );
    bytes32 private constant _TRANSFER_TYPEHASH =
        keccak256("Transfer(address to,uint256 tokenId,uint32 nonce,uint256 deadline)");

    // Layout of a token word: owner (bits 0-159) | nonce (160-191) | parent index (192-247) | flags.
    uint256 private constant _OWNER_MASK = (1 << 160) - 1;
    uint256 private constant _NONCE_ONE = 1 << 160;
    uint256 private constant _NONCE_MASK = ((1 << 32) - 1) << 160;
    uint256 private constant _PARENT_SHIFT = 192;
    uint256 private constant _PARENT_MASK = ((1 << 56) - 1) << 192;
    uint256 private constant _BURNED = 1 << 248;
    uint256 private constant _LOCKED = 1 << 249;
    uint256 private constant _CONNECTED = 1 << 250;
    /// @dev What an implicit (lazily owned) child inherits from the nearest written slot before it.
    uint256 private constant _INHERITED = _OWNER_MASK | _PARENT_MASK;
    /// @dev A child batch writes its owner word every this many children to bound ownership look-ups.
    uint256 private constant _CHECKPOINT_MASK = 15;

    // Layout of the roles word: minter (bits 0-159) | totalSupply (160-255). Every mint reads the minter
    // (signature or caller check), so the supply in the same word costs a mint one write and no read.
    uint256 private constant _MINTER_MASK = (1 << 160) - 1;
    uint256 private constant _SUPPLY_SHIFT = 160;
    uint256 private constant _SUPPLY_ONE = 1 << 160;

    // ---------------------------------------------------------------------------------------------
    // Storage (ERC-7201)
    // ---------------------------------------------------------------------------------------------

    struct TokenApproval {
        address approved;
        uint32 nonce; // the token nonce when approved; a transfer bumps the nonce and voids the approval
    }

    struct ParentData {
        uint64 limit;
        uint64 minted;
        uint56 index; // 1-based index into `parentIds`, assigned at the first child batch
    }

    /// @custom:storage-location erc7201:metatag.storage.NFTCode
    struct NFTStorage {
        uint256 roles; // minter | totalSupply << 160 (see _SUPPLY_SHIFT)
        uint128 childCount;
        uint128 parentCount;
        string name;
        string symbol;
        string baseURI;
        mapping(uint256 tokenId => uint256) tokens;
        mapping(address owner => uint256) balances;
        mapping(uint256 tokenId => TokenApproval) approvals;
        mapping(address owner => mapping(address operator => bool)) operators;
        mapping(uint256 tokenId => ParentData) parents;
        mapping(uint256 parentIndex => uint256 tokenId) parentIds;
        mapping(uint256 tokenId => string) tokenURIs;
    }

    // keccak256(abi.encode(uint256(keccak256("metatag.storage.NFTCode")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_SLOT = 0xd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000;

    function _storage() private pure returns (NFTStorage storage $) {
        assembly {
            $.slot := _STORAGE_SLOT
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Events and errors
    // ---------------------------------------------------------------------------------------------

    /// @notice The minter changed.
    event MinterChanged(address indexed previousMinter, address indexed newMinter);
    /// @notice A token's child limit was set.
    event NewLimit(uint256 indexed tokenId, uint256 limit);
    /// @notice A child token was minted from a parent.
    event MintChild(address indexed owner, uint256 indexed child, uint256 indexed parent);
    /// @notice A token was marked as connected to (or disconnected from) a physical tag.
    event ConnectedToTag(uint256 indexed tokenId, bool status);
    /// @notice The collection name changed.
    event NameChanged(string name);
    /// @notice The collection symbol changed.
    event SymbolChanged(string symbol);

    /// @notice The caller is not the minter.
    error NotMinter(address caller);
    /// @notice The caller is not the owner of the token.
    error NotTokenOwner(address caller, uint256 tokenId);
    /// @notice The caller is neither the token owner nor the minter.
    error NotTokenOwnerOrMinter(address caller, uint256 tokenId);
    /// @notice The token id was minted before (it may have been burned since).
    error TokenAlreadyMinted(uint256 tokenId);
    /// @notice Ids with the top bit set are reserved for child tokens.
    error ReservedTokenId(uint256 tokenId);
    /// @notice The token is locked (ERC-5192) and cannot move.
    error TokenLocked(uint256 tokenId);
    /// @notice The authorization's deadline has passed.
    error AuthorizationExpired(uint256 deadline);
    /// @notice The authorization was not signed by the minter for this chain, contract and data.
    error InvalidSigner(address recovered);
    /// @notice The transfer authorization was already used (the token moved since it was signed).
    error AuthorizationUsed();
    /// @notice The value sent differs from the signed price.
    error IncorrectPayment(uint256 expected, uint256 sent);
    /// @notice A price was signed without a payout address.
    error InvalidPayoutAddress();
    /// @notice The payout address refused the payment.
    error PaymentFailed(address payoutAddress);
    /// @notice A child batch amount of zero or above MAX_CHILD_BATCH.
    error InvalidBatchAmount(uint256 amount);
    /// @notice The parent has fewer children left than requested.
    error ChildLimitExceeded(uint256 parent, uint256 available, uint256 requested);
    /// @notice A limit below the number of children already minted.
    error LimitBelowMinted(uint256 tokenId, uint256 minted, uint256 limit);
    /// @notice The token has no parent.
    error NotAChild(uint256 tokenId);

    // ---------------------------------------------------------------------------------------------
    // Set-up and roles
    // ---------------------------------------------------------------------------------------------

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets up a new collection (called once, by the collection proxy's constructor).
    /// @param name_ The collection name.
    /// @param symbol_ The collection symbol.
    /// @param owner_ The collection owner; also becomes the first minter.
    function initialize(string calldata name_, string calldata symbol_, address owner_) external initializer {
        __Ownable_init(owner_);
        __ERC2981_init();
        NFTStorage storage $ = _storage();
        $.name = name_;
        $.symbol = symbol_;
        $.roles = uint160(owner_);
        emit MinterChanged(address(0), owner_);
    }

    /// @dev Reverts unless the caller is the minter; returns the roles word (minter and supply).
    function _requireMinter(NFTStorage storage $) private view returns (uint256 roles) {
        roles = $.roles;
        if (msg.sender != address(uint160(roles))) revert NotMinter(msg.sender);
    }

    /// @notice The account that mints, sets limits and signs mint and transfer authorizations.
    /// @return The minter address.
    function minter() external view returns (address) {
        return address(uint160(_storage().roles));
    }

    /// @notice Replaces the minter. Authorizations signed by the previous minter stop working.
    /// @dev Only the collection owner. Emits {MinterChanged}.
    /// @param newMinter The new minter (the zero address disables minting).
    function setMinter(address newMinter) external onlyOwner {
        NFTStorage storage $ = _storage();
        uint256 roles = $.roles;
        emit MinterChanged(address(uint160(roles)), newMinter);
        $.roles = (roles & ~_MINTER_MASK) | uint160(newMinter);
    }

    /// @notice The version of the NFT code this collection currently runs.
    /// @return The library version.
    function libraryVersion() external pure virtual returns (uint256) {
        return LIBRARY_VERSION;
    }

    // ---------------------------------------------------------------------------------------------
    // Metadata
    // ---------------------------------------------------------------------------------------------

    /// @notice The collection name.
    /// @return The name.
    function name() external view returns (string memory) {
        return _storage().name;
    }

    /// @notice The collection symbol.
    /// @return The symbol.
    function symbol() external view returns (string memory) {
        return _storage().symbol;
    }

    /// @notice The base of every token URI: tokenURI(id) is base + id, unless the token has its own URI.
    /// @return The base URI.
    function base() external view returns (string memory) {
        return _storage().baseURI;
    }

    /// @notice Renames the collection. Only the collection owner. Emits {NameChanged}.
    /// @param newName The new name.
    function setName(string calldata newName) external onlyOwner {
        _storage().name = newName;
        emit NameChanged(newName);
    }

    /// @notice Changes the collection symbol. Only the collection owner. Emits {SymbolChanged}.
    /// @param newSymbol The new symbol.
    function setSymbol(string calldata newSymbol) external onlyOwner {
        _storage().symbol = newSymbol;
        emit SymbolChanged(newSymbol);
    }

    /// @notice Sets the base URI. Only the collection owner. Emits ERC-4906 {BatchMetadataUpdate} for all ids.
    /// @param newBase The new base URI.
    function setBase(string calldata newBase) external onlyOwner {
        _storage().baseURI = newBase;
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// @notice Gives one token its own URI (an empty string returns it to base + id).
    /// @dev Only the collection owner. Emits ERC-4906 {MetadataUpdate}.
    /// @param tokenId The token.
    /// @param uri The token's URI.
    function setTokenURI(uint256 tokenId, string calldata uri) external onlyOwner {
        _requireExisting(_storage(), tokenId);
        _storage().tokenURIs[tokenId] = uri;
        emit MetadataUpdate(tokenId);
    }

    /// @notice The metadata URI of a token. Reverts for a token that does not exist.
    /// @param tokenId The token.
    /// @return Its own URI if set, otherwise base + id, or an empty string when there is no base.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        NFTStorage storage $ = _storage();
        _requireExisting($, tokenId);
        string memory own = $.tokenURIs[tokenId];
        if (bytes(own).length != 0) return own;
        string memory baseURI = $.baseURI;
        return bytes(baseURI).length == 0 ? "" : string.concat(baseURI, tokenId.toString());
    }

    /// @notice Sets the royalty every token pays by default (ERC-2981). Only the collection owner.
    /// @param receiver Who receives royalties.
    /// @param feeNumerator The fee in basis points (10000 = 100%).
    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyOwner {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    /// @notice Removes the default royalty. Only the collection owner.
    function deleteDefaultRoyalty() external onlyOwner {
        _deleteDefaultRoyalty();
    }

    /// @notice Sets the royalty of one token, overriding the default. Only the collection owner.
    /// @param tokenId The token.
    /// @param receiver Who receives royalties.
    /// @param feeNumerator The fee in basis points (10000 = 100%).
    function setTokenRoyalty(uint256 tokenId, address receiver, uint96 feeNumerator) external onlyOwner {
        _setTokenRoyalty(tokenId, receiver, feeNumerator);
    }

    /// @notice Returns a token to the default royalty. Only the collection owner.
    /// @param tokenId The token.
    function resetTokenRoyalty(uint256 tokenId) external onlyOwner {
        _resetTokenRoyalty(tokenId);
    }

    /// @notice ERC-165: ERC-721, ERC-721 metadata, ERC-2981, ERC-4906, ERC-5192 and ERC-165 itself.
    /// @param interfaceId The interface identifier.
    /// @return Whether the interface is supported.
    function supportsInterface(
        bytes4 interfaceId
    ) public view override(ERC2981Upgradeable, IERC165) returns (bool) {
        return
            interfaceId == type(IERC721).interfaceId ||
            interfaceId == type(IERC721Metadata).interfaceId ||
            interfaceId == bytes4(0x49064906) || // ERC-4906
            interfaceId == type(IERC5192).interfaceId ||
            super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------------------------------------
    // ERC-721 reads
    // ---------------------------------------------------------------------------------------------

    /// @notice The number of tokens in existence (minted minus burned).
    /// @return The supply.
    function totalSupply() external view returns (uint256) {
        return _storage().roles >> _SUPPLY_SHIFT;
    }

    /// @notice The number of tokens an account owns.
    /// @param owner_ The account (not the zero address).
    /// @return The balance.
    function balanceOf(address owner_) external view returns (uint256) {
        if (owner_ == address(0)) revert ERC721InvalidOwner(address(0));
        return _storage().balances[owner_];
    }

    /// @notice The owner of a token. Reverts for a token that does not exist.
    /// @param tokenId The token.
    /// @return The owner.
    function ownerOf(uint256 tokenId) external view returns (address) {
        return address(uint160(_requireExisting(_storage(), tokenId)));
    }

    /// @notice Whether a token exists (minted and not burned).
    /// @param tokenId The token.
    /// @return True when it exists.
    function exists(uint256 tokenId) external view returns (bool) {
        uint256 packed = _packed(_storage(), tokenId);
        return packed != 0 && packed & _BURNED == 0;
    }

    /// @notice The account approved for one token, or zero. Reverts for a token that does not exist.
    /// @param tokenId The token.
    /// @return The approved account.
    function getApproved(uint256 tokenId) external view returns (address) {
        NFTStorage storage $ = _storage();
        return _approvedOf($, tokenId, _requireExisting($, tokenId));
    }

    /// @notice Whether an operator may manage every token of an owner.
    /// @param owner_ The owner.
    /// @param operator The operator.
    /// @return The approval status.
    function isApprovedForAll(address owner_, address operator) public view returns (bool) {
        return _storage().operators[owner_][operator];
    }

    // ---------------------------------------------------------------------------------------------
    // ERC-721 writes
    // ---------------------------------------------------------------------------------------------

    /// @notice Approves an account to transfer one token. The approval ends when the token moves.
    /// @dev By the token owner or one of its operators. Emits {Approval}.
    /// @param to The approved account (zero clears the approval).
    /// @param tokenId The token.
    function approve(address to, uint256 tokenId) external {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        address owner_ = address(uint160(packed));
        if (msg.sender != owner_ && !$.operators[owner_][msg.sender]) revert ERC721InvalidApprover(msg.sender);
        $.approvals[tokenId] = TokenApproval(to, uint32(packed >> 160));
        emit Approval(owner_, to, tokenId);
    }

    /// @notice Lets (or stops) an operator manage every token of the caller. Emits {ApprovalForAll}.
    /// @param operator The operator (not the zero address).
    /// @param approved The status.
    function setApprovalForAll(address operator, bool approved) external {
        if (operator == address(0)) revert ERC721InvalidOperator(address(0));
        _storage().operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    /// @notice Moves a token. By its owner, an operator of the owner or the approved account.
    /// @dev Reverts for a locked token. Emits {Transfer}.
    /// @param from The current owner.
    /// @param to The recipient (not the zero address).
    /// @param tokenId The token.
    function transferFrom(address from, address to, uint256 tokenId) public {
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        address owner_ = address(uint160(packed));
        if (
            msg.sender != owner_ &&
            !$.operators[owner_][msg.sender] &&
            _approvedOf($, tokenId, packed) != msg.sender
        ) revert ERC721InsufficientApproval(msg.sender, tokenId);
        if (owner_ != from) revert ERC721IncorrectOwner(from, tokenId, owner_);
        if (packed & _LOCKED != 0) revert TokenLocked(tokenId);
        _move($, owner_, to, tokenId, packed);
    }

    /// @notice Moves a token and checks that a contract recipient accepts ERC-721 tokens.
    /// @param from The current owner.
    /// @param to The recipient.
    /// @param tokenId The token.
    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    /// @notice Moves a token and checks that a contract recipient accepts ERC-721 tokens.
    /// @param from The current owner.
    /// @param to The recipient.
    /// @param tokenId The token.
    /// @param data Passed to the recipient's onERC721Received.
    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        ERC721Utils.checkOnERC721Received(msg.sender, from, to, tokenId, data);
    }

    /// @notice Destroys a token. By its owner, an operator of the owner or the approved account.
    /// @dev A burned id can never be minted again (a mint authorization works once). Reverts for a
    /// locked token. Emits {Transfer} to the zero address.
    /// @param tokenId The token.
    function burn(uint256 tokenId) external {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        address owner_ = address(uint160(packed));
        if (
            msg.sender != owner_ &&
            !$.operators[owner_][msg.sender] &&
            _approvedOf($, tokenId, packed) != msg.sender
        ) revert ERC721InsufficientApproval(msg.sender, tokenId);
        _burn($, owner_, tokenId, packed);
    }

    // ---------------------------------------------------------------------------------------------
    // Minting by the minter
    // ---------------------------------------------------------------------------------------------

    /// @notice Mints a token. Only the minter. Emits {Transfer}.
    /// @param to The recipient.
    /// @param tokenId The new token id (below CHILD_ID_BASE, never minted before).
    function mint(address to, uint256 tokenId) external {
        NFTStorage storage $ = _storage();
        _mint($, _requireMinter($), to, tokenId, false);
    }

    /// @notice Mints a token that may have up to `limit` children. Only the minter.
    /// @dev Emits {Transfer} and {NewLimit}.
    /// @param to The recipient.
    /// @param tokenId The new token id.
    /// @param limit How many children the token's owner may mint with {mintChildBatch}.
    function mintWithLimit(address to, uint256 tokenId, uint64 limit) external {
        NFTStorage storage $ = _storage();
        _mint($, _requireMinter($), to, tokenId, false);
        _setLimit($, tokenId, limit);
    }

    /// @notice Sets how many children a token may have in total. Only the minter. Emits {NewLimit}.
    /// @param tokenId An existing token.
    /// @param limit The new limit (not below the children already minted).
    function setLimit(uint256 tokenId, uint64 limit) external {
        NFTStorage storage $ = _storage();
        _requireMinter($);
        _requireExisting($, tokenId);
        _setLimit($, tokenId, limit);
    }

    // ---------------------------------------------------------------------------------------------
    // Signed mint and signed transfer (EIP-712 authorizations from the minter)
    // ---------------------------------------------------------------------------------------------

    /// @notice Mints with an authorization signed by the minter; anyone may send it.
    /// @dev The EIP-712 message is Mint(to, tokenId, price, payoutAddress, disallowTransfers, deadline)
    /// in the domain {name: "MetaTag", version: "1", chainId, verifyingContract: this collection}.
    /// The token id is the nonce: it can be minted once. `msg.value` must equal `price`, which goes to
    /// `payoutAddress`. Emits {Transfer} and, when `disallowTransfers`, ERC-5192 {Locked}.
    /// @param v Signature recovery id.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @param to The recipient.
    /// @param tokenId The new token id.
    /// @param price The price in wei to send with the call.
    /// @param payoutAddress Who receives the price (may be zero when the price is zero).
    /// @param disallowTransfers Whether the token is minted locked.
    /// @param deadline Last valid block timestamp.
    function mintSigned(
        uint8 v,
        bytes32 r,
        bytes32 s,
        address to,
        uint256 tokenId,
        uint256 price,
        address payoutAddress,
        bool disallowTransfers,
        uint256 deadline
    ) external payable {
        NFTStorage storage $ = _storage();
        uint256 roles = _checkMintAuthorization($, _MINT_TYPEHASH, 6, v, r, s, price, deadline);
        _mint($, roles, to, tokenId, disallowTransfers);
        _pay(payoutAddress, price);
    }

    /// @notice Like {mintSigned}, and the new token may have up to `limit` children.
    /// @dev The EIP-712 message is MintWithLimit(to, tokenId, price, payoutAddress, disallowTransfers,
    /// deadline, limit). Emits {Transfer}, {NewLimit} and, when `disallowTransfers`, {Locked}.
    /// @param v Signature recovery id.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @param to The recipient.
    /// @param tokenId The new token id.
    /// @param price The price in wei to send with the call.
    /// @param payoutAddress Who receives the price.
    /// @param disallowTransfers Whether the token is minted locked.
    /// @param deadline Last valid block timestamp.
    /// @param limit How many children the token may have.
    function mintSignedWithLimit(
        uint8 v,
        bytes32 r,
        bytes32 s,
        address to,
        uint256 tokenId,
        uint256 price,
        address payoutAddress,
        bool disallowTransfers,
        uint256 deadline,
        uint64 limit
    ) external payable {
        NFTStorage storage $ = _storage();
        uint256 roles = _checkMintAuthorization($, _MINT_WITH_LIMIT_TYPEHASH, 7, v, r, s, price, deadline);
        _mint($, roles, to, tokenId, disallowTransfers);
        _setLimit($, tokenId, limit);
        _pay(payoutAddress, price);
    }

    /// @notice Moves a token to `to` with an authorization signed by the minter (the chip-gated claim):
    /// neither the caller nor `to` needs an approval. Refuses a locked token.
    /// @dev The EIP-712 message is Transfer(to, tokenId, nonce, deadline) where nonce is the token's
    /// {transferNonce}; every transfer bumps it, so an authorization works once and dies when the token
    /// moves. Emits {Transfer}.
    /// @param v Signature recovery id.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @param to The recipient.
    /// @param tokenId The token.
    /// @param deadline Last valid block timestamp.
    function transferSigned(uint8 v, bytes32 r, bytes32 s, address to, uint256 tokenId, uint256 deadline) external {
        if (block.timestamp > deadline) revert AuthorizationExpired(deadline);
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        if (packed & _LOCKED != 0) revert TokenLocked(tokenId);
        uint32 nonce = uint32(packed >> 160);
        address signer = _recover(_transferDigest(to, tokenId, nonce, deadline), v, r, s);
        address minter_ = address(uint160($.roles));
        if (signer == address(0) || signer != minter_) {
            // Name the common mistake: replaying an authorization that was just used (this token's
            // previous nonce). Costs an extra recovery, but only on the failure path.
            if (
                signer != address(0) &&
                nonce != 0 &&
                _recover(_transferDigest(to, tokenId, nonce - 1, deadline), v, r, s) == minter_
            ) revert AuthorizationUsed();
            revert InvalidSigner(signer);
        }
        _move($, address(uint160(packed)), to, tokenId, packed);
    }

    /// @notice The EIP-712 digest the minter signs for {mintSigned}.
    /// @param to The recipient.
    /// @param tokenId The new token id.
    /// @param price The price in wei.
    /// @param payoutAddress Who receives the price.
    /// @param disallowTransfers Whether the token is minted locked.
    /// @param deadline Last valid block timestamp.
    /// @return The digest.
    function getMintHash(
        address to,
        uint256 tokenId,
        uint256 price,
        address payoutAddress,
        bool disallowTransfers,
        uint256 deadline
    ) external view returns (bytes32) {
        return
            _typedDigest(
                keccak256(abi.encode(_MINT_TYPEHASH, to, tokenId, price, payoutAddress, disallowTransfers, deadline))
            );
    }

    /// @notice The EIP-712 digest the minter signs for {mintSignedWithLimit}.
    /// @param to The recipient.
    /// @param tokenId The new token id.
    /// @param price The price in wei.
    /// @param payoutAddress Who receives the price.
    /// @param disallowTransfers Whether the token is minted locked.
    /// @param deadline Last valid block timestamp.
    /// @param limit How many children the token may have.
    /// @return The digest.
    function getMintWithLimitHash(
        address to,
        uint256 tokenId,
        uint256 price,
        address payoutAddress,
        bool disallowTransfers,
        uint256 deadline,
        uint64 limit
    ) external view returns (bytes32) {
        return
            _typedDigest(
                keccak256(
                    abi.encode(
                        _MINT_WITH_LIMIT_TYPEHASH,
                        to,
                        tokenId,
                        price,
                        payoutAddress,
                        disallowTransfers,
                        deadline,
                        limit
                    )
                )
            );
    }

    /// @notice The EIP-712 digest the minter signs for {transferSigned}, for the token's current nonce.
    /// @param to The recipient.
    /// @param tokenId The token.
    /// @param deadline Last valid block timestamp.
    /// @return The digest.
    function getTransferHash(address to, uint256 tokenId, uint256 deadline) external view returns (bytes32) {
        return _transferDigest(to, tokenId, uint32(_packed(_storage(), tokenId) >> 160), deadline);
    }

    /// @notice The token's transfer nonce, part of the signed transfer message.
    /// @param tokenId The token.
    /// @return The nonce (0 for a token that never moved).
    function transferNonce(uint256 tokenId) external view returns (uint32) {
        return uint32(_packed(_storage(), tokenId) >> 160);
    }

    /// @notice The EIP-712 domain separator of this collection on this chain.
    /// @return The domain separator.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(_DOMAIN_TYPEHASH, _NAME_HASH, _VERSION_HASH, block.chainid, address(this)));
    }

    // ---------------------------------------------------------------------------------------------
    // Claim conditions (issue #32 item 3): the phased signed mint
    // ---------------------------------------------------------------------------------------------

    /// @dev A new type rather than new fields in Mint: vouchers signed as Mint keep working unchanged
    /// (a template without phases still gets them). The phase's fields follow `deadline` in the order
    /// of {ClaimConditions.ClaimPhase}, which the ABI places in calldata right after `deadline`.
    bytes32 private constant _MINT_PHASED_TYPEHASH =
        keccak256(
            "MintPhased(address to,uint256 tokenId,uint256 price,address payoutAddress,bool disallowTransfers,"
            "uint256 deadline,bytes32 phase,uint64 start,uint64 end,uint32 walletCap,bytes32 allowlistRoot)"
        );

    /// @notice Like {mintSigned}, for a template's claim phase: also refuses outside the phase's window,
    /// to a recipient off its allowlist, or past its per-wallet cap (see {ClaimConditions}).
    /// @dev The EIP-712 message is MintPhased(to, tokenId, price, payoutAddress, disallowTransfers,
    /// deadline, phase, start, end, walletCap, allowlistRoot): the fields of `voucher` in order, flat (a
    /// static struct sits in calldata in place, so they are hashed straight from calldata). The proof
    /// is not signed: it proves `to` against the signed root. Emits {Transfer} and, when
    /// `disallowTransfers`, {Locked}.
    /// @param v Signature recovery id.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @param voucher The voucher: recipient (the wallet the cap and allowlist apply to), token id, price,
    /// payout address, lock flag, deadline and the phase's conditions.
    /// @param proof Merkle proof of `voucher.to` in the phase's allowlist (empty when it has none).
    function mintSignedPhased(
        uint8 v,
        bytes32 r,
        bytes32 s,
        PhasedMint calldata voucher,
        bytes32[] calldata proof
    ) external payable {
        NFTStorage storage $ = _storage();
        uint256 price = voucher.price;
        uint256 roles = _checkMintAuthorization($, _MINT_PHASED_TYPEHASH, 11, v, r, s, price, voucher.deadline);
        address to = voucher.to;
        _claim(voucher.phase, to, proof);
        _mint($, roles, to, voucher.tokenId, voucher.disallowTransfers);
        _pay(voucher.payoutAddress, price);
    }

    /// @notice The EIP-712 digest the minter signs for {mintSignedPhased}.
    /// @param voucher The voucher.
    /// @return The digest.
    function getMintPhasedHash(PhasedMint calldata voucher) external view returns (bytes32) {
        return _typedDigest(keccak256(abi.encode(_MINT_PHASED_TYPEHASH, voucher)));
    }

    // ---------------------------------------------------------------------------------------------
    // Limited editions
    // ---------------------------------------------------------------------------------------------

    /// @notice How many children a token may have in total.
    /// @param tokenId The parent token.
    /// @return The limit (0 when none was set).
    function limitPerUid(uint256 tokenId) external view returns (uint256) {
        return _storage().parents[tokenId].limit;
    }

    /// @notice How many children a token has minted so far.
    /// @param tokenId The parent token.
    /// @return The number minted.
    function mintedChildren(uint256 tokenId) external view returns (uint256) {
        return _storage().parents[tokenId].minted;
    }

    /// @notice How many children a token may still mint.
    /// @param tokenId The parent token.
    /// @return The limit minus the children already minted.
    function availableChildren(uint256 tokenId) external view returns (uint256) {
        ParentData storage d = _storage().parents[tokenId];
        return d.limit - d.minted;
    }

    /// @notice Mints `amount` children of `parent` to the caller, who must own the parent.
    /// @dev Children get consecutive ids above CHILD_ID_BASE. Emits {Transfer} and {MintChild} per child.
    /// @param parent The parent token.
    /// @param amount How many children, 1 to MAX_CHILD_BATCH and at most the parent's available count.
    function mintChildBatch(uint256 parent, uint256 amount) external {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, parent);
        if (address(uint160(packed)) != msg.sender) revert NotTokenOwner(msg.sender, parent);
        if (amount == 0 || amount > MAX_CHILD_BATCH) revert InvalidBatchAmount(amount);
        ParentData memory d = $.parents[parent];
        uint256 available = d.limit - d.minted;
        if (amount > available) revert ChildLimitExceeded(parent, available, amount);

        uint256 first = CHILD_ID_BASE + $.childCount + 1;
        if (d.index == 0) {
            d.index = uint56(++$.parentCount);
            $.parentIds[d.index] = parent;
        }
        unchecked {
            // amount <= available <= limit < 2^64, so none of these can overflow.
            d.minted += uint64(amount);
            $.childCount += uint128(amount);
            $.roles += amount << _SUPPLY_SHIFT;
            $.balances[msg.sender] += amount;
        }
        $.parents[parent] = d;

        uint256 head = uint256(uint160(msg.sender)) | (uint256(d.index) << _PARENT_SHIFT);
        unchecked {
            for (uint256 i; i < amount; ++i) {
                uint256 child = first + i;
                if (i & _CHECKPOINT_MASK == 0) $.tokens[child] = head;
                emit Transfer(address(0), msg.sender, child);
                emit MintChild(msg.sender, child, parent);
            }
        }
    }

    /// @notice The parent of a child token. Reverts for a token that does not exist or has no parent.
    /// @param child The child token.
    /// @return The parent token id.
    function whoIsFather(uint256 child) external view returns (uint256) {
        NFTStorage storage $ = _storage();
        uint256 index = (_requireExisting($, child) & _PARENT_MASK) >> _PARENT_SHIFT;
        if (index == 0) revert NotAChild(child);
        return $.parentIds[index];
    }

    // ---------------------------------------------------------------------------------------------
    // Locks (ERC-5192) and tags
    // ---------------------------------------------------------------------------------------------

    /// @notice Whether a token is locked (cannot be transferred or burned). Reverts if it does not exist.
    /// @param tokenId The token.
    /// @return The lock status.
    function locked(uint256 tokenId) external view returns (bool) {
        return _requireExisting(_storage(), tokenId) & _LOCKED != 0;
    }

    /// @notice Locks a token: it cannot be transferred until its owner unlocks it. Only the token owner.
    /// @dev Emits ERC-5192 {Locked} when the status changes.
    /// @param tokenId The token.
    function disallowTokenTransfers(uint256 tokenId) external {
        _setLocked(tokenId, true);
    }

    /// @notice Unlocks a token. Only the token owner. Emits ERC-5192 {Unlocked} when the status changes.
    /// @param tokenId The token.
    function allowTokenTransfers(uint256 tokenId) external {
        _setLocked(tokenId, false);
    }

    /// @notice Locks or unlocks a token. Only the token owner.
    /// @param tokenId The token.
    /// @param status True to lock, false to unlock.
    function setLocked(uint256 tokenId, bool status) external {
        _setLocked(tokenId, status);
    }

    /// @notice Records whether a token is connected to a physical tag. By the token owner or the minter.
    /// @dev Emits {ConnectedToTag}.
    /// @param tokenId The token.
    /// @param status True when connected.
    function setConnectToTag(uint256 tokenId, bool status) external {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        if (msg.sender != address(uint160(packed)) && msg.sender != address(uint160($.roles))) {
            revert NotTokenOwnerOrMinter(msg.sender, tokenId);
        }
        _writeToken($, tokenId, packed, status ? packed | _CONNECTED : packed & ~_CONNECTED);
        emit ConnectedToTag(tokenId, status);
    }

    /// @notice Whether a token is connected to a physical tag.
    /// @param tokenId The token.
    /// @return The status.
    function connectedToTag(uint256 tokenId) external view returns (bool) {
        return _requireExisting(_storage(), tokenId) & _CONNECTED != 0;
    }

    // =============================================================================================
    // Recovery and redemption (issue #32 items 1 and 5; library version 2)
    // Own ERC-7201 namespaces, so NFTStorage above is untouched and version 1 collections upgrade
    // in place: a collection that never used these functions reads zeros (recovery off, nothing
    // redeemed).
    // =============================================================================================

    /// @dev The recovery switch: off until the owner turns it on, off forever once turned off.
    uint8 private constant _RECOVERY_OFF = 0;
    uint8 private constant _RECOVERY_ALLOWED = 1;
    uint8 private constant _RECOVERY_RENOUNCED = 2;

    /// @notice The longest recovery reason, in bytes (it is logged, so the owner pays for every byte).
    uint256 public constant MAX_RECOVERY_REASON = 200;

    /// @custom:storage-location erc7201:metatag.storage.Recovery
    struct RecoveryStorage {
        uint8 policy; // _RECOVERY_OFF, _RECOVERY_ALLOWED or _RECOVERY_RENOUNCED
    }

    /// @custom:storage-location erc7201:metatag.storage.Redemption
    struct RedemptionStorage {
        mapping(uint256 tokenId => bool) redeemed;
    }

    // keccak256(abi.encode(uint256(keccak256("metatag.storage.Recovery")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _RECOVERY_SLOT = 0xcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c800;
    // keccak256(abi.encode(uint256(keccak256("metatag.storage.Redemption")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _REDEMPTION_SLOT =
        0x22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900;

    function _recovery() private pure returns (RecoveryStorage storage $) {
        assembly {
            $.slot := _RECOVERY_SLOT
        }
    }

    function _redemption() private pure returns (RedemptionStorage storage $) {
        assembly {
            $.slot := _REDEMPTION_SLOT
        }
    }

    /// @notice The collection owner allowed (true) or renounced (false) brand recovery.
    event RecoveryPolicyChanged(bool allowed);
    /// @notice The collection owner moved a token without its holder (a return, a theft, a lost wallet).
    event Recovered(uint256 indexed tokenId, address indexed from, address indexed to, string reason);
    /// @notice The holder spent a token for the template's redemption: burned it, or locked it forever.
    event Redeemed(uint256 indexed tokenId, address indexed holder, bool burned);

    /// @notice Brand recovery is off for this collection.
    error RecoveryNotAllowed();
    /// @notice Recovery can only be turned on before the first token exists and never after it was turned off.
    error RecoverySwitchLocked();
    /// @notice A recovery reason must be 1 to MAX_RECOVERY_REASON bytes.
    error InvalidRecoveryReason(uint256 length);
    /// @notice The token was redeemed: it cannot be redeemed again, unlocked or recovered.
    error TokenRedeemed(uint256 tokenId);

    /// @notice Whether the collection owner may recover tokens ({recover}). Buyers read it before buying.
    /// @return True when recovery is on.
    function recoveryAllowed() external view returns (bool) {
        return _recovery().policy == _RECOVERY_ALLOWED;
    }

    /// @notice Turns brand recovery on or off. Only the collection owner. Emits {RecoveryPolicyChanged}.
    /// @dev On only while no token exists (at deployment: no buyer can have bought under other terms);
    /// off at any time and for good. So a holder's terms can only get better after the purchase.
    /// @param allowed True to allow recovery, false to renounce it forever.
    function setRecoveryAllowed(bool allowed) external onlyOwner {
        RecoveryStorage storage r = _recovery();
        if (allowed) {
            if (r.policy == _RECOVERY_RENOUNCED || _storage().roles >> _SUPPLY_SHIFT != 0) {
                revert RecoverySwitchLocked();
            }
            r.policy = _RECOVERY_ALLOWED;
        } else {
            r.policy = _RECOVERY_RENOUNCED;
        }
        emit RecoveryPolicyChanged(allowed);
    }

    /// @notice Moves a token to `to` without its holder: the brand's override for a returned product,
    /// a reported theft or a lost wallet. Only the collection owner, only when {recoveryAllowed}.
    /// @dev Works on a locked token (the lock is the holder's veto against others, not against the brand's
    /// published recovery terms) and keeps its lock; refuses a redeemed token (it was spent). Bumps the
    /// transfer nonce, so approvals and signed transfers given before the recovery die.
    /// Emits {Transfer} and {Recovered}.
    /// @param tokenId The token.
    /// @param to The brand or the rightful holder (not the zero address, not the current holder).
    /// @param reason Why, 1 to MAX_RECOVERY_REASON bytes; logged for the token's public history.
    function recover(uint256 tokenId, address to, string calldata reason) external onlyOwner {
        if (_recovery().policy != _RECOVERY_ALLOWED) revert RecoveryNotAllowed();
        uint256 length = bytes(reason).length;
        if (length == 0 || length > MAX_RECOVERY_REASON) revert InvalidRecoveryReason(length);
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        address from = address(uint160(packed));
        if (to == address(0) || to == from) revert ERC721InvalidReceiver(to);
        if (_redemption().redeemed[tokenId]) revert TokenRedeemed(tokenId);
        _move($, from, to, tokenId, packed);
        emit Recovered(tokenId, from, to, reason);
    }

    /// @notice Whether a token was redeemed (it stays true after a burn).
    /// @param tokenId The token.
    /// @return True once redeemed.
    function redeemed(uint256 tokenId) external view returns (bool) {
        return _redemption().redeemed[tokenId];
    }

    /// @notice Spends a token for its template's redemption. Only the token holder; once per token.
    /// @dev `burnToken` burns it (refused while locked, like {burn}); otherwise it is locked forever
    /// (the limited editions' redeem, made final: {allowTokenTransfers} refuses it from now on).
    /// Emits {Redeemed}, and {Transfer} to zero or ERC-5192 {Locked}.
    /// @param tokenId The token.
    /// @param burnToken True to burn, false to lock forever.
    function redeem(uint256 tokenId, bool burnToken) external {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        if (address(uint160(packed)) != msg.sender) revert NotTokenOwner(msg.sender, tokenId);
        RedemptionStorage storage r = _redemption();
        if (r.redeemed[tokenId]) revert TokenRedeemed(tokenId);
        r.redeemed[tokenId] = true;
        if (burnToken) {
            _burn($, msg.sender, tokenId, packed);
        } else if (packed & _LOCKED == 0) {
            _writeToken($, tokenId, packed, packed | _LOCKED);
            emit Locked(tokenId);
        }
        emit Redeemed(tokenId, msg.sender, burnToken);
    }

    // ---------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------

    /// @dev `roles` is the roles word as read by the caller's minter check: the new supply is written
    /// from it, so the word is read once per mint.
    function _mint(NFTStorage storage $, uint256 roles, address to, uint256 tokenId, bool lock) private {
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        if (tokenId >= CHILD_ID_BASE) revert ReservedTokenId(tokenId);
        if ($.tokens[tokenId] != 0) revert TokenAlreadyMinted(tokenId);
        $.tokens[tokenId] = lock ? uint256(uint160(to)) | _LOCKED : uint256(uint160(to));
        unchecked {
            // Neither can overflow: the supply (96 bits) would need 2^96 mints first.
            $.balances[to] += 1;
            $.roles = roles + _SUPPLY_ONE;
        }
        emit Transfer(address(0), to, tokenId);
        if (lock) emit Locked(tokenId);
    }

    function _move(NFTStorage storage $, address from, address to, uint256 tokenId, uint256 packed) private {
        unchecked {
            $.balances[from] -= 1;
            $.balances[to] += 1;
        }
        _writeToken($, tokenId, packed, (_bumpNonce(packed) & ~_OWNER_MASK) | uint256(uint160(to)));
        emit Transfer(from, to, tokenId);
    }

    /// @dev Burns an existing token of `owner_` whose word is `packed`; refuses a locked token.
    function _burn(NFTStorage storage $, address owner_, uint256 tokenId, uint256 packed) private {
        if (packed & _LOCKED != 0) revert TokenLocked(tokenId);
        unchecked {
            $.balances[owner_] -= 1;
            $.roles -= _SUPPLY_ONE;
        }
        _writeToken($, tokenId, packed, _bumpNonce(packed) | _BURNED);
        emit Transfer(owner_, address(0), tokenId);
    }

    function _setLimit(NFTStorage storage $, uint256 tokenId, uint64 limit) private {
        ParentData storage d = $.parents[tokenId];
        if (limit < d.minted) revert LimitBelowMinted(tokenId, d.minted, limit);
        d.limit = limit;
        emit NewLimit(tokenId, limit);
    }

    function _setLocked(uint256 tokenId, bool status) private {
        NFTStorage storage $ = _storage();
        uint256 packed = _requireExisting($, tokenId);
        if (msg.sender != address(uint160(packed))) revert NotTokenOwner(msg.sender, tokenId);
        if ((packed & _LOCKED != 0) == status) return;
        // A token redeemed by locking stays locked forever (see {redeem}).
        if (!status && _redemption().redeemed[tokenId]) revert TokenRedeemed(tokenId);
        _writeToken($, tokenId, packed, packed ^ _LOCKED);
        if (status) emit Locked(tokenId);
        else emit Unlocked(tokenId);
    }

    function _pay(address payoutAddress, uint256 price) private {
        if (price == 0) return;
        if (payoutAddress == address(0)) revert InvalidPayoutAddress();
        (bool ok, ) = payoutAddress.call{value: price}("");
        if (!ok) revert PaymentFailed(payoutAddress);
    }

    /// @dev Checks deadline, payment and signer of a mint authorization whose fields are the `words`
    /// calldata words right after v, r, s (which the ABI decoder has already validated).
    function _checkMintAuthorization(
        NFTStorage storage $,
        bytes32 typehash,
        uint256 words,
        uint8 v,
        bytes32 r,
        bytes32 s,
        uint256 price,
        uint256 deadline
    ) private view returns (uint256 roles) {
        if (block.timestamp > deadline) revert AuthorizationExpired(deadline);
        if (msg.value != price) revert IncorrectPayment(price, msg.value);
        roles = $.roles;
        address signer = _recover(_typedDigest(_calldataStructHash(typehash, words)), v, r, s);
        if (signer == address(0) || signer != address(uint160(roles))) revert InvalidSigner(signer);
    }

    /// @dev keccak256(typehash ‖ the `words` 32-byte calldata words after v, r, s): the EIP-712 struct
    /// hash of static fields that appear in the calldata in the order of the type.
    function _calldataStructHash(bytes32 typehash, uint256 words) private pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typehash)
            calldatacopy(add(ptr, 0x20), 0x64, shl(5, words)) // 0x64: selector, v, r, s
            h := keccak256(ptr, add(0x20, shl(5, words)))
        }
    }

    function _transferDigest(
        address to,
        uint256 tokenId,
        uint32 nonce,
        uint256 deadline
    ) private view returns (bytes32) {
        return _typedDigest(keccak256(abi.encode(_TRANSFER_TYPEHASH, to, tokenId, nonce, deadline)));
    }

    /// @dev keccak256("\x19\x01" ‖ domainSeparator() ‖ structHash), hashed in free memory (not allocated).
    function _typedDigest(bytes32 structHash) private view returns (bytes32 digest) {
        bytes32 domainTypehash = _DOMAIN_TYPEHASH;
        bytes32 nameHash = _NAME_HASH;
        bytes32 versionHash = _VERSION_HASH;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, domainTypehash)
            mstore(add(ptr, 0x20), nameHash)
            mstore(add(ptr, 0x40), versionHash)
            mstore(add(ptr, 0x60), chainid())
            mstore(add(ptr, 0x80), address())
            let separator := keccak256(ptr, 0xa0)
            mstore(ptr, 0x1901)
            mstore(add(ptr, 0x20), separator)
            mstore(add(ptr, 0x40), structHash)
            digest := keccak256(add(ptr, 0x1e), 0x42)
        }
    }

    /// @dev The signer, or zero for a malformed signature; callers refuse zero, so a zero minter (minting
    /// disabled) never matches. No malleability check: replay protection does not rest on the digest.
    function _recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) private view returns (address signer) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, digest)
            mstore(add(ptr, 0x20), and(v, 0xff))
            mstore(add(ptr, 0x40), r)
            mstore(add(ptr, 0x60), s)
            // The ecrecover precompile returns nothing for a malformed signature (the output word keeps
            // whatever it held): take the word only when one came back.
            pop(staticcall(gas(), 0x01, ptr, 0x80, 0x00, 0x20))
            signer := mul(mload(0x00), eq(returndatasize(), 0x20))
        }
    }

    function _bumpNonce(uint256 packed) private pure returns (uint256) {
        unchecked {
            // Wraps after 2^32 transfers instead of spilling into the parent bits.
            return (packed & ~_NONCE_MASK) | ((packed + _NONCE_ONE) & _NONCE_MASK);
        }
    }

    function _approvedOf(NFTStorage storage $, uint256 tokenId, uint256 packed) private view returns (address) {
        TokenApproval memory a = $.approvals[tokenId];
        return a.nonce == uint32(packed >> 160) ? a.approved : address(0);
    }

    /// @dev The effective word of a token: its own slot, or for a child whose slot was never written,
    /// the owner and parent of the nearest written slot before it (the batch head or a checkpoint).
    function _packed(NFTStorage storage $, uint256 tokenId) private view returns (uint256 packed) {
        packed = $.tokens[tokenId];
        if (packed == 0 && tokenId > CHILD_ID_BASE && tokenId <= CHILD_ID_BASE + $.childCount) {
            unchecked {
                uint256 id = tokenId;
                do {
                    packed = $.tokens[--id];
                } while (packed == 0);
            }
            packed &= _INHERITED;
        }
    }

    function _requireExisting(NFTStorage storage $, uint256 tokenId) private view returns (uint256 packed) {
        packed = _packed($, tokenId);
        if (packed == 0 || packed & _BURNED != 0) revert ERC721NonexistentToken(tokenId);
    }

    /// @dev Writes a token word. A child's successor may be relying on this slot for its owner, so an
    /// unwritten successor inside the minted range first gets the word this token had.
    function _writeToken(NFTStorage storage $, uint256 tokenId, uint256 previous, uint256 next) private {
        $.tokens[tokenId] = next;
        if (previous & _PARENT_MASK != 0) {
            unchecked {
                uint256 successor = tokenId + 1;
                if ($.tokens[successor] == 0 && successor <= CHILD_ID_BASE + $.childCount) {
                    $.tokens[successor] = previous & _INHERITED;
                }
            }
        }
    }
}
