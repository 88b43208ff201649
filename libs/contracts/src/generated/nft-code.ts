// Generated from contracts/contracts/NFTCode.sol (solc 0.8.28) by contracts/scripts/generate-artifacts.ts.
// Do not edit: run `npm run generate -w contracts`.

export const nftCodeAbi = [
  {
    "inputs": [],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "AuthorizationExpired",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "AuthorizationUsed",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "available",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "requested",
        "type": "uint256"
      }
    ],
    "name": "ChildLimitExceeded",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "numerator",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "denominator",
        "type": "uint256"
      }
    ],
    "name": "ERC2981InvalidDefaultRoyalty",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC2981InvalidDefaultRoyaltyReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "numerator",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "denominator",
        "type": "uint256"
      }
    ],
    "name": "ERC2981InvalidTokenRoyalty",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC2981InvalidTokenRoyaltyReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "sender",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "ERC721IncorrectOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ERC721InsufficientApproval",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "approver",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidApprover",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidOperator",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "sender",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidSender",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ERC721NonexistentToken",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "expected",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "sent",
        "type": "uint256"
      }
    ],
    "name": "IncorrectPayment",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "name": "InvalidBatchAmount",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "InvalidInitialization",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "InvalidPayoutAddress",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "recovered",
        "type": "address"
      }
    ],
    "name": "InvalidSigner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "minted",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "limit",
        "type": "uint256"
      }
    ],
    "name": "LimitBelowMinted",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotAChild",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "NotInitializing",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      }
    ],
    "name": "NotMinter",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotTokenOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotTokenOwnerOrMinter",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "OwnableInvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "account",
        "type": "address"
      }
    ],
    "name": "OwnableUnauthorizedAccount",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      }
    ],
    "name": "PaymentFailed",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ReservedTokenId",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "TokenAlreadyMinted",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "TokenLocked",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "approved",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Approval",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "bool",
        "name": "approved",
        "type": "bool"
      }
    ],
    "name": "ApprovalForAll",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_fromTokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_toTokenId",
        "type": "uint256"
      }
    ],
    "name": "BatchMetadataUpdate",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "ConnectedToTag",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint64",
        "name": "version",
        "type": "uint64"
      }
    ],
    "name": "Initialized",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Locked",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_tokenId",
        "type": "uint256"
      }
    ],
    "name": "MetadataUpdate",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "child",
        "type": "uint256"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      }
    ],
    "name": "MintChild",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousMinter",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newMinter",
        "type": "address"
      }
    ],
    "name": "MinterChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "string",
        "name": "name",
        "type": "string"
      }
    ],
    "name": "NameChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "limit",
        "type": "uint256"
      }
    ],
    "name": "NewLimit",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousOwner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "OwnershipTransferred",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "string",
        "name": "symbol",
        "type": "string"
      }
    ],
    "name": "SymbolChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Transfer",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Unlocked",
    "type": "event"
  },
  {
    "inputs": [],
    "name": "CHILD_ID_BASE",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "LIBRARY_VERSION",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "MAX_CHILD_BATCH",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "allowTokenTransfers",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "approve",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "availableChildren",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      }
    ],
    "name": "balanceOf",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "base",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "burn",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "connectedToTag",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "deleteDefaultRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "disallowTokenTransfers",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "domainSeparator",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "exists",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "getApproved",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "getMintHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "getMintWithLimitHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "getTransferHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "name_",
        "type": "string"
      },
      {
        "internalType": "string",
        "name": "symbol_",
        "type": "string"
      },
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      }
    ],
    "name": "initialize",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      }
    ],
    "name": "isApprovedForAll",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryVersion",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "pure",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "limitPerUid",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "locked",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "mint",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "name": "mintChildBatch",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "mintSigned",
    "outputs": [],
    "stateMutability": "payable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "mintSignedWithLimit",
    "outputs": [],
    "stateMutability": "payable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "mintWithLimit",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "mintedChildren",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "minter",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "name",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "owner",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ownerOf",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "renounceOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "resetTokenRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "salePrice",
        "type": "uint256"
      }
    ],
    "name": "royaltyInfo",
    "outputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "safeTransferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bytes",
        "name": "data",
        "type": "bytes"
      }
    ],
    "name": "safeTransferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "approved",
        "type": "bool"
      }
    ],
    "name": "setApprovalForAll",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newBase",
        "type": "string"
      }
    ],
    "name": "setBase",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "setConnectToTag",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint96",
        "name": "feeNumerator",
        "type": "uint96"
      }
    ],
    "name": "setDefaultRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "setLimit",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "setLocked",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newMinter",
        "type": "address"
      }
    ],
    "name": "setMinter",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newName",
        "type": "string"
      }
    ],
    "name": "setName",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newSymbol",
        "type": "string"
      }
    ],
    "name": "setSymbol",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint96",
        "name": "feeNumerator",
        "type": "uint96"
      }
    ],
    "name": "setTokenRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "string",
        "name": "uri",
        "type": "string"
      }
    ],
    "name": "setTokenURI",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "bytes4",
        "name": "interfaceId",
        "type": "bytes4"
      }
    ],
    "name": "supportsInterface",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "symbol",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "tokenURI",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "totalSupply",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "transferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "transferNonce",
    "outputs": [
      {
        "internalType": "uint32",
        "name": "",
        "type": "uint32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "transferOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "transferSigned",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "child",
        "type": "uint256"
      }
    ],
    "name": "whoIsFather",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  }
] as const;

/** Creation bytecode (constructor arguments are appended by encodeDeployData). */
export const nftCodeBytecode: `0x${string}` = '0x6080604052348015600e575f5ffd5b5060156019565b60c9565b7ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00805468010000000000000000900460ff161560685760405163f92ee8a960e01b815260040160405180910390fd5b80546001600160401b039081161460c65780546001600160401b0319166001600160401b0390811782556040519081527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50565b61493c806100d65f395ff3fe608060405260043610610371575f3560e01c80636e303cad116101c8578063b88d4fde116100fd578063dfb4b1fd1161009d578063f2fde38b1161006d578063f2fde38b14610b1e578063f698da2514610b3d578063fca3b5aa14610bf0578063ffaf24d614610c0f575f5ffd5b8063dfb4b1fd14610a47578063e985e9c514610a7a578063eab64c4814610ae0578063f2cefb1314610aff575f5ffd5b8063c47f0027116100d8578063c47f0027146109cb578063c87b56dd146109ea578063cbab5c0b14610a09578063d7766e7914610a28575f5ffd5b8063b88d4fde1461092d578063b9ccbfe21461094c578063c053b021146109ac575f5ffd5b806392a459b111610168578063a22cb46511610143578063a22cb465146108bc578063aa1b103f146108db578063b45a3c0e146108ef578063b84c82461461090e575f5ffd5b806392a459b11461088057806395d89b41146108955780639b5bbe31146108a9575f5ffd5b80637b6420ed116101a35780637b6420ed146107f35780637fa8d258146108125780638a616bc0146108255780638da5cb5b14610844575f5ffd5b80636e303cad1461078c57806370a08231146107c0578063715018a6146107df575f5ffd5b8063318db497116102a95780634ed6aa96116102495780635944c753116102195780635944c753146107105780635ff99d331461072f5780636352211e1461074e578063664aa26b1461076d575f5ffd5b80634ed6aa96146106ab5780634f21b969146106be5780634f558e79146106dd5780635001f3b5146106fc575f5ffd5b806342842e0e1161028457806342842e0e1461062f57806342966c681461064e5780634bb9a4821461066d5780634cee68fb1461068c575f5ffd5b8063318db497146105a85780633c45ef7e146105bc57806340c10f1914610610575f5ffd5b80630a3cc989116103145780631ba3c6b9116102ef5780631ba3c6b91461050d5780631c006ebe1461052c57806323b872dd1461054b5780632a55205a1461056a575f5ffd5b80630a3cc9891461048f578063162094c4146104ae57806318160ddd146104cd575f5ffd5b8063075461721161034f57806307546172146103eb578063077f224a14610432578063081812fc14610451578063095ea7b314610470575f5ffd5b806301ffc9a71461037557806304634d8d146103a957806306fdde03146103ca575b5f5ffd5b348015610380575f5ffd5b5061039461038f366004613eac565b610c2e565b60405190151581526020015b60405180910390f35b3480156103b4575f5ffd5b506103c86103c3366004613ef8565b610d6d565b005b3480156103d5575f5ffd5b506103de610d83565b6040516103a09190613f57565b3480156103f6575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000545b6040516001600160a01b0390911681526020016103a0565b34801561043d575f5ffd5b506103c861044c366004613fa7565b610e35565b34801561045c575f5ffd5b5061041a61046b366004614027565b611040565b34801561047b575f5ffd5b506103c861048a36600461403e565b61107d565b34801561049a575f5ffd5b506103c86104a9366004614075565b6111e3565b3480156104b9575f5ffd5b506103c86104c8366004614096565b6111ed565b3480156104d8575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c5b6040519081526020016103a0565b348015610518575f5ffd5b506104ff610527366004614027565b611291565b348015610537575f5ffd5b506103c86105463660046140de565b611338565b348015610556575f5ffd5b506103c86105653660046140fe565b611762565b348015610575575f5ffd5b506105896105843660046140de565b611947565b604080516001600160a01b0390931683526020830191909152016103a0565b3480156105b3575f5ffd5b506104ff600181565b3480156105c7575f5ffd5b506104ff6105d6366004614027565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b34801561061b575f5ffd5b506103c861062a36600461403e565b611a3d565b34801561063a575f5ffd5b506103c86106493660046140fe565b611a78565b348015610659575f5ffd5b506103c8610668366004614027565b611a92565b348015610678575f5ffd5b506103c8610687366004614027565b611cc1565b348015610697575f5ffd5b506103c86106a636600461414f565b611cce565b3480156106b6575f5ffd5b5060016104ff565b3480156106c9575f5ffd5b506103946106d8366004614027565b611d15565b3480156106e8575f5ffd5b506103946106f7366004614027565b611d69565b348015610707575f5ffd5b506103de611dcb565b34801561071b575f5ffd5b506103c861072a366004614188565b611dfc565b34801561073a575f5ffd5b506104ff610749366004614027565b611e0f565b348015610759575f5ffd5b5061041a610768366004614027565b611e70565b348015610778575f5ffd5b506103c86107873660046141b8565b611e9b565b348015610797575f5ffd5b506107ab6107a6366004614027565b611f0e565b60405163ffffffff90911681526020016103a0565b3480156107cb575f5ffd5b506104ff6107da3660046141f7565b611f42565b3480156107ea575f5ffd5b506103c8611fbf565b3480156107fe575f5ffd5b506104ff61080d366004614210565b611fd2565b6103c861082036600461428c565b612109565b348015610830575f5ffd5b506103c861083f366004614027565b61218e565b34801561084f575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031661041a565b34801561088b575f5ffd5b506104ff6101f481565b3480156108a0575f5ffd5b506103de6121c5565b6103c86108b736600461431d565b6121f6565b3480156108c7575f5ffd5b506103c86108d636600461439f565b61226f565b3480156108e6575f5ffd5b506103c8612359565b3480156108fa575f5ffd5b50610394610909366004614027565b612389565b348015610919575f5ffd5b506103c86109283660046141b8565b6123d4565b348015610938575f5ffd5b506103c86109473660046143f4565b61243a565b348015610957575f5ffd5b506104ff610966366004614027565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b3480156109b7575f5ffd5b506103c86109c6366004614027565b612452565b3480156109d6575f5ffd5b506103c86109e53660046141b8565b61245d565b3480156109f5575f5ffd5b506103de610a04366004614027565b6124c3565b348015610a14575f5ffd5b506104ff610a233660046144d2565b612676565b348015610a33575f5ffd5b506103c8610a4236600461452f565b6126f1565b348015610a52575f5ffd5b506104ff7f800000000000000000000000000000000000000000000000000000000000000081565b348015610a85575f5ffd5b50610394610a94366004614550565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610aeb575f5ffd5b506104ff610afa366004614578565b612732565b348015610b0a575f5ffd5b506103c8610b19366004614075565b612774565b348015610b29575f5ffd5b506103c8610b383660046141f7565b6128a2565b348015610b48575f5ffd5b506104ff604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610bfb575f5ffd5b506103c8610c0a3660046141f7565b6128f5565b348015610c1a575f5ffd5b506103c8610c293660046145a8565b61298d565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610cc057507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610d0c57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610d5857507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610d675750610d6782612bc1565b92915050565b610d75612c57565b610d7f8282612ccb565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006002018054610db4906145fc565b80601f0160208091040260200160405190810160405280929190818152602001828054610de0906145fc565b8015610e2b5780601f10610e0257610100808354040283529160200191610e2b565b820191905f5260205f20905b815481529060010190602001808311610e0e57829003601f168201915b5050505050905090565b5f610e3e612ddf565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f81158015610e6a5750825b90505f8267ffffffffffffffff166001148015610e865750303b155b905081158015610e94575080155b15610ecb576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001660011785558315610f2c5784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b610f3586612e07565b610f3d612e18565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002610f8a8b8d83614691565b5060038101610f9a898b83614691565b506001600160a01b0387168082556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156110345784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061107681846110718282612e20565b612e95565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6110a98284612e20565b905080336001600160a01b038216148015906110ea57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b15611128576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b610d7f8282612f00565b6111f5612c57565b6112207fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84612e20565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b60205260409020611258828483614691565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006112e08487612e20565b16901c9050805f03611321576040517f05120e7d0000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113648285612e20565b90506001600160a01b03811633146113b1576040517f58a5e2220000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b8215806113bf57506101f483115b156113f9576040517fcfb761950000000000000000000000000000000000000000000000000000000081526004810184905260240161111f565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff1692820192909252929161146991614778565b67ffffffffffffffff169050808511156114c0576040517f67feff7800000000000000000000000000000000000000000000000000000000815260048101879052602481018290526044810186905260640161111f565b60018401545f90611503906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614798565b61150e906001614798565b9050826040015166ffffffffffffff165f036115a95760018501805460109061155c9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff166147ab565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff0000000000000000000000000000000091821617909155885460a08b901b018955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b8781101561175757828101600f82165f036116f2575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a4506001016116ca565b505050505050505050565b6001600160a01b0382166117a4576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6117d08284612e20565b905080336001600160a01b0382161480159061181157506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611830575033611824848685612e95565b6001600160a01b031614155b15611870576040517f177e802f0000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b856001600160a01b0316816001600160a01b0316146118d5576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b038088166004830152602482018690528216604482015260640161111f565b7f0200000000000000000000000000000000000000000000000000000000000000821615611932576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b61193f8382878786613051565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611a0557505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611a216bffffffffffffffffffffffff84168a6147e7565b611a2b91906147fe565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611a7381611a6b81613131565b85855f61317c565b505050565b611a7383838360405180602001604052805f81525061243a565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611abe8284612e20565b905080336001600160a01b03821614801590611aff57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611b1e575033611b12848685612e95565b6001600160a01b031614155b15611b5e576040517f177e802f0000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b7f0200000000000000000000000000000000000000000000000000000000000000821615611bbb576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b6001600160a01b0381165f908152600684016020526040902080545f1901905582547fffffffffffffffffffffffff0000000000000000000000000000000000000000018355611c848385847f010000000000000000000000000000000000000000000000000000000000000077ffffffff0000000000000000000000000000000000000000740100000000000000000000000000000000000000008301167fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff8316171761335f565b60405184905f906001600160a01b038416907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b611ccb815f612f00565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611d0481611cfc81613131565b86865f61317c565b611d0f818484613430565b50505050565b5f7f0400000000000000000000000000000000000000000000000000000000000000611d607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061121a565b16151592915050565b5f80611d967fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613524565b9050801580159061107657507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006004018054610db4906145fc565b611e04612c57565b611a738383836135f7565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604081208054611e5f9067ffffffffffffffff68010000000000000000820481169116614778565b67ffffffffffffffff169392505050565b5f610d677fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083612e20565b611ea3612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd004611ecf828483614691565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c91015b60405180910390a15050565b5f60a0611f3a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611d90565b901c92915050565b5f6001600160a01b038216611f85576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b611fc7612c57565b611fd05f61372c565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906120fd90610120015b60408051601f1981840301815282825280516020918201207f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f84527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf7049184019182527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692840192835246606085015230608085015260a08420611901855290915290526042601e9091012090565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61215c827f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078f8f8f8d8b6137b4565b905061216b82828b8b8961317c565b612176828985613430565b6121808688613964565b505050505050505050505050565b612196612c57565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006003018054610db4906145fc565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612249827fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068e8e8e8c8a6137b4565b905061225882828a8a8861317c565b6122628587613964565b5050505050505050505050565b6001600160a01b0382166122b1576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612361612c57565b611fd05f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f0200000000000000000000000000000000000000000000000000000000000000611d607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061121a565b6123dc612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd003612408828483614691565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b8282604051611f02929190614836565b612445848484611762565b611d0f3385858585613a43565b611ccb816001612f00565b612465612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002612491828483614691565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc8282604051611f02929190614836565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006124f08184612e20565b505f838152600b820160205260408120805461250b906145fc565b80601f0160208091040260200160405190810160405280929190818152602001828054612537906145fc565b80156125825780601f1061255957610100808354040283529160200191612582565b820191905f5260205f20905b81548152906001019060200180831161256557829003601f168201915b5050505050905080515f14612598579392505050565b5f8260040180546125a8906145fc565b80601f01602080910402602001604051908101604052809291908181526020018280546125d4906145fc565b801561261f5780601f106125f65761010080835404028352916020019161261f565b820191905f5260205f20905b81548152906001019060200180831161260257829003601f168201915b5050505050905080515f1461265d578061263886613bde565b60405160200161264992919061487b565b60405160208183030381529060405261266d565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f906126e6906101000161204f565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061271b81613131565b506127268184612e20565b50611a73818484613430565b5f61276c848460a06127647fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613524565b901c85613c7b565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6127a08285612e20565b9050336001600160a01b038216148015906127c5575081546001600160a01b03163314155b15612805576040517fddd5ec920000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b61286082858386612838577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff851661335f565b7f0400000000000000000000000000000000000000000000000000000000000000851761335f565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba84604051612894911515815260200190565b60405180910390a250505050565b6128aa612c57565b6001600160a01b0381166128ec576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b611ccb8161372c565b6128fd612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b0384811691908316907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a37fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03909216919091179055565b804211156129ca576040517f3d91b05f0000000000000000000000000000000000000000000000000000000081526004810182905260240161111f565b6001600160a01b038316612a0c576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612a388285612e20565b90507f0200000000000000000000000000000000000000000000000000000000000000811615612a97576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b60a081901c5f612ab4612aac88888589613c7b565b8b8b8b613cde565b84549091506001600160a01b0382161580612ae15750806001600160a01b0316826001600160a01b031614155b15612bb4576001600160a01b03821615801590612b03575063ffffffff831615155b8015612b4057506001600160a01b038116612b35612b2d8a8a612b2760018961488f565b8b613c7b565b8d8d8d613cde565b6001600160a01b0316145b15612b77576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b038316600482015260240161111f565b61226285858a8a88613051565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610d6757507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610d67565b33612c897f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b031614611fd0576040517f118cdaa700000000000000000000000000000000000000000000000000000000815233600482015260240161111f565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015612d4e576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff841660048201526024810182905260440161111f565b6001600160a01b038416612d90576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610d67565b612e0f613d16565b611ccb81613d54565b611fd0613d16565b5f612e2b8383613524565b9050801580612e5b57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610d67576040517f7e2732890000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c90911614612ef7575f61266d565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612f2c8285612e20565b9050336001600160a01b03821614612f79576040517f58a5e2220000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b8215157f02000000000000000000000000000000000000000000000000000000000000008216151503612fac5750505050565b612fda8285837f0200000000000000000000000000000000000000000000000000000000000000851861335f565b8215613018576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611d0f565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f18429060200160405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f19019055918516808252919020805460010190556130e9908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff000000000000000000000000000000000000000016171761335f565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b8054336001600160a01b03821614613177576040517f361c31f200000000000000000000000000000000000000000000000000000000815233600482015260240161111f565b919050565b6001600160a01b0383166131be576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7f8000000000000000000000000000000000000000000000000000000000000000821061321a576040517f63332a7c0000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b5f82815260058601602052604090205415613264576040517f8b474e540000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b8061327857826001600160a01b03166132a5565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005870160209081526040808320939093556001600160a01b038616808352600689019091528282208054600101905574010000000000000000000000000000000000000000870188559151849291907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a48015613358576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b5050505050565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611d0f57600183015f8181526005860160205260409020541580156133f1575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613358575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555050505050565b5f8281526009840160205260409020805467ffffffffffffffff68010000000000000000909104811690831610156134be5780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff90811660248301528316604482015260640161111f565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec324590602001612894565b5f8181526005830160205260409020548015801561356157507f800000000000000000000000000000000000000000000000000000000000000082115b80156135ad575060018301546135a9906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614798565b8211155b15610d6757815b5f19015f818152600585016020526040902054915081156135b457507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015613681576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff841660248201526044810182905260640161111f565b6001600160a01b0384166136ca576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f602482015260440161111f565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f814211156137f2576040517f3d91b05f0000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b823414613834576040517f0d35e9210000000000000000000000000000000000000000000000000000000081526004810184905234602482015260440161111f565b5087545f6138eb6138e36138488b8b613d5c565b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f81527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704602082019081527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692820192835246606083015230608083015260a08220611901835290529190526042601e9091012090565b888888613cde565b90506001600160a01b03811615806139155750816001600160a01b0316816001600160a01b031614155b15613957576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b038216600482015260240161111f565b5098975050505050505050565b805f0361396f575050565b6001600160a01b0382166139af576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f81146139f8576040519150601f19603f3d011682016040523d82523d5f602084013e6139fd565b606091505b5050905080611a73576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b038416600482015260240161111f565b6001600160a01b0383163b15613358576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a0290613a9e9088908890879087906004016148ab565b6020604051808303815f875af1925050508015613ad8575060408051601f3d908101601f19168201909252613ad5918101906148eb565b60015b613b58573d808015613b05576040519150601f19603f3d011682016040523d82523d5f602084013e613b0a565b606091505b5080515f03613b50576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b038516600482015260240161111f565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a02000000000000000000000000000000000000000000000000000000001461193f576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b038516600482015260240161111f565b60605f613bea83613d80565b60010190505f8167ffffffffffffffff811115613c0957613c096143c7565b6040519080825280601f01601f191660200182016040528015613c33576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a8504945084613c3d57509392505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f9061266d9060c00161204f565b5f60405185815260ff8516602082015283604082015282606082015260205f60808360015afa50505f513d6020140295945050505050565b613d1e613e61565b611fd0576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6128aa613d16565b5f6040518381528260051b606460208301378260051b602001812091505092915050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f0100000000000000008310613dc8577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310613df4576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc100008310613e1257662386f26fc10000830492506010015b6305f5e1008310613e2a576305f5e100830492506008015b6127108310613e3e57612710830492506004015b60648310613e50576064830492506002015b600a8310610d675760010192915050565b5f613e6a612ddf565b5468010000000000000000900460ff16919050565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611ccb575f5ffd5b5f60208284031215613ebc575f5ffd5b813561107681613e7f565b80356001600160a01b0381168114613177575f5ffd5b80356bffffffffffffffffffffffff81168114613177575f5ffd5b5f5f60408385031215613f09575f5ffd5b613f1283613ec7565b9150613f2060208401613edd565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110766020830184613f29565b5f5f83601f840112613f79575f5ffd5b50813567ffffffffffffffff811115613f90575f5ffd5b602083019150836020828501011115611a36575f5ffd5b5f5f5f5f5f60608688031215613fbb575f5ffd5b853567ffffffffffffffff811115613fd1575f5ffd5b613fdd88828901613f69565b909650945050602086013567ffffffffffffffff811115613ffc575f5ffd5b61400888828901613f69565b909450925061401b905060408701613ec7565b90509295509295909350565b5f60208284031215614037575f5ffd5b5035919050565b5f5f6040838503121561404f575f5ffd5b61405883613ec7565b946020939093013593505050565b80358015158114613177575f5ffd5b5f5f60408385031215614086575f5ffd5b82359150613f2060208401614066565b5f5f5f604084860312156140a8575f5ffd5b83359250602084013567ffffffffffffffff8111156140c5575f5ffd5b6140d186828701613f69565b9497909650939450505050565b5f5f604083850312156140ef575f5ffd5b50508035926020909101359150565b5f5f5f60608486031215614110575f5ffd5b61411984613ec7565b925061412760208501613ec7565b929592945050506040919091013590565b803567ffffffffffffffff81168114613177575f5ffd5b5f5f5f60608486031215614161575f5ffd5b61416a84613ec7565b92506020840135915061417f60408501614138565b90509250925092565b5f5f5f6060848603121561419a575f5ffd5b833592506141aa60208501613ec7565b915061417f60408501613edd565b5f5f602083850312156141c9575f5ffd5b823567ffffffffffffffff8111156141df575f5ffd5b6141eb85828601613f69565b90969095509350505050565b5f60208284031215614207575f5ffd5b61107682613ec7565b5f5f5f5f5f5f5f60e0888a031215614226575f5ffd5b61422f88613ec7565b9650602088013595506040880135945061424b60608901613ec7565b935061425960808901614066565b925060a0880135915061426e60c08901614138565b905092959891949750929550565b803560ff81168114613177575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d0312156142a6575f5ffd5b6142af8b61427c565b995060208b0135985060408b013597506142cb60608c01613ec7565b965060808b0135955060a08b013594506142e760c08c01613ec7565b93506142f560e08c01614066565b92506101008b0135915061430c6101208c01614138565b90509295989b9194979a5092959850565b5f5f5f5f5f5f5f5f5f6101208a8c031215614336575f5ffd5b61433f8a61427c565b985060208a0135975060408a0135965061435b60608b01613ec7565b955060808a0135945060a08a0135935061437760c08b01613ec7565b925061438560e08b01614066565b989b979a5095989497939692955090936101000135919050565b5f5f604083850312156143b0575f5ffd5b6143b983613ec7565b9150613f2060208401614066565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f60808587031215614407575f5ffd5b61441085613ec7565b935061441e60208601613ec7565b925060408501359150606085013567ffffffffffffffff811115614440575f5ffd5b8501601f81018713614450575f5ffd5b803567ffffffffffffffff81111561446a5761446a6143c7565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff8211171561449a5761449a6143c7565b6040528181528282016020018910156144b1575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c087890312156144e7575f5ffd5b6144f087613ec7565b9550602087013594506040870135935061450c60608801613ec7565b925061451a60808801614066565b9598949750929591949360a090920135925050565b5f5f60408385031215614540575f5ffd5b82359150613f2060208401614138565b5f5f60408385031215614561575f5ffd5b61456a83613ec7565b9150613f2060208401613ec7565b5f5f5f6060848603121561458a575f5ffd5b61459384613ec7565b95602085013595506040909401359392505050565b5f5f5f5f5f5f60c087890312156145bd575f5ffd5b6145c68761427c565b955060208701359450604087013593506145e260608801613ec7565b9598949750929560808101359460a0909101359350915050565b600181811c9082168061461057607f821691505b602082108103614647577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b601f821115611a7357805f5260205f20601f840160051c810160208510156146725750805b601f840160051c820191505b81811015613358575f815560010161467e565b67ffffffffffffffff8311156146a9576146a96143c7565b6146bd836146b783546145fc565b8361464d565b5f601f8411600181146146ee575f85156146d75750838201355b5f19600387901b1c1916600186901b178355613358565b5f83815260208120601f198716915b8281101561471d57868501358255602094850194600190920191016146fd565b5086821015614739575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610d6757610d6761474b565b80820180821115610d6757610d6761474b565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff81036147de576147de61474b565b60010192915050565b8082028115828204841417610d6757610d6761474b565b5f82614831577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f61276c6148898386614864565b84614864565b63ffffffff8281168282160390811115610d6757610d6761474b565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f6148e16080830184613f29565b9695505050505050565b5f602082840312156148fb575f5ffd5b815161107681613e7f56fea26469706673582212208d7f75b0082112ed9b9e1cec07bcaf8f7ec2a72e39ace0235482c558ae4a1a6764736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const nftCodeDeployedBytecode: `0x${string}` = '0x608060405260043610610371575f3560e01c80636e303cad116101c8578063b88d4fde116100fd578063dfb4b1fd1161009d578063f2fde38b1161006d578063f2fde38b14610b1e578063f698da2514610b3d578063fca3b5aa14610bf0578063ffaf24d614610c0f575f5ffd5b8063dfb4b1fd14610a47578063e985e9c514610a7a578063eab64c4814610ae0578063f2cefb1314610aff575f5ffd5b8063c47f0027116100d8578063c47f0027146109cb578063c87b56dd146109ea578063cbab5c0b14610a09578063d7766e7914610a28575f5ffd5b8063b88d4fde1461092d578063b9ccbfe21461094c578063c053b021146109ac575f5ffd5b806392a459b111610168578063a22cb46511610143578063a22cb465146108bc578063aa1b103f146108db578063b45a3c0e146108ef578063b84c82461461090e575f5ffd5b806392a459b11461088057806395d89b41146108955780639b5bbe31146108a9575f5ffd5b80637b6420ed116101a35780637b6420ed146107f35780637fa8d258146108125780638a616bc0146108255780638da5cb5b14610844575f5ffd5b80636e303cad1461078c57806370a08231146107c0578063715018a6146107df575f5ffd5b8063318db497116102a95780634ed6aa96116102495780635944c753116102195780635944c753146107105780635ff99d331461072f5780636352211e1461074e578063664aa26b1461076d575f5ffd5b80634ed6aa96146106ab5780634f21b969146106be5780634f558e79146106dd5780635001f3b5146106fc575f5ffd5b806342842e0e1161028457806342842e0e1461062f57806342966c681461064e5780634bb9a4821461066d5780634cee68fb1461068c575f5ffd5b8063318db497146105a85780633c45ef7e146105bc57806340c10f1914610610575f5ffd5b80630a3cc989116103145780631ba3c6b9116102ef5780631ba3c6b91461050d5780631c006ebe1461052c57806323b872dd1461054b5780632a55205a1461056a575f5ffd5b80630a3cc9891461048f578063162094c4146104ae57806318160ddd146104cd575f5ffd5b8063075461721161034f57806307546172146103eb578063077f224a14610432578063081812fc14610451578063095ea7b314610470575f5ffd5b806301ffc9a71461037557806304634d8d146103a957806306fdde03146103ca575b5f5ffd5b348015610380575f5ffd5b5061039461038f366004613eac565b610c2e565b60405190151581526020015b60405180910390f35b3480156103b4575f5ffd5b506103c86103c3366004613ef8565b610d6d565b005b3480156103d5575f5ffd5b506103de610d83565b6040516103a09190613f57565b3480156103f6575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000545b6040516001600160a01b0390911681526020016103a0565b34801561043d575f5ffd5b506103c861044c366004613fa7565b610e35565b34801561045c575f5ffd5b5061041a61046b366004614027565b611040565b34801561047b575f5ffd5b506103c861048a36600461403e565b61107d565b34801561049a575f5ffd5b506103c86104a9366004614075565b6111e3565b3480156104b9575f5ffd5b506103c86104c8366004614096565b6111ed565b3480156104d8575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c5b6040519081526020016103a0565b348015610518575f5ffd5b506104ff610527366004614027565b611291565b348015610537575f5ffd5b506103c86105463660046140de565b611338565b348015610556575f5ffd5b506103c86105653660046140fe565b611762565b348015610575575f5ffd5b506105896105843660046140de565b611947565b604080516001600160a01b0390931683526020830191909152016103a0565b3480156105b3575f5ffd5b506104ff600181565b3480156105c7575f5ffd5b506104ff6105d6366004614027565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b34801561061b575f5ffd5b506103c861062a36600461403e565b611a3d565b34801561063a575f5ffd5b506103c86106493660046140fe565b611a78565b348015610659575f5ffd5b506103c8610668366004614027565b611a92565b348015610678575f5ffd5b506103c8610687366004614027565b611cc1565b348015610697575f5ffd5b506103c86106a636600461414f565b611cce565b3480156106b6575f5ffd5b5060016104ff565b3480156106c9575f5ffd5b506103946106d8366004614027565b611d15565b3480156106e8575f5ffd5b506103946106f7366004614027565b611d69565b348015610707575f5ffd5b506103de611dcb565b34801561071b575f5ffd5b506103c861072a366004614188565b611dfc565b34801561073a575f5ffd5b506104ff610749366004614027565b611e0f565b348015610759575f5ffd5b5061041a610768366004614027565b611e70565b348015610778575f5ffd5b506103c86107873660046141b8565b611e9b565b348015610797575f5ffd5b506107ab6107a6366004614027565b611f0e565b60405163ffffffff90911681526020016103a0565b3480156107cb575f5ffd5b506104ff6107da3660046141f7565b611f42565b3480156107ea575f5ffd5b506103c8611fbf565b3480156107fe575f5ffd5b506104ff61080d366004614210565b611fd2565b6103c861082036600461428c565b612109565b348015610830575f5ffd5b506103c861083f366004614027565b61218e565b34801561084f575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031661041a565b34801561088b575f5ffd5b506104ff6101f481565b3480156108a0575f5ffd5b506103de6121c5565b6103c86108b736600461431d565b6121f6565b3480156108c7575f5ffd5b506103c86108d636600461439f565b61226f565b3480156108e6575f5ffd5b506103c8612359565b3480156108fa575f5ffd5b50610394610909366004614027565b612389565b348015610919575f5ffd5b506103c86109283660046141b8565b6123d4565b348015610938575f5ffd5b506103c86109473660046143f4565b61243a565b348015610957575f5ffd5b506104ff610966366004614027565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b3480156109b7575f5ffd5b506103c86109c6366004614027565b612452565b3480156109d6575f5ffd5b506103c86109e53660046141b8565b61245d565b3480156109f5575f5ffd5b506103de610a04366004614027565b6124c3565b348015610a14575f5ffd5b506104ff610a233660046144d2565b612676565b348015610a33575f5ffd5b506103c8610a4236600461452f565b6126f1565b348015610a52575f5ffd5b506104ff7f800000000000000000000000000000000000000000000000000000000000000081565b348015610a85575f5ffd5b50610394610a94366004614550565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610aeb575f5ffd5b506104ff610afa366004614578565b612732565b348015610b0a575f5ffd5b506103c8610b19366004614075565b612774565b348015610b29575f5ffd5b506103c8610b383660046141f7565b6128a2565b348015610b48575f5ffd5b506104ff604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610bfb575f5ffd5b506103c8610c0a3660046141f7565b6128f5565b348015610c1a575f5ffd5b506103c8610c293660046145a8565b61298d565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610cc057507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610d0c57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610d5857507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610d675750610d6782612bc1565b92915050565b610d75612c57565b610d7f8282612ccb565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006002018054610db4906145fc565b80601f0160208091040260200160405190810160405280929190818152602001828054610de0906145fc565b8015610e2b5780601f10610e0257610100808354040283529160200191610e2b565b820191905f5260205f20905b815481529060010190602001808311610e0e57829003601f168201915b5050505050905090565b5f610e3e612ddf565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f81158015610e6a5750825b90505f8267ffffffffffffffff166001148015610e865750303b155b905081158015610e94575080155b15610ecb576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001660011785558315610f2c5784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b610f3586612e07565b610f3d612e18565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002610f8a8b8d83614691565b5060038101610f9a898b83614691565b506001600160a01b0387168082556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156110345784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061107681846110718282612e20565b612e95565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6110a98284612e20565b905080336001600160a01b038216148015906110ea57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b15611128576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b610d7f8282612f00565b6111f5612c57565b6112207fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84612e20565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b60205260409020611258828483614691565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006112e08487612e20565b16901c9050805f03611321576040517f05120e7d0000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113648285612e20565b90506001600160a01b03811633146113b1576040517f58a5e2220000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b8215806113bf57506101f483115b156113f9576040517fcfb761950000000000000000000000000000000000000000000000000000000081526004810184905260240161111f565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff1692820192909252929161146991614778565b67ffffffffffffffff169050808511156114c0576040517f67feff7800000000000000000000000000000000000000000000000000000000815260048101879052602481018290526044810186905260640161111f565b60018401545f90611503906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614798565b61150e906001614798565b9050826040015166ffffffffffffff165f036115a95760018501805460109061155c9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff166147ab565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff0000000000000000000000000000000091821617909155885460a08b901b018955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b8781101561175757828101600f82165f036116f2575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a4506001016116ca565b505050505050505050565b6001600160a01b0382166117a4576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6117d08284612e20565b905080336001600160a01b0382161480159061181157506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611830575033611824848685612e95565b6001600160a01b031614155b15611870576040517f177e802f0000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b856001600160a01b0316816001600160a01b0316146118d5576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b038088166004830152602482018690528216604482015260640161111f565b7f0200000000000000000000000000000000000000000000000000000000000000821615611932576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b61193f8382878786613051565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611a0557505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611a216bffffffffffffffffffffffff84168a6147e7565b611a2b91906147fe565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611a7381611a6b81613131565b85855f61317c565b505050565b611a7383838360405180602001604052805f81525061243a565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611abe8284612e20565b905080336001600160a01b03821614801590611aff57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611b1e575033611b12848685612e95565b6001600160a01b031614155b15611b5e576040517f177e802f0000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b7f0200000000000000000000000000000000000000000000000000000000000000821615611bbb576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b6001600160a01b0381165f908152600684016020526040902080545f1901905582547fffffffffffffffffffffffff0000000000000000000000000000000000000000018355611c848385847f010000000000000000000000000000000000000000000000000000000000000077ffffffff0000000000000000000000000000000000000000740100000000000000000000000000000000000000008301167fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff8316171761335f565b60405184905f906001600160a01b038416907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b611ccb815f612f00565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611d0481611cfc81613131565b86865f61317c565b611d0f818484613430565b50505050565b5f7f0400000000000000000000000000000000000000000000000000000000000000611d607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061121a565b16151592915050565b5f80611d967fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613524565b9050801580159061107657507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006004018054610db4906145fc565b611e04612c57565b611a738383836135f7565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604081208054611e5f9067ffffffffffffffff68010000000000000000820481169116614778565b67ffffffffffffffff169392505050565b5f610d677fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083612e20565b611ea3612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd004611ecf828483614691565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c91015b60405180910390a15050565b5f60a0611f3a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611d90565b901c92915050565b5f6001600160a01b038216611f85576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b611fc7612c57565b611fd05f61372c565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906120fd90610120015b60408051601f1981840301815282825280516020918201207f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f84527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf7049184019182527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692840192835246606085015230608085015260a08420611901855290915290526042601e9091012090565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61215c827f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078f8f8f8d8b6137b4565b905061216b82828b8b8961317c565b612176828985613430565b6121808688613964565b505050505050505050505050565b612196612c57565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006003018054610db4906145fc565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612249827fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068e8e8e8c8a6137b4565b905061225882828a8a8861317c565b6122628587613964565b5050505050505050505050565b6001600160a01b0382166122b1576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612361612c57565b611fd05f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f0200000000000000000000000000000000000000000000000000000000000000611d607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061121a565b6123dc612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd003612408828483614691565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b8282604051611f02929190614836565b612445848484611762565b611d0f3385858585613a43565b611ccb816001612f00565b612465612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002612491828483614691565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc8282604051611f02929190614836565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006124f08184612e20565b505f838152600b820160205260408120805461250b906145fc565b80601f0160208091040260200160405190810160405280929190818152602001828054612537906145fc565b80156125825780601f1061255957610100808354040283529160200191612582565b820191905f5260205f20905b81548152906001019060200180831161256557829003601f168201915b5050505050905080515f14612598579392505050565b5f8260040180546125a8906145fc565b80601f01602080910402602001604051908101604052809291908181526020018280546125d4906145fc565b801561261f5780601f106125f65761010080835404028352916020019161261f565b820191905f5260205f20905b81548152906001019060200180831161260257829003601f168201915b5050505050905080515f1461265d578061263886613bde565b60405160200161264992919061487b565b60405160208183030381529060405261266d565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f906126e6906101000161204f565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061271b81613131565b506127268184612e20565b50611a73818484613430565b5f61276c848460a06127647fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613524565b901c85613c7b565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6127a08285612e20565b9050336001600160a01b038216148015906127c5575081546001600160a01b03163314155b15612805576040517fddd5ec920000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b61286082858386612838577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff851661335f565b7f0400000000000000000000000000000000000000000000000000000000000000851761335f565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba84604051612894911515815260200190565b60405180910390a250505050565b6128aa612c57565b6001600160a01b0381166128ec576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b611ccb8161372c565b6128fd612c57565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b0384811691908316907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a37fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03909216919091179055565b804211156129ca576040517f3d91b05f0000000000000000000000000000000000000000000000000000000081526004810182905260240161111f565b6001600160a01b038316612a0c576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612a388285612e20565b90507f0200000000000000000000000000000000000000000000000000000000000000811615612a97576040517f886574b20000000000000000000000000000000000000000000000000000000081526004810185905260240161111f565b60a081901c5f612ab4612aac88888589613c7b565b8b8b8b613cde565b84549091506001600160a01b0382161580612ae15750806001600160a01b0316826001600160a01b031614155b15612bb4576001600160a01b03821615801590612b03575063ffffffff831615155b8015612b4057506001600160a01b038116612b35612b2d8a8a612b2760018961488f565b8b613c7b565b8d8d8d613cde565b6001600160a01b0316145b15612b77576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b038316600482015260240161111f565b61226285858a8a88613051565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610d6757507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610d67565b33612c897f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b031614611fd0576040517f118cdaa700000000000000000000000000000000000000000000000000000000815233600482015260240161111f565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015612d4e576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff841660048201526024810182905260440161111f565b6001600160a01b038416612d90576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610d67565b612e0f613d16565b611ccb81613d54565b611fd0613d16565b5f612e2b8383613524565b9050801580612e5b57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610d67576040517f7e2732890000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c90911614612ef7575f61266d565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612f2c8285612e20565b9050336001600160a01b03821614612f79576040517f58a5e2220000000000000000000000000000000000000000000000000000000081523360048201526024810185905260440161111f565b8215157f02000000000000000000000000000000000000000000000000000000000000008216151503612fac5750505050565b612fda8285837f0200000000000000000000000000000000000000000000000000000000000000851861335f565b8215613018576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611d0f565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f18429060200160405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f19019055918516808252919020805460010190556130e9908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff000000000000000000000000000000000000000016171761335f565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b8054336001600160a01b03821614613177576040517f361c31f200000000000000000000000000000000000000000000000000000000815233600482015260240161111f565b919050565b6001600160a01b0383166131be576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f600482015260240161111f565b7f8000000000000000000000000000000000000000000000000000000000000000821061321a576040517f63332a7c0000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b5f82815260058601602052604090205415613264576040517f8b474e540000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b8061327857826001600160a01b03166132a5565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005870160209081526040808320939093556001600160a01b038616808352600689019091528282208054600101905574010000000000000000000000000000000000000000870188559151849291907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a48015613358576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b5050505050565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611d0f57600183015f8181526005860160205260409020541580156133f1575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613358575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555050505050565b5f8281526009840160205260409020805467ffffffffffffffff68010000000000000000909104811690831610156134be5780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff90811660248301528316604482015260640161111f565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec324590602001612894565b5f8181526005830160205260409020548015801561356157507f800000000000000000000000000000000000000000000000000000000000000082115b80156135ad575060018301546135a9906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614798565b8211155b15610d6757815b5f19015f818152600585016020526040902054915081156135b457507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015613681576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff841660248201526044810182905260640161111f565b6001600160a01b0384166136ca576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f602482015260440161111f565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f814211156137f2576040517f3d91b05f0000000000000000000000000000000000000000000000000000000081526004810183905260240161111f565b823414613834576040517f0d35e9210000000000000000000000000000000000000000000000000000000081526004810184905234602482015260440161111f565b5087545f6138eb6138e36138488b8b613d5c565b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f81527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704602082019081527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692820192835246606083015230608083015260a08220611901835290529190526042601e9091012090565b888888613cde565b90506001600160a01b03811615806139155750816001600160a01b0316816001600160a01b031614155b15613957576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b038216600482015260240161111f565b5098975050505050505050565b805f0361396f575050565b6001600160a01b0382166139af576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f81146139f8576040519150601f19603f3d011682016040523d82523d5f602084013e6139fd565b606091505b5050905080611a73576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b038416600482015260240161111f565b6001600160a01b0383163b15613358576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a0290613a9e9088908890879087906004016148ab565b6020604051808303815f875af1925050508015613ad8575060408051601f3d908101601f19168201909252613ad5918101906148eb565b60015b613b58573d808015613b05576040519150601f19603f3d011682016040523d82523d5f602084013e613b0a565b606091505b5080515f03613b50576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b038516600482015260240161111f565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a02000000000000000000000000000000000000000000000000000000001461193f576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b038516600482015260240161111f565b60605f613bea83613d80565b60010190505f8167ffffffffffffffff811115613c0957613c096143c7565b6040519080825280601f01601f191660200182016040528015613c33576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a8504945084613c3d57509392505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f9061266d9060c00161204f565b5f60405185815260ff8516602082015283604082015282606082015260205f60808360015afa50505f513d6020140295945050505050565b613d1e613e61565b611fd0576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6128aa613d16565b5f6040518381528260051b606460208301378260051b602001812091505092915050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f0100000000000000008310613dc8577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310613df4576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc100008310613e1257662386f26fc10000830492506010015b6305f5e1008310613e2a576305f5e100830492506008015b6127108310613e3e57612710830492506004015b60648310613e50576064830492506002015b600a8310610d675760010192915050565b5f613e6a612ddf565b5468010000000000000000900460ff16919050565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611ccb575f5ffd5b5f60208284031215613ebc575f5ffd5b813561107681613e7f565b80356001600160a01b0381168114613177575f5ffd5b80356bffffffffffffffffffffffff81168114613177575f5ffd5b5f5f60408385031215613f09575f5ffd5b613f1283613ec7565b9150613f2060208401613edd565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110766020830184613f29565b5f5f83601f840112613f79575f5ffd5b50813567ffffffffffffffff811115613f90575f5ffd5b602083019150836020828501011115611a36575f5ffd5b5f5f5f5f5f60608688031215613fbb575f5ffd5b853567ffffffffffffffff811115613fd1575f5ffd5b613fdd88828901613f69565b909650945050602086013567ffffffffffffffff811115613ffc575f5ffd5b61400888828901613f69565b909450925061401b905060408701613ec7565b90509295509295909350565b5f60208284031215614037575f5ffd5b5035919050565b5f5f6040838503121561404f575f5ffd5b61405883613ec7565b946020939093013593505050565b80358015158114613177575f5ffd5b5f5f60408385031215614086575f5ffd5b82359150613f2060208401614066565b5f5f5f604084860312156140a8575f5ffd5b83359250602084013567ffffffffffffffff8111156140c5575f5ffd5b6140d186828701613f69565b9497909650939450505050565b5f5f604083850312156140ef575f5ffd5b50508035926020909101359150565b5f5f5f60608486031215614110575f5ffd5b61411984613ec7565b925061412760208501613ec7565b929592945050506040919091013590565b803567ffffffffffffffff81168114613177575f5ffd5b5f5f5f60608486031215614161575f5ffd5b61416a84613ec7565b92506020840135915061417f60408501614138565b90509250925092565b5f5f5f6060848603121561419a575f5ffd5b833592506141aa60208501613ec7565b915061417f60408501613edd565b5f5f602083850312156141c9575f5ffd5b823567ffffffffffffffff8111156141df575f5ffd5b6141eb85828601613f69565b90969095509350505050565b5f60208284031215614207575f5ffd5b61107682613ec7565b5f5f5f5f5f5f5f60e0888a031215614226575f5ffd5b61422f88613ec7565b9650602088013595506040880135945061424b60608901613ec7565b935061425960808901614066565b925060a0880135915061426e60c08901614138565b905092959891949750929550565b803560ff81168114613177575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d0312156142a6575f5ffd5b6142af8b61427c565b995060208b0135985060408b013597506142cb60608c01613ec7565b965060808b0135955060a08b013594506142e760c08c01613ec7565b93506142f560e08c01614066565b92506101008b0135915061430c6101208c01614138565b90509295989b9194979a5092959850565b5f5f5f5f5f5f5f5f5f6101208a8c031215614336575f5ffd5b61433f8a61427c565b985060208a0135975060408a0135965061435b60608b01613ec7565b955060808a0135945060a08a0135935061437760c08b01613ec7565b925061438560e08b01614066565b989b979a5095989497939692955090936101000135919050565b5f5f604083850312156143b0575f5ffd5b6143b983613ec7565b9150613f2060208401614066565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f60808587031215614407575f5ffd5b61441085613ec7565b935061441e60208601613ec7565b925060408501359150606085013567ffffffffffffffff811115614440575f5ffd5b8501601f81018713614450575f5ffd5b803567ffffffffffffffff81111561446a5761446a6143c7565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff8211171561449a5761449a6143c7565b6040528181528282016020018910156144b1575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c087890312156144e7575f5ffd5b6144f087613ec7565b9550602087013594506040870135935061450c60608801613ec7565b925061451a60808801614066565b9598949750929591949360a090920135925050565b5f5f60408385031215614540575f5ffd5b82359150613f2060208401614138565b5f5f60408385031215614561575f5ffd5b61456a83613ec7565b9150613f2060208401613ec7565b5f5f5f6060848603121561458a575f5ffd5b61459384613ec7565b95602085013595506040909401359392505050565b5f5f5f5f5f5f60c087890312156145bd575f5ffd5b6145c68761427c565b955060208701359450604087013593506145e260608801613ec7565b9598949750929560808101359460a0909101359350915050565b600181811c9082168061461057607f821691505b602082108103614647577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b601f821115611a7357805f5260205f20601f840160051c810160208510156146725750805b601f840160051c820191505b81811015613358575f815560010161467e565b67ffffffffffffffff8311156146a9576146a96143c7565b6146bd836146b783546145fc565b8361464d565b5f601f8411600181146146ee575f85156146d75750838201355b5f19600387901b1c1916600186901b178355613358565b5f83815260208120601f198716915b8281101561471d57868501358255602094850194600190920191016146fd565b5086821015614739575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610d6757610d6761474b565b80820180821115610d6757610d6761474b565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff81036147de576147de61474b565b60010192915050565b8082028115828204841417610d6757610d6761474b565b5f82614831577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f61276c6148898386614864565b84614864565b63ffffffff8281168282160390811115610d6757610d6761474b565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f6148e16080830184613f29565b9695505050505050565b5f602082840312156148fb575f5ffd5b815161107681613e7f56fea26469706673582212208d7f75b0082112ed9b9e1cec07bcaf8f7ec2a72e39ace0235482c558ae4a1a6764736f6c634300081c0033';
